// Issues a password link (recovery, or the first password of an account enrolled without one): a random nonce
// stored only as a hash, its HMAC in the link, one hour, superseding the account's older links.
import { RECOVERY_LINK_TTL_MS } from '@portal/contracts/constants';
import type { Language } from '@portal/contracts/enums';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../platform/db.ts';
import { programPageUrl } from '../../platform/mail/render.ts';
import { issueSignedNonce } from '../../platform/crypto.ts';
import { insertReset, supersedeResets } from './repository.ts';

export async function issuePasswordLink(
  tx: Executor,
  options: {
    userId: string;
    programSlug: string;
    language: Language;
    now: Date;
    config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  },
): Promise<string> {
  const { userId, programSlug, language, now, config } = options;
  const { nonce, signature, nonceHash } = issueSignedNonce(config.signingKeys, 'recovery-link');
  // Built from configuration, never from the Host header.
  const link = programPageUrl(config.PUBLIC_URL, programSlug, language, '/password/recover');
  link.searchParams.set('n', nonce);
  link.searchParams.set('s', signature);
  await supersedeResets(tx, userId, now);
  await insertReset(tx, { userId, nonceHash, expiresAt: new Date(now.getTime() + RECOVERY_LINK_TTL_MS), now });
  return link.toString();
}
