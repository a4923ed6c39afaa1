// 'Not {firstName}? Log out here': shown on every page while a patient is signed in.
import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { useSession } from '../../../lib/session-hooks.ts';
import { useT } from '../../../program/use-t.ts';
import { useSignedInUser } from '../../../lib/signed-in-user.ts';

export function LoggedInRibbon({ logoutHref }: { logoutHref: string }) {
  const t = useT();
  const intl = useIntl();
  const session = useSession();
  const user = useSignedInUser();
  if (!session || !user) return null;
  const logoutLink = (
    <Link key="logout" className="ribbon__link" to={logoutHref}>
      {t('ribbon.logoutLink')}
    </Link>
  );
  return (
    <div className="ribbon">
      <p>{intl.formatMessage({ id: 'ribbon.notYou' }, { firstName: user.firstName, logout: logoutLink })}</p>
    </div>
  );
}
