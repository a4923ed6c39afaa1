// The figures (decision 081) are for the program's managers: anyone else who reaches one by its address is told
// so at once, with the way home, rather than meeting the server's refusal.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { StaffMeResponseSchema } from '@portal/contracts/staff';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { staffMeQuery } from '../api/staff-api.ts';
import { StepHeading } from './step-heading.tsx';

type StaffMe = z.infer<typeof StaffMeResponseSchema>['data'];

/** Whether the member is a manager of this program: the program's figures. */
export function manages(me: StaffMe, slug: string): boolean {
  return me.programs.find((one) => one.slug === slug)?.roles.includes('manager') ?? false;
}

export function ManagersOnly({ homeHref, children }: { homeHref: string; children: ReactNode }) {
  const t = useT();
  const { program } = useProgram();
  const me = useQuery(staffMeQuery());
  // Loading, or failed (the screen's own calls say why): the screen itself, which the server guards as well.
  if (!me.data || manages(me.data, program.slug)) return <>{children}</>;
  return (
    <section className="staff-step stack" aria-labelledby="staff-managers-only">
      <StepHeading id="staff-managers-only">{t('staff.figures.notForRole.title')}</StepHeading>
      <FormAlert tone="info">{t('staff.figures.notForRole.body')}</FormAlert>
      <div className="actions">
        <Link className="button button--ghost" to={homeHref}>
          {t('staff.figures.notForRole.home')}
        </Link>
      </div>
    </section>
  );
}
