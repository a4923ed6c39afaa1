// The staff console's frame (decision 072): the program's header without the patient's navigation, ribbon or
// session, its brand leading to the console's home; wide enough for a desk (1366 px), still whole at 768 px.
import type { ReactNode } from 'react';
import { PageFrame } from '../../components/layouts/page-frame.tsx';
import '../../features/staff/components/staff-console.css';

export function StaffPage({ title, homeHref, children }: { title: string; homeHref: string; children: ReactNode }) {
  return (
    <PageFrame title={title} showNavigation={false} help={{ kind: 'visitor' }} brandHref={homeHref}>
      <div className="staff-console">{children}</div>
    </PageFrame>
  );
}
