// The coupon link the call center sends (decision 047): /{lang}/coupon?pp&sp&gb&iumb&e&s on the program's host. The
// signature is an HMAC, with the `coupon-link` purpose's key, over the program and every parameter of the link, so
// that no id, the expiry or the program can be changed without the link failing.
import type { Language } from '@portal/contracts/enums';
import type { AppConfig } from '../../config.ts';
import type { SigningKeys } from '../../platform/crypto.ts';
import { programPageUrl } from '../../platform/mail/render.ts';

/** The web page of the link (public, both languages). */
export const COUPON_PAGE_PATH = '/coupon';

/** What a coupon link names: the ids of its parameters and, not in the link but signed, its program. */
export interface CouponLinkIds {
  programId: number;
  /** pp */
  patientPlanId: number;
  /** sp */
  supportPlanId: number;
  /** gb */
  benefitId: number;
  /** iumb */
  staffUserId: number;
  /** e: seconds since the epoch */
  expiresAt: number;
}

/** The signed text: a versioned, fixed order of decimal integers, so that no two links sign the same text. */
function signedTextOf(ids: CouponLinkIds): string {
  return [
    'coupon-link/1',
    ids.programId,
    ids.supportPlanId,
    ids.patientPlanId,
    ids.benefitId,
    ids.staffUserId,
    ids.expiresAt,
  ].join(':');
}

export function couponSignature(keys: SigningKeys, ids: CouponLinkIds): string {
  return keys.sign('coupon-link', signedTextOf(ids));
}

/** Whether `signature` signs these ids for this program (constant-time comparison). */
export function isCouponSignature(keys: SigningKeys, ids: CouponLinkIds, signature: string): boolean {
  return keys.verify('coupon-link', signedTextOf(ids), signature);
}

/** The link, built from configuration (PUBLIC_URL and the program's host), never from a request's Host header. */
export function couponLinkUrl(
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>,
  programSlug: string,
  language: Language,
  ids: CouponLinkIds,
): string {
  const link = programPageUrl(config.PUBLIC_URL, programSlug, language, COUPON_PAGE_PATH);
  link.searchParams.set('pp', String(ids.patientPlanId));
  link.searchParams.set('sp', String(ids.supportPlanId));
  link.searchParams.set('gb', String(ids.benefitId));
  link.searchParams.set('iumb', String(ids.staffUserId));
  link.searchParams.set('e', String(ids.expiresAt));
  link.searchParams.set('s', couponSignature(config.signingKeys, ids));
  return link.toString();
}
