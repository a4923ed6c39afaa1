// The console's login (decision 072): e-mail and password, then the authenticator's 6-digit code or, by a link to
// switch, one of the recovery codes. Refusals are the catalogue's messages on the field they are about.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { StaffLoginBodySchema, StaffSecondFactorBodySchema, type StaffLoginBody } from '@portal/contracts/staff';
import { EmailField, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { logIn, proveSecondFactor } from '../api/staff-api.ts';
import { StepHeading } from './step-heading.tsx';

const CodeSchema = StaffSecondFactorBodySchema.pick({ code: true });
type CodeAnswer = z.infer<typeof CodeSchema>;

/** The minutes (at least 1) a locked second factor stays locked, from the refusal's Retry-After or its details. */
export function lockedMinutesOf(error: ApiError): number {
  const seconds = error.retryAfterSeconds ?? Number(error.error?.details?.retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

interface Props {
  /** Why the login shows: the last session ended by itself, or was logged out. */
  ended?: 'expired' | 'logout';
  onLoggedIn: (recoveryCodesLeft: number | undefined) => void;
}

export function LoginFlow({ ended, onLoggedIn }: Props) {
  const [challenge, setChallenge] = useState<string>();
  return challenge ? (
    <CodeStep challenge={challenge} onLoggedIn={onLoggedIn} />
  ) : (
    <PasswordStep ended={ended} onChallenge={setChallenge} />
  );
}

function PasswordStep({
  ended,
  onChallenge,
}: {
  ended?: 'expired' | 'logout';
  onChallenge: (challenge: string) => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, setError, formState } = useForm<StaffLoginBody>({
    resolver: zodResolver(StaffLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      onChallenge((await logIn(body)).challenge);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'STAFF_LOGIN_REFUSED')
        setError('password', { message: 'staff.errors.loginRefused' }, { shouldFocus: true });
      else if (!applyFieldErrors<StaffLoginBody>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setFailure(errorKeyOf(error));
    }
  });
  return (
    <section className="staff-step staff-step--narrow" aria-labelledby="staff-login-title">
      <StepHeading id="staff-login-title">{t('staff.login.title')}</StepHeading>
      {ended === 'expired' ? <FormAlert tone="info">{t('staff.login.sessionEnded')}</FormAlert> : null}
      {ended === 'logout' ? <FormAlert tone="success">{t('staff.login.loggedOut')}</FormAlert> : null}
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
        {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
        <EmailField control={control} name="email" label={t('staff.login.email.label')} isRequired autoFocus />
        <FormTextField
          control={control}
          name="password"
          label={t('staff.login.password.label')}
          type="password"
          autoComplete="current-password"
          isRequired
        />
        <div className="actions">
          <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('staff.login.checking')}>
            {t('staff.login.submit')}
          </PendingButton>
        </div>
      </Form>
    </section>
  );
}

function CodeStep({ challenge, onLoggedIn }: { challenge: string; onLoggedIn: Props['onLoggedIn'] }) {
  const t = useT();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [lockedMinutes, setLockedMinutes] = useState<number>();
  const { control, handleSubmit, setError, reset, formState } = useForm<CodeAnswer>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(undefined);
    setLockedMinutes(undefined);
    try {
      const session = await proveSecondFactor(challenge, code);
      onLoggedIn(session.usedRecoveryCode ? session.recoveryCodesLeft : undefined);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'STAFF_SECOND_FACTOR_LOCKED') {
        setLockedMinutes(lockedMinutesOf(error));
        setError('code', { message: 'staff.errors.secondFactorLocked' }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.code === 'STAFF_CODE_REFUSED')
        setError('code', { message: 'staff.errors.codeRefused' }, { shouldFocus: true });
      else if (!applyFieldErrors<CodeAnswer>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setFailure(errorKeyOf(error));
    }
  });
  const switchKind = () => {
    reset({ code: '' });
    setWithRecoveryCode((value) => !value);
  };
  const titleId = withRecoveryCode ? 'staff-recovery-title' : 'staff-code-title';
  return (
    <section className="staff-step staff-step--narrow" aria-labelledby={titleId}>
      <StepHeading key={titleId} id={titleId}>
        {withRecoveryCode ? t('staff.login.recovery.title') : t('staff.login.code.title')}
      </StepHeading>
      <p>{withRecoveryCode ? t('staff.login.recovery.lead') : t('staff.login.code.lead')}</p>
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
        {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
        <FormTextField
          key={titleId}
          control={control}
          name="code"
          label={withRecoveryCode ? t('staff.login.recovery.label') : t('staff.login.code.label')}
          autoComplete="one-time-code"
          isRequired
        />
        {lockedMinutes ? (
          <p className="staff-note" role="status">
            {t('staff.login.lockedFor', { minutes: lockedMinutes })}
          </p>
        ) : null}
        <div className="actions">
          <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('staff.login.checking')}>
            {t('staff.login.code.submit')}
          </PendingButton>
          <button type="button" className="button button--ghost" onClick={switchKind}>
            {withRecoveryCode ? t('staff.login.code.switch') : t('staff.login.recovery.switch')}
          </button>
        </div>
      </Form>
    </section>
  );
}
