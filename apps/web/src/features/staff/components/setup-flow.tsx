// The set-up from a `staff:add` link (decision 072): the e-mail, names, a password with the patients' strength meter,
// the authenticator's secret as a QR code and as text, its current code; then the ten recovery codes, shown once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { StaffSetupFinishBodySchema } from '@portal/contracts/staff';
import { passwordUserInputs } from '@portal/contracts/password-rules';
import { QrSymbol } from '../../../components/code-symbols/qr-symbol.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { NewPasswordField, refuseWeakPassword } from '../../../components/ui/new-password-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { usePasswordStrength } from '../../../components/ui/password-strength.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { finishSetup, setupQuery, type SetupAnswers, type SetupLink } from '../api/staff-api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { StepHeading } from './step-heading.tsx';

const SetupAnswersSchema = StaffSetupFinishBodySchema.pick({
  firstName: true,
  lastName: true,
  password: true,
  code: true,
});

const isLinkRefused = (error: unknown) =>
  error instanceof ApiError && (error.code === 'STAFF_SETUP_LINK_INVALID' || error.code === 'VALIDATION_FAILED');

/** The secret in groups of four, as authenticator apps show it (spaces are ignored when typed). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function SetupFlow({ link, onDone }: { link: SetupLink; onDone: () => void }) {
  const t = useT();
  const setup = useQuery(setupQuery(link));
  const [codes, setCodes] = useState<string[]>();

  if (codes) return <RecoveryCodes codes={codes} onSaved={onDone} />;
  if (setup.isPending) return <p role="status">{t('common.loading')}</p>;
  if (setup.isError)
    return (
      <FormAlert tone="error">
        {t(isLinkRefused(setup.error) ? 'staff.errors.setupLinkInvalid' : errorKeyOf(setup.error))}
      </FormAlert>
    );
  return <SetupForm link={link} email={setup.data.email} totp={setup.data.totp} onFinished={setCodes} />;
}

interface SetupFormProps {
  link: SetupLink;
  email: string;
  totp: { secret: string; uri: string };
  onFinished: (codes: string[]) => void;
}

function SetupForm({ link, email, totp, onFinished }: SetupFormProps) {
  const t = useT();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, watch, setError, formState } = useForm<SetupAnswers>({
    resolver: zodResolver(SetupAnswersSchema),
    defaultValues: { firstName: '', lastName: '', password: '', code: '' },
  });
  const strength = usePasswordStrength(
    watch('password'),
    passwordUserInputs(email, watch('firstName'), watch('lastName')),
  );

  const onSubmit = handleSubmit(async (answers) => {
    setFailure(undefined);
    if (refuseWeakPassword(strength, setError, 'password', 'passwordRecovery.newPassword.tooWeak')) return;
    try {
      onFinished((await finishSetup(link, answers)).recoveryCodes);
    } catch (error) {
      if (!applyFieldErrors<SetupAnswers>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setFailure(errorKeyOf(error));
    }
  });

  return (
    <section className="staff-step" aria-labelledby="staff-setup-title">
      <StepHeading id="staff-setup-title">{t('staff.setup.title')}</StepHeading>
      <p>{t('staff.setup.lead', { email })}</p>
      <Form className="stack staff-setup" onSubmit={onSubmit} validationBehavior="aria">
        {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
        <dl className="staff-facts">
          <dt>{t('staff.setup.email.label')}</dt>
          <dd>{email}</dd>
        </dl>
        <div className="staff-setup__columns">
          <fieldset className="stack">
            <legend>{t('staff.setup.you.legend')}</legend>
            <FormTextField
              control={control}
              name="firstName"
              label={t('staff.setup.firstName.label')}
              autoComplete="given-name"
              isRequired
            />
            <FormTextField
              control={control}
              name="lastName"
              label={t('staff.setup.lastName.label')}
              autoComplete="family-name"
              isRequired
            />
            <NewPasswordField
              control={control}
              name="password"
              label={t('staff.setup.password.label')}
              strength={strength}
              texts={{
                hint: t('staff.setup.password.hint'),
                strength: {
                  label: t('passwordRecovery.newPassword.strength.label'),
                  weak: t('passwordRecovery.newPassword.strength.weak'),
                  medium: t('passwordRecovery.newPassword.strength.medium'),
                  strong: t('passwordRecovery.newPassword.strength.strong'),
                },
              }}
            />
          </fieldset>
          <fieldset className="stack">
            <legend>{t('staff.setup.authenticator.legend')}</legend>
            <p>{t('staff.setup.authenticator.lead')}</p>
            <QrSymbol className="staff-qr" value={totp.uri} label={t('staff.setup.authenticator.qrLabel')} />
            <p>{t('staff.setup.authenticator.manual')}</p>
            <p className="staff-secret">
              <code data-totp-secret={totp.secret}>{grouped(totp.secret)}</code>
            </p>
            <FormTextField
              control={control}
              name="code"
              label={t('staff.setup.code.label')}
              description={t('staff.setup.code.hint')}
              autoComplete="one-time-code"
              isRequired
            />
          </fieldset>
        </div>
        <div className="actions">
          <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('staff.setup.finishing')}>
            {t('staff.setup.finish')}
          </PendingButton>
        </div>
      </Form>
    </section>
  );
}
