// What the new-password screen says besides its form: the password saved, or a link that can no longer be used.
import { Link } from 'react-aria-components';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';

export function PasswordSaved() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <div className="card card--narrow stack" role="status">
      <p>{t('passwordRecovery.success.body')}</p>
      <Link className="button button--primary" href={pathInLanguage(language, paths.login)}>
        {t('passwordRecovery.success.action')}
      </Link>
    </div>
  );
}

export type LinkRefusal = 'USED' | 'SUPERSEDED' | 'EXPIRED';

/** Why the server refused a link (RECOVERY_LINK_EXPIRED's details.reason), EXPIRED when it does not say. */
export function linkRefusalOf(error: unknown): LinkRefusal {
  const reason = error instanceof ApiError ? error.error?.details?.reason : undefined;
  return reason === 'USED' || reason === 'SUPERSEDED' ? reason : 'EXPIRED';
}

const REFUSAL_KEYS: Record<LinkRefusal, string> = {
  USED: 'passwordRecovery.invalidLink.used',
  SUPERSEDED: 'passwordRecovery.invalidLink.superseded',
  EXPIRED: 'passwordRecovery.invalidLink.body',
};

/** A link that can no longer be used says why (used, replaced by a newer one, expired) and offers the way on. */
export function InvalidLink({ reason = 'EXPIRED' }: { reason?: LinkRefusal }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <div className="card card--narrow stack">
      <p>{t(REFUSAL_KEYS[reason])}</p>
      {reason === 'USED' ? (
        <Link className="button button--primary" href={pathInLanguage(language, paths.login)}>
          {t('passwordRecovery.invalidLink.login')}
        </Link>
      ) : null}
      <Link
        className={`button ${reason === 'USED' ? 'button--ghost' : 'button--primary'}`}
        href={pathInLanguage(language, paths.passwordForgot)}
      >
        {t('passwordRecovery.invalidLink.action')}
      </Link>
    </div>
  );
}
