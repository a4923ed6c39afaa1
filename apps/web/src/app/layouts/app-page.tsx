// Every screen's frame: the shared page frame plus the logged-in ribbon of the auth feature.
import type { ReactNode } from 'react';
import { PageFrame } from '../../components/layouts/page-frame.tsx';
import { LoggedInRibbon } from '../../features/auth/components/logged-in-ribbon.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';

export function AppPage({ title, children }: { title: string; children?: ReactNode }) {
  const { language } = useLanguage();
  return (
    <PageFrame title={title} banner={<LoggedInRibbon logoutHref={pathInLanguage(language, paths.logout)} />}>
      {children}
    </PageFrame>
  );
}
