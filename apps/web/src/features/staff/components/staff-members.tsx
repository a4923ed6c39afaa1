// The staff members of the admin's programs (decision 077): a table (name, e-mail, roles, status, last login) with a
// way to manage each, and the form to add one, whose set-up link is shown here once (and mailed).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { EmailField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { addMember, membersQuery } from '../api/admin-api.ts';
import { dateTimeIn, memberName, ROLE_KEYS, STATUS_KEYS } from './admin-format.ts';
import { RolesFieldset, rolesOf, type RoleChoices } from './roles-fieldset.tsx';
import { ShownOnce } from './shown-once.tsx';
import { StepHeading } from './step-heading.tsx';

interface AddForm {
  email: string;
  language: 'es' | 'en';
  roles: RoleChoices;
}

function AddMember({ programs }: { programs: readonly { slug: string; name: string }[] }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<{ email: string; link: string; expiresAt: string }>();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, setError, clearErrors, formState, reset } = useForm<AddForm>({
    defaultValues: { email: '', language, roles: {} },
  });
  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    setFailure(undefined);
    const roles = rolesOf(values.roles);
    if (roles.length === 0) {
      setError('roles', { message: 'staff.admin.roles.required' });
      return;
    }
    try {
      const added = await addMember({ email: values.email, language: values.language, roles });
      setShown({ email: added.member.email, ...added.setup });
      reset({ email: '', language: values.language, roles: {} });
      await queryClient.invalidateQueries({ queryKey: membersQuery().queryKey });
    } catch (error) {
      if (applyFieldErrors<AddForm>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true })) return;
      setFailure(errorKeyOf(error));
    }
  });

  return (
    <section className="staff-panel stack" aria-labelledby="staff-add-title">
      <h3 id="staff-add-title">{t('staff.admin.add.title')}</h3>
      {shown ? (
        <ShownOnce
          id="staff-setup-link"
          title={t('staff.admin.link.title', { email: shown.email })}
          lead={t('staff.admin.link.lead', { date: dateTimeIn(language, shown.expiresAt) })}
          label={t('staff.admin.link.label')}
          value={shown.link}
          onDone={() => setShown(undefined)}
        />
      ) : (
        <>
          <p>{t('staff.admin.add.lead')}</p>
          {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
          <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" autoComplete="off">
            <EmailField control={control} name="email" label={t('staff.admin.add.email.label')} isRequired />
            <RolesFieldset
              control={control}
              programs={programs}
              error={(formState.errors.roles as { message?: string } | undefined)?.message}
              idPrefix="staff-add"
            />
            <RadioField
              control={control}
              name="language"
              label={t('staff.admin.add.language.label')}
              orientation="horizontal"
              options={[
                { value: 'es', text: t('staff.admin.language.es') },
                { value: 'en', text: t('staff.admin.language.en') },
              ]}
            />
            <div className="actions">
              <PendingButton
                type="submit"
                isPending={formState.isSubmitting}
                pendingLabel={t('staff.admin.add.adding')}
              >
                {t('staff.admin.add.submit')}
              </PendingButton>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

export function StaffMembers({ memberHref }: { memberHref: (id: string) => string }) {
  const t = useT();
  const { language } = useLanguage();
  const members = useQuery(membersQuery());
  return (
    <section className="staff-step stack" aria-labelledby="staff-members-title">
      <StepHeading id="staff-members-title">{t('staff.admin.members.title')}</StepHeading>
      <p>{t('staff.admin.members.lead')}</p>
      <QueryRegion query={members} lines={6}>
        {({ members: list, programs }) => (
          <>
            {list.length === 0 ? (
              <EmptyState message={t('staff.admin.members.empty')} />
            ) : (
              <div className="staff-table-wrap">
                <table className="staff-table staff-table--admin">
                  <caption className="visually-hidden">
                    {t('staff.admin.members.caption', { count: list.length })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('staff.admin.members.name')}</th>
                      <th scope="col">{t('staff.admin.members.roles')}</th>
                      <th scope="col">{t('staff.admin.members.status')}</th>
                      <th scope="col">{t('staff.admin.members.lastLogin')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('staff.admin.members.action')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((member) => {
                      const name = memberName(member);
                      return (
                        <tr key={member.id}>
                          <th scope="row">
                            {member.firstName || member.lastName ? name : t('staff.admin.members.noName')}
                            <br />
                            <span className="staff-member__email">{member.email}</span>
                          </th>
                          <td>
                            {member.roles
                              .map((held) =>
                                programs.length > 1
                                  ? t('staff.admin.roles.inProgram', {
                                      role: t(ROLE_KEYS[held.role]),
                                      program: held.program.name,
                                    })
                                  : t(ROLE_KEYS[held.role]),
                              )
                              .join(', ')}
                          </td>
                          <td>{t(STATUS_KEYS[member.status])}</td>
                          <td>
                            {member.lastLoginAt
                              ? dateTimeIn(language, member.lastLoginAt)
                              : t('staff.admin.members.never')}
                          </td>
                          <td>
                            <Link
                              className="button button--ghost"
                              to={memberHref(member.id)}
                              aria-label={t('staff.admin.members.openNamed', { name })}
                            >
                              {t('staff.admin.members.open')}
                            </Link>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            <AddMember programs={programs} />
          </>
        )}
      </QueryRegion>
    </section>
  );
}
