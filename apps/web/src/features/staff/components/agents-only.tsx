// The patients' screens are for the program's agents and nurses (decision 074): a manager or an admin who reaches
// one by its address is told so at once, with the way home, rather than meeting the server's refusal at the search.
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

/** Whether the member may find and open this program's patients: an agent or a nurse of it. */
export function opensRecordsIn(me: StaffMe, slug: string): boolean {
  return (
    me.programs.find((one) => one.slug === slug)?.roles.some((role) => role === 'agent' || role === 'nurse') ?? false
  );
}

export function AgentsOnly({ homeHref, children }: { homeHref: string; children: ReactNode }) {
  const t = useT();
  const { program } = useProgram();
  const me = useQuery(staffMeQuery());
  // Loading, or failed (the screen's own calls say why): the screen itself, which the server guards as well.
  if (!me.data || opensRecordsIn(me.data, program.slug)) return <>{children}</>;
  return (
    <section className="staff-step stack" aria-labelledby="staff-agents-only">
      <StepHeading id="staff-agents-only">{t('staff.records.notForRole.title')}</StepHeading>
      <FormAlert tone="info">{t('staff.records.notForRole.body')}</FormAlert>
      <div className="actions">
        <Link className="button button--ghost" to={homeHref}>
          {t('staff.records.notForRole.home')}
        </Link>
      </div>
    </section>
  );
}
