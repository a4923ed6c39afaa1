// Every screen's frame: the shared page frame plus what the app knows about the patient (the logged-in
// ribbon of the auth feature, and the patient's country for the call-center phones).
//
//   <AppPage title={t('pages.treatments.title')} actions={<Link ...>Add</Link>} back={{ href, label }}>
//     <QueryRegion query={treatments}>{(list) => ...}</QueryRegion>
//   </AppPage>
import { PageFrame, type PageFrameProps } from '../../components/layouts/page-frame.tsx';
import { useSignedInUser } from '../../lib/signed-in-user.ts';
import { LoggedInRibbon } from '../../features/auth/components/logged-in-ribbon.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session-hooks.ts';

type AppPageProps = Omit<PageFrameProps, 'banner' | 'help'> & {
  /**
   * A screen for visitors only (the login): no navigation, no ribbon and a visitor's help, also in the moment between
   * the session's start and the next screen, so that nothing appears on it and moves it down (issue 38, item 7).
   */
  isForVisitors?: boolean;
};

export function AppPage({ isForVisitors = false, ...props }: AppPageProps) {
  const { language } = useLanguage();
  const session = useSession();
  // The one ['user'] query the screens read, as the screen's providers give it: no extra request.
  const user = useSignedInUser();
  if (isForVisitors) return <PageFrame {...props} showNavigation={false} help={{ kind: 'visitor' }} />;
  return (
    <PageFrame
      {...props}
      help={session ? { kind: 'patient', country: user?.country } : { kind: 'visitor' }}
      banner={<LoggedInRibbon logoutHref={pathInLanguage(language, paths.logout)} />}
    />
  );
}
