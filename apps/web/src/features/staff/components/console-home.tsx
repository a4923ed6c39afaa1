// The console's home (decision 072): the member's name, the programs they work on with their roles, a switch to
// another program's console (on that program's host), the screens of the member's roles (an agent's search, an
// admin's staff and pharmacies, decision 077), and log out.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { logOut, staffMeQuery } from '../api/staff-api.ts';
import { ROLE_KEYS } from './admin-format.ts';
import { administers } from './admins-only.tsx';
import { manages } from './managers-only.tsx';
import { opensRecordsIn } from './agents-only.tsx';
import { programOriginOf } from '../program-origin.ts';
import { StepHeading } from './step-heading.tsx';

interface Props {
  /** The console's path in the page's language (`/staff` or `/en/staff`), the same on every program's host. */
  consolePath: string;
  /** The search for a patient, in the page's language: shown to this program's agents and nurses only. */
  patientsHref: string;
  /** The outreach list (decision 080), in the page's language: for this program's agents and nurses too. */
  outreachHref: string;
  /** The program's figures (decision 081), in the page's language: shown to this program's managers only. */
  figuresHref: string;
  /** The admin's screens, in the page's language: shown to this program's admins only. */
  membersHref: string;
  pharmaciesHref: string;
  /** Recovery codes left, when the login just spent one. */
  recoveryCodesLeft?: number;
  onLoggedOut: () => void;
}

export function ConsoleHome({
  consolePath,
  patientsHref,
  outreachHref,
  figuresHref,
  membersHref,
  pharmaciesHref,
  recoveryCodesLeft,
  onLoggedOut,
}: Props) {
  const t = useT();
  const { program } = useProgram();
  const me = useQuery(staffMeQuery());
  const logOutButton = (
    <PendingButton
      variant="ghost"
      pendingLabel={t('staff.home.loggingOut')}
      onPress={async () => {
        await logOut();
        onLoggedOut();
      }}
    >
      {t('staff.home.logout')}
    </PendingButton>
  );

  if (me.isPending) return <p role="status">{t('common.loading')}</p>;
  if (me.isError)
    return (
      <section className="staff-step" aria-labelledby="staff-home-title">
        <StepHeading id="staff-home-title">{t('staff.home.title')}</StepHeading>
        <FormAlert tone="error">
          {t(
            me.error instanceof ApiError && me.error.code === 'FORBIDDEN'
              ? 'staff.home.notThisProgram'
              : errorKeyOf(me.error),
          )}
        </FormAlert>
        <div className="actions">{logOutButton}</div>
      </section>
    );

  const { firstName, lastName, email, programs } = me.data;
  const others = programs
    .filter((one) => one.slug !== program.slug)
    .map((one) => ({ ...one, origin: programOriginOf(window.location, program.slug, one.slug) }))
    .filter((one): one is typeof one & { origin: string } => one.origin !== undefined);
  return (
    <section className="staff-step" aria-labelledby="staff-home-title">
      <div className="staff-home__top">
        <StepHeading id="staff-home-title">{t('staff.home.greeting', { name: firstName })}</StepHeading>
        {logOutButton}
      </div>
      <p>{t('staff.home.signedInAs', { name: `${firstName} ${lastName}`, address: email })}</p>
      {recoveryCodesLeft !== undefined ? (
        <FormAlert tone="info" focusOnShow={false}>
          {t('staff.home.recoveryCodesLeft', { count: recoveryCodesLeft })}
        </FormAlert>
      ) : null}
      {opensRecordsIn(me.data, program.slug) ? (
        <nav aria-label={t('staff.home.work.label')} className="staff-home__admin">
          <Link className="button" to={patientsHref}>
            {t('staff.home.work.patients')}
          </Link>
          <Link className="button button--ghost" to={outreachHref}>
            {t('staff.home.work.outreach')}
          </Link>
        </nav>
      ) : null}
      {manages(me.data, program.slug) ? (
        <nav aria-label={t('staff.home.manager.label')} className="staff-home__admin">
          <Link className="button" to={figuresHref}>
            {t('staff.home.manager.figures')}
          </Link>
        </nav>
      ) : null}
      {administers(me.data, program.slug) ? (
        <nav aria-label={t('staff.home.admin.label')} className="staff-home__admin">
          <Link className="button button--ghost" to={membersHref}>
            {t('staff.home.admin.members')}
          </Link>
          <Link className="button button--ghost" to={pharmaciesHref}>
            {t('staff.home.admin.pharmacies')}
          </Link>
        </nav>
      ) : null}
      <h3>{t('staff.home.programs.title')}</h3>
      <ul className="staff-programs">
        {programs.map((one) => (
          <li
            key={one.slug}
            className="staff-programs__item"
            aria-current={one.slug === program.slug ? 'true' : undefined}
          >
            <span className="staff-programs__name">
              {one.name}
              {one.slug === program.slug ? ` (${t('staff.home.programs.current')})` : ''}
            </span>
            <span className="staff-programs__roles">{one.roles.map((role) => t(ROLE_KEYS[role])).join(', ')}</span>
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <nav aria-label={t('staff.home.switch.label')}>
          <h3>{t('staff.home.switch.title')}</h3>
          <p>{t('staff.home.switch.lead')}</p>
          <ul className="staff-switch">
            {others.map((one) => (
              <li key={one.slug}>
                <a className="button button--ghost" href={`${one.origin}${consolePath}`}>
                  {t('staff.home.switch.to', { program: one.name })}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
