// Pre-registering a patient from the console (decision 078): the form of `patients:preregister` (a support plan, the
// e-mail, the names if known, the invitation's language), and the states of the invitations sent to an e-mail. The
// e-mail travels in request bodies only.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import type { StaffInvitation } from '@portal/contracts/staff-actions';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { lookupInvitations, preregister, supportPlansQuery } from '../api/actions-api.ts';
import { StepHeading } from './step-heading.tsx';

const STATE_KEYS: Record<StaffInvitation['state'], string> = {
  pending: 'staff.preregister.state.pending',
  enrolled: 'staff.preregister.state.enrolled',
  expired: 'staff.preregister.state.expired',
};

interface PreregisterInput {
  supportPlanId?: number;
  email: string;
  firstName: string;
  lastName: string;
  language: 'es' | 'en';
}

function InvitationList({ invitations }: { invitations: StaffInvitation[] }) {
  const t = useT();
  return (
    <ul className="staff-record__list">
      {invitations.map((invitation) => (
        <li key={invitation.id}>
          {invitation.email}:{' '}
          {t('staff.preregister.invitation', {
            sent: formatDate(invitation.createdAt),
            until: formatDate(invitation.expiresAt),
            state: t(STATE_KEYS[invitation.state]),
          })}
        </li>
      ))}
    </ul>
  );
}

export function PreregisterForm() {
  const t = useT();
  const { language } = useLanguage();
  const plans = useQuery(supportPlansQuery());
  const [done, setDone] = useState<StaffInvitation>();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, setError, reset, formState } = useForm<PreregisterInput>({
    defaultValues: { email: '', firstName: '', lastName: '', language },
  });
  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    setDone(undefined);
    const plan = plans.data?.plans.find((candidate) => candidate.id === input.supportPlanId);
    if (!plan) {
      setError('supportPlanId', { message: 'staff.preregister.plan.required' }, { shouldFocus: true });
      return;
    }
    const personalInfo = {
      ...(input.firstName.trim() ? { firstName: input.firstName } : {}),
      ...(input.lastName.trim() ? { lastName: input.lastName } : {}),
    };
    try {
      const { invitation } = await preregister({
        patient: {
          supportPlanId: plan.id,
          country: plan.country as never,
          email: input.email,
          ...(Object.keys(personalInfo).length ? { personalInfo } : {}),
        },
        language: input.language,
      });
      setDone(invitation);
      reset({ email: '', firstName: '', lastName: '', language: input.language, supportPlanId: input.supportPlanId });
    } catch (error) {
      // The body's field is `patient.email`; the form's own is `email`.
      const emailKey = error instanceof ApiError ? error.error?.fieldErrors?.['patient.email']?.[0] : undefined;
      if (emailKey) setError('email', { message: emailKey }, { shouldFocus: true });
      else setFailure(errorKeyOf(error));
    }
  });
  return (
    <>
      <section className="staff-step staff-step--narrow" aria-labelledby="staff-preregister-title">
        <StepHeading id="staff-preregister-title">{t('staff.preregister.title')}</StepHeading>
        <p>{t('staff.preregister.lead')}</p>
        <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" autoComplete="off">
          {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
          {done ? (
            <FormAlert tone="success">
              {t('staff.preregister.done', { email: done.email })} <InvitationList invitations={[done]} />
            </FormAlert>
          ) : null}
          <SelectField
            control={control}
            name="supportPlanId"
            label={t('staff.preregister.plan.label')}
            placeholder={t('staff.preregister.plan.label')}
            options={(plans.data?.plans ?? []).map((plan) => ({ value: String(plan.id), text: plan.name[language] }))}
            isNumeric
            isRequired
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('staff.preregister.email.label')}
            autoComplete="off"
            isRequired
          />
          <FormTextField control={control} name="firstName" label={t('staff.preregister.firstName.label')} />
          <FormTextField control={control} name="lastName" label={t('staff.preregister.lastName.label')} />
          <RadioField
            control={control}
            name="language"
            label={t('staff.preregister.language.label')}
            options={[
              { value: 'es', text: t('staff.preregister.language.es') },
              { value: 'en', text: t('staff.preregister.language.en') },
            ]}
            orientation="horizontal"
          />
          <div className="actions">
            <PendingButton
              type="submit"
              isPending={formState.isSubmitting}
              pendingLabel={t('staff.preregister.sending')}
            >
              {t('staff.preregister.submit')}
            </PendingButton>
          </div>
        </Form>
      </section>
      <InvitationLookup />
    </>
  );
}

function InvitationLookup() {
  const t = useT();
  const [found, setFound] = useState<StaffInvitation[]>();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, setError, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(undefined);
    try {
      setFound((await lookupInvitations(email)).invitations);
    } catch (error) {
      setFound(undefined);
      if (!applyFieldErrors<{ email: string }>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setFailure(errorKeyOf(error));
    }
  });
  return (
    <section className="staff-step staff-step--narrow" aria-labelledby="staff-lookup-title">
      <h2 id="staff-lookup-title">{t('staff.preregister.lookup.title')}</h2>
      <p>{t('staff.preregister.lookup.lead')}</p>
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" autoComplete="off">
        {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('staff.preregister.email.label')}
          autoComplete="off"
          isRequired
        />
        <div className="actions">
          <PendingButton
            type="submit"
            variant="ghost"
            isPending={formState.isSubmitting}
            pendingLabel={t('staff.preregister.lookup.searching')}
          >
            {t('staff.preregister.lookup.submit')}
          </PendingButton>
        </div>
      </Form>
      {found ? (
        found.length ? (
          <InvitationList invitations={found} />
        ) : (
          <p role="status">{t('staff.preregister.lookup.none')}</p>
        )
      ) : null}
    </section>
  );
}
