// Assisted recovery on an opened record (decision 076), the way out of PTP00197: the agent types what the caller says
// (identification number, birth date, and one more answer), chooses where the link goes, and the server compares the
// answers and sends it. A refusal marks the answers that did not match; the agent never sees or types a password.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { EmailSchema } from '@portal/contracts/identity';
import {
  AnsweredBirthDateSchema,
  AnsweredCaregiverNameSchema,
  AnsweredIdentificationSchema,
  AnsweredPhoneLastFourSchema,
  maskEmail,
  STAFF_IDENTITY_THIRD_ANSWERS,
  type StaffAssistedRecoveryBody,
  type StaffAssistedRecoveryResponse,
} from '@portal/contracts/staff-recovery';
import { DateField } from '../../../components/ui/date-field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { sendAssistedRecovery } from '../api/records-api.ts';

/** The form, flat; each field is the contract's, and the body is built from it on submit. */
const RecoveryFormSchema = z
  .object({
    identificationNumber: AnsweredIdentificationSchema,
    birthDate: AnsweredBirthDateSchema,
    thirdBy: z.enum(STAFF_IDENTITY_THIRD_ANSWERS, { error: 'staff.recovery.third.required' }),
    digits: z.string(),
    caregiverName: z.string(),
    sendTo: z.enum(['account-email', 'new-email'], { error: 'staff.recovery.sendTo.required' }),
    newEmail: z.string(),
  })
  .superRefine((form, context) => {
    const check = (schema: z.ZodType, value: string, path: string) => {
      const result = schema.safeParse(value);
      if (!result.success) context.addIssue({ code: 'custom', message: result.error.issues[0]!.message, path: [path] });
    };
    if (form.thirdBy === 'phone-last-four') check(AnsweredPhoneLastFourSchema, form.digits, 'digits');
    else check(AnsweredCaregiverNameSchema, form.caregiverName, 'caregiverName');
    if (form.sendTo === 'new-email') check(EmailSchema, form.newEmail, 'newEmail');
  });
type RecoveryForm = z.input<typeof RecoveryFormSchema>;

const bodyOf = (form: RecoveryForm): StaffAssistedRecoveryBody => {
  const answers = {
    identificationNumber: form.identificationNumber,
    birthDate: form.birthDate,
    third:
      form.thirdBy === 'phone-last-four'
        ? { by: 'phone-last-four' as const, digits: form.digits }
        : { by: 'caregiver-name' as const, name: form.caregiverName },
  };
  return form.sendTo === 'new-email'
    ? { sendTo: 'new-email', answers, newEmail: form.newEmail.trim() }
    : { sendTo: 'account-email', answers };
};

/** The server's field (`answers.third`) as the form's. */
function formFieldOf(field: string, thirdBy: RecoveryForm['thirdBy']): FieldPath<RecoveryForm> | undefined {
  switch (field) {
    case 'answers.identificationNumber':
      return 'identificationNumber';
    case 'answers.birthDate':
      return 'birthDate';
    case 'answers.third':
    case 'answers.third.digits':
    case 'answers.third.name':
      return thirdBy === 'caregiver-name' ? 'caregiverName' : 'digits';
    case 'newEmail':
      return 'newEmail';
    default:
      return undefined;
  }
}

export function AssistedRecovery({ patientId, accountEmail }: { patientId: number; accountEmail: string }) {
  const t = useT();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<StaffAssistedRecoveryResponse['data']>();
  const { control, handleSubmit, setError, formState, reset } = useForm<RecoveryForm>({
    resolver: zodResolver(RecoveryFormSchema),
    defaultValues: {
      identificationNumber: '',
      digits: '',
      caregiverName: '',
      newEmail: '',
      thirdBy: 'phone-last-four',
      sendTo: 'account-email',
    },
  });
  const thirdBy = useWatch({ control, name: 'thirdBy' });
  const sendTo = useWatch({ control, name: 'sendTo' });

  const onSubmit = handleSubmit(async (form) => {
    setFailure(undefined);
    setSent(undefined);
    try {
      setSent(await sendAssistedRecovery(patientId, bodyOf(form)));
      reset();
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.error?.fieldErrors ?? {}) : [];
      let focused = false;
      for (const [field, [key]] of fields) {
        const name = formFieldOf(field, form.thirdBy);
        if (!name) continue;
        setError(name, { message: key ?? 'errors.validation' }, { shouldFocus: !focused });
        focused = true;
      }
      setFailure(errorKeyOf(error));
    }
  });

  return (
    <section className="staff-record__section staff-action" aria-labelledby="staff-recovery-title">
      <h3 id="staff-recovery-title">{t('staff.recovery.title')}</h3>
      <p>{t('staff.recovery.lead')}</p>
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
        {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
        {sent ? (
          <FormAlert tone="success">
            {t(sent.emailChanged ? 'staff.recovery.sentChanged' : 'staff.recovery.sent', { email: sent.sentTo })}
          </FormAlert>
        ) : null}
        <div className="staff-action__fields">
          <FormTextField
            control={control}
            name="identificationNumber"
            label={t('staff.recovery.identificationNumber.label')}
            autoComplete="off"
            isRequired
          />
          <DateField control={control} name="birthDate" label={t('staff.recovery.birthDate.label')} isRequired />
        </div>
        <RadioField
          control={control}
          name="thirdBy"
          label={t('staff.recovery.third.legend')}
          orientation="horizontal"
          options={[
            { value: 'phone-last-four', text: t('staff.recovery.third.phoneLastFour') },
            { value: 'caregiver-name', text: t('staff.recovery.third.caregiverName') },
          ]}
          isRequired
        />
        {thirdBy === 'caregiver-name' ? (
          <FormTextField
            control={control}
            name="caregiverName"
            label={t('staff.recovery.caregiverName.label')}
            autoComplete="off"
            isRequired
          />
        ) : (
          <FormTextField
            control={control}
            name="digits"
            label={t('staff.recovery.phoneLastFour.label')}
            type="tel"
            autoComplete="off"
            isRequired
          />
        )}
        <RadioField
          control={control}
          name="sendTo"
          label={t('staff.recovery.sendTo.legend')}
          options={[
            {
              value: 'account-email',
              text: t('staff.recovery.sendTo.accountEmail', { email: maskEmail(accountEmail) }),
            },
            { value: 'new-email', text: t('staff.recovery.sendTo.newEmail') },
          ]}
          isRequired
        />
        {sendTo === 'new-email' ? (
          <FormTextField
            control={control}
            name="newEmail"
            type="email"
            label={t('staff.recovery.newEmail.label')}
            description={t('staff.recovery.newEmail.hint')}
            autoComplete="off"
            isRequired
          />
        ) : null}
        <div className="actions">
          <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('staff.recovery.sending')}>
            {t('staff.recovery.submit')}
          </PendingButton>
        </div>
      </Form>
    </section>
  );
}
