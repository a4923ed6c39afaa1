// 'Not {firstName}? Log out here': shown on every page while a patient is signed in.
import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { useSession } from '../../../lib/session-hooks.ts';
import { useT } from '../../../program/use-t.ts';
import { useUser } from '../../../lib/user.ts';

export function LoggedInRibbon({ logoutHref }: { logoutHref: string }) {
  const t = useT();
  const intl = useIntl();
  const session = useSession();
  const user = useUser();
  if (!session || !user.data) return null;
  const logoutLink = (
    <Link key="logout" className="ribbon__link" to={logoutHref}>
      {t('ribbon.logoutLink')}
    </Link>
  );
  return (
    <div className="ribbon">
      <p>{intl.formatMessage({ id: 'ribbon.notYou' }, { firstName: user.data.firstName, logout: logoutLink })}</p>
    </div>
  );
}
