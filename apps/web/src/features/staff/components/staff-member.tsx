// One staff member of the admin's programs (decision 077): their roles there (saved at once), disabling the account
// and resetting the second factor (each asked first; the new set-up link is shown once), and their latest access-log
// entries with the identifications masked.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
import { STAFF_ADMIN_LOG_LIMIT } from '@portal/contracts/staff-admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import {
  disableMember,
  enableMember,
  memberLogQuery,
  membersQuery,
  resetSecondFactor,
  setRoles,
  type StaffMember,
} from '../api/admin-api.ts';
import { staffMeQuery } from '../api/staff-api.ts';
import { REASON_KEYS } from '../record-format.ts';
import { ACCESS_KIND_KEYS, dateTimeIn, memberName, STATUS_KEYS } from './admin-format.ts';
import { choicesOf, RolesFieldset, rolesOf, type RoleChoices } from './roles-fieldset.tsx';
import { ShownOnce } from './shown-once.tsx';
import { StepHeading } from './step-heading.tsx';

interface Props {
  memberId: string;
  membersHref: string;
}

function RolesForm({
  member,
  programs,
  onSaved,
}: {
  member: StaffMember;
  programs: readonly { slug: string; name: string }[];
  onSaved: (stillOurs: boolean) => Promise<void>;
}) {
  const t = useT();
  const [note, setNote] = useState<{ tone: 'success' | 'error'; key: string }>();
  const { control, handleSubmit, setError, clearErrors, formState } = useForm<{ roles: RoleChoices }>({
    defaultValues: { roles: choicesOf(member.roles) },
  });
  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    setNote(undefined);
    try {
      const saved = await setRoles(member.id, { roles: rolesOf(values.roles) });
      setNote({
        tone: 'success',
        key: saved.member ? 'staff.admin.member.roles.saved' : 'staff.admin.member.roles.left',
      });
      await onSaved(saved.member !== null);
    } catch (error) {
      const key = errorKeyOf(error);
      if (key.startsWith('staff.admin.roles') || key === 'staff.errors.selfRefused')
        setError('roles', { message: key });
      else setNote({ tone: 'error', key });
    }
  });
  return (
    <section className="staff-panel stack" aria-labelledby="staff-member-roles">
      <h3 id="staff-member-roles">{t('staff.admin.member.roles.title')}</h3>
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
        <RolesFieldset
          control={control}
          programs={programs}
          error={(formState.errors.roles as { message?: string } | undefined)?.message}
          idPrefix="staff-member"
        />
        <div className="actions">
          <PendingButton
            type="submit"
            isPending={formState.isSubmitting}
            pendingLabel={t('staff.admin.member.roles.saving')}
          >
            {t('staff.admin.member.roles.save')}
          </PendingButton>
        </div>
      </Form>
      <div role="status">{note?.tone === 'success' ? <p className="staff-note">{t(note.key)}</p> : null}</div>
      {note?.tone === 'error' ? <FormAlert tone="error">{t(note.key)}</FormAlert> : null}
    </section>
  );
}

function AccountActions({
  member,
  isSelf,
  onChanged,
}: {
  member: StaffMember;
  isSelf: boolean;
  onChanged: () => Promise<void>;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [asking, setAsking] = useState<'disable' | 'enable' | 'reset'>();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [link, setLink] = useState<{ link: string; expiresAt: string }>();
  const [done, setDone] = useState<string>();
  const name = memberName(member);

  const confirm = async () => {
    setPending(true);
    setError(undefined);
    try {
      if (asking === 'disable') {
        await disableMember(member.id);
        setDone('staff.admin.member.disable.done');
      } else if (asking === 'enable') {
        await enableMember(member.id);
        setDone('staff.admin.member.enable.done');
      } else {
        const answer = await resetSecondFactor(member.id, language);
        setLink(answer.setup);
      }
      setAsking(undefined);
      await onChanged();
    } catch (failure) {
      setError(errorKeyOf(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-panel stack" aria-labelledby="staff-member-account">
      <h3 id="staff-member-account">{t('staff.admin.member.account.title')}</h3>
      {link ? (
        <ShownOnce
          id="staff-reset-link"
          title={t('staff.admin.link.title', { email: member.email })}
          lead={t('staff.admin.link.lead', { date: dateTimeIn(language, link.expiresAt) })}
          label={t('staff.admin.link.label')}
          value={link.link}
          onDone={() => setLink(undefined)}
        />
      ) : null}
      <div role="status">{done ? <p className="staff-note">{t(done)}</p> : null}</div>
      {member.status === 'disabled' ? (
        <>
          <p>{t('staff.admin.member.disabled')}</p>
          <div className="actions">
            <button type="button" className="button button--ghost" onClick={() => setAsking('enable')}>
              {t('staff.admin.member.enable.button')}
            </button>
          </div>
        </>
      ) : isSelf ? (
        <p>{t('staff.admin.member.self')}</p>
      ) : (
        <div className="actions">
          <button type="button" className="button button--ghost" onClick={() => setAsking('reset')}>
            {t('staff.admin.member.reset.button')}
          </button>
          <button type="button" className="button button--danger" onClick={() => setAsking('disable')}>
            {t('staff.admin.member.disable.button')}
          </button>
        </div>
      )}
      {asking ? (
        <ConfirmDialog
          title={t(`staff.admin.member.${asking}.title`, { name })}
          body={t(`staff.admin.member.${asking}.body`)}
          error={error ? t(error) : undefined}
          confirmLabel={t(`staff.admin.member.${asking}.confirm`)}
          pendingLabel={t(`staff.admin.member.${asking}.pending`)}
          isPending={isPending}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setAsking(undefined);
            setError(undefined);
          }}
          autoFocusCancel
        />
      ) : null}
    </section>
  );
}

export function StaffMemberScreen({ memberId, membersHref }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const me = useQuery(staffMeQuery());
  const members = useQuery(membersQuery());
  const log = useQuery(memberLogQuery(memberId));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['staff', 'admin', 'members'] });
  };

  return (
    <section className="staff-step stack" aria-labelledby="staff-member-title">
      <p>
        <Link to={membersHref}>{t('staff.admin.member.back')}</Link>
      </p>
      <QueryRegion queries={{ members, log }} lines={8}>
        {({ members: { programs }, log: { member, entries, isTruncated } }) => (
          <>
            <StepHeading id="staff-member-title">{memberName(member)}</StepHeading>
            <p>
              {member.email} · {t(STATUS_KEYS[member.status])}
            </p>
            <div className="staff-admin-grid">
              <RolesForm key={member.id} member={member} programs={programs} onSaved={async () => refresh()} />
              <AccountActions member={member} isSelf={me.data?.id === member.id} onChanged={refresh} />
            </div>
            <section className="stack" aria-labelledby="staff-member-log">
              <h3 id="staff-member-log">{t('staff.admin.log.title')}</h3>
              <p>{t('staff.admin.log.lead', { count: STAFF_ADMIN_LOG_LIMIT })}</p>
              {isTruncated ? (
                <FormAlert tone="info" focusOnShow={false}>
                  {t('staff.admin.log.truncated', { count: entries.length })}
                </FormAlert>
              ) : null}
              {entries.length === 0 ? (
                <EmptyState message={t('staff.admin.log.empty')} />
              ) : (
                <div className="staff-table-wrap">
                  <table className="staff-table staff-table--admin">
                    <caption className="visually-hidden">
                      {t('staff.admin.log.caption', { count: entries.length })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('staff.admin.log.when')}</th>
                        <th scope="col">{t('staff.admin.log.what')}</th>
                        <th scope="col">{t('staff.admin.log.patient')}</th>
                        <th scope="col">{t('staff.admin.log.reason')}</th>
                        {programs.length > 1 ? <th scope="col">{t('staff.admin.log.program')}</th> : null}
                      </tr>
                    </thead>
                    <tbody>
                      {entries.map((entry, index) => (
                        <tr key={`${entry.at}-${index}`}>
                          <td>{dateTimeIn(language, entry.at)}</td>
                          <td>{t(ACCESS_KIND_KEYS[entry.what])}</td>
                          <td>
                            {entry.patient ? (
                              <>
                                {entry.patient.name}
                                <br />
                                <span className="staff-mono">{entry.patient.identification.masked}</span>
                              </>
                            ) : (
                              t('staff.admin.log.none')
                            )}
                          </td>
                          <td>
                            {entry.reason ? t(REASON_KEYS[entry.reason]) : t('staff.admin.log.none')}
                            {entry.reasonText ? `: ${entry.reasonText}` : ''}
                          </td>
                          {programs.length > 1 ? <td>{entry.program.name}</td> : null}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        )}
      </QueryRegion>
    </section>
  );
}
