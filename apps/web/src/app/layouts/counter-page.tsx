// The pharmacy counter's frame (decision 060): the program's header without the patient's navigation, ribbon or
// session (a counter has none), its brand leading back to the counter, and the call-center phones of every country.
import { PageFrame, type PageFrameProps } from '../../components/layouts/page-frame.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';

type CounterPageProps = Pick<PageFrameProps, 'title' | 'lead' | 'children'>;

export function CounterPage(props: CounterPageProps) {
  const { language } = useLanguage();
  return (
    <PageFrame
      {...props}
      showNavigation={false}
      help={{ kind: 'visitor' }}
      brandHref={pathInLanguage(language, paths.pharmacy)}
    />
  );
}
