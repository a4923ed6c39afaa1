// The login form: e-mail, password with a keyboard-reachable show toggle, and every refusal of spec section 8.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, Link, ToggleButton } from 'react-aria-components';
import type { LoginBody } from '@portal/contracts/identity';
import { ApiError } from '../../../lib/api-client.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useT } from '../../../program/use-t.ts';
import { login } from '../api/auth-api.ts';
import { loginResolver } from '../login-rules.ts';
import { PendingButton } from '../../../components/ui/pending-button.tsx';

/** The text key that explains a refused login (never revealing whether the account exists). */
export function loginErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'login.errors.rateLimited';
    const body = error.error;
    if (body?.code === 'NotAuthorizedException') return body.details?.reason === 'LOCKED' ? 'login.errors.locked' : 'login.errors.notAuthorized';
    if (body?.code === 'UserNotConfirmedException') return 'login.errors.notConfirmed';
  }
  return 'login.errors.generic';
}

interface Props {
  sessionExpired: boolean;
  forgotPasswordHref: (email: string) => string;
  signupHref: string;
  showForgotPassword: boolean;
  showSignupLink: boolean;
  onLoggedIn: () => void;
}

export function LoginForm({ sessionExpired, forgotPasswordHref, signupHref, showForgotPassword, showSignupLink, onLoggedIn }: Props) {
  const t = useT();
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [serverErrorKey, setServerErrorKey] = useState<string>();
  const { control, handleSubmit, watch, setError, formState } = useForm<LoginBody>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrorKey(undefined);
    try {
      await login(values);
      onLoggedIn();
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.error?.code === 'VALIDATION_FAILED' ? error.error.fieldErrors : undefined;
      if (fieldErrors) {
        for (const [field, [key]] of Object.entries(fieldErrors)) if (field === 'email' || field === 'password') setError(field, { message: key });
      } else {
        setServerErrorKey(loginErrorKey(error));
      }
    }
  });

  return (
    <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
      {sessionExpired && !serverErrorKey ? <FormAlert tone="info" focusOnShow={false}>{t('login.sessionExpired')}</FormAlert> : null}
      {serverErrorKey ? <FormAlert tone="error">{t(serverErrorKey)}</FormAlert> : null}
      <FormTextField control={control} name="email" label={t('login.email.label')} type="email" autoComplete="username" isRequired />
      <FormTextField
        control={control}
        name="password"
        label={t('login.password.label')}
        type={isPasswordVisible ? 'text' : 'password'}
        autoComplete="current-password"
        isRequired
        adornment={
          <ToggleButton className="button button--ghost field__toggle" isSelected={isPasswordVisible} onChange={setPasswordVisible}>
            {isPasswordVisible ? t('login.hidePassword') : t('login.showPassword')}
          </ToggleButton>
        }
      />
      {showForgotPassword ? (
        <Link className="text-link" href={forgotPasswordHref(watch('email'))}>
          {t('login.forgotPassword')}
        </Link>
      ) : null}
      <PendingButton type="submit" className="button button--primary button--block" isPending={formState.isSubmitting} pendingLabel={t('login.submitting')}>
        {t('login.submit')}
      </PendingButton>
      {showSignupLink ? (
        <p>
          {t('login.signupPrompt')}{' '}
          <Link className="text-link" href={signupHref}>
            {t('login.signupLink')}
          </Link>
        </p>
      ) : null}
    </Form>
  );
}
