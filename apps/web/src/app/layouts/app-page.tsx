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

type AppPageProps = Omit<PageFrameProps, 'banner' | 'help'>;

export function AppPage(props: AppPageProps) {
  const { language } = useLanguage();
  const session = useSession();
  // The one ['user'] query the screens read, as the screen's providers give it: no extra request.
  const user = useSignedInUser();
  return (
    <PageFrame
      {...props}
      help={session ? { kind: 'patient', country: user?.country } : { kind: 'visitor' }}
      banner={<LoggedInRibbon logoutHref={pathInLanguage(language, paths.logout)} />}
    />
  );
}
