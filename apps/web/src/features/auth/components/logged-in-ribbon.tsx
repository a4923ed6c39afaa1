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
  if (!session) return null;
  // Signed in and the profile not read yet: the ribbon's place is kept, so that nothing moves down when it comes.
  if (!user) return <div className="ribbon ribbon--pending" aria-hidden="true" />;
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
