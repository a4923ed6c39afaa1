// What the new-password screen says besides its form: the password saved, or a link that can no longer be used.
import { Link } from 'react-aria-components';
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

export function InvalidLink() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <div className="card card--narrow stack">
      <p>{t('passwordRecovery.invalidLink.body')}</p>
      <Link className="button button--primary" href={pathInLanguage(language, paths.passwordForgot)}>
        {t('passwordRecovery.invalidLink.action')}
      </Link>
    </div>
  );
}
