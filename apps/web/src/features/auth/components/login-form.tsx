// The login form: e-mail, password with a keyboard-reachable show toggle, and every refusal of spec section 8.
// A native form without a form library or react-aria fields (decision 023): the checks of
// login-rules.ts on submit, then again on leaving a field once submitted (as the other forms: 'onSubmit', then
// 'onBlur'); the first invalid field takes focus.
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoginBody } from '@portal/contracts/identity';
import { ApiError } from '../../../lib/api-client.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PlainTextField } from '../../../components/ui/plain-text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useT } from '../../../program/use-t.ts';
import {
  passwordShownBeforeApp,
  PASSWORD_TOGGLE_ATTRIBUTE,
  WITH_EMAIL_ATTRIBUTE,
} from '../../../lib/before-hydration.ts';
import { login } from '../api/auth-api.ts';
import type { Session } from '../../../lib/session.ts';
import { LOGIN_FIELDS, loginBodyOf, loginErrors, loginFieldError } from '../login-rules.ts';

/** The text key that explains a refused login (never revealing whether the account exists). */
export function loginErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'login.errors.rateLimited';
    const body = error.error;
    // Too many logins are being checked at once (decision 043): a moment's wait; any other 503, the service is down.
    if (body?.code === 'SERVICE_UNAVAILABLE')
      return body.details?.reason === 'BUSY' ? 'login.errors.busy' : 'errors.serviceUnavailable';
    if (body?.code === 'NotAuthorizedException')
      return body.details?.reason === 'LOCKED' ? 'login.errors.locked' : 'login.errors.notAuthorized';
    if (body?.code === 'UserNotConfirmedException') return 'login.errors.notConfirmed';
  }
  return 'login.errors.generic';
}

/** How many whole minutes (at least 1) a locked login stays locked, from the refusal's retryAfterSeconds. */
export function lockedMinutesOf(error: unknown): number {
  const seconds = error instanceof ApiError ? Number(error.error?.details?.retryAfterSeconds) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}

interface Props {
  sessionExpired: boolean;
  forgotPasswordHref: (email: string) => string;
  signupHref: string;
  showForgotPassword: boolean;
  showSignupLink: boolean;
  /** The visitor starts typing (or had typed before the app came): once, a sign that a login is coming. */
  onTyping?: () => void;
  /** The form is valid and its call starts. */
  onSubmitting?: () => void;
  /** Logged in, with the session to start (auth-api.ts's startSession). */
  onLoggedIn: (session: Session) => Promise<void> | void;
}

type Field = keyof LoginBody;

export function LoginForm({
  sessionExpired,
  forgotPasswordHref,
  signupHref,
  showForgotPassword,
  showSignupLink,
  onTyping,
  onSubmitting,
  onLoggedIn,
}: Props) {
  const t = useT();
  // Pressed on the server's screen before the app came (before-hydration.ts, decision 052): kept as the visitor left it.
  const [isPasswordVisible, setPasswordVisible] = useState(passwordShownBeforeApp);
  const [serverErrorKey, setServerErrorKey] = useState<string>();
  const [lockedMinutes, setLockedMinutes] = useState(1);
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const hasTyped = useRef(false);
  const typing = () => {
    if (hasTyped.current) return;
    hasTyped.current = true;
    onTyping?.();
  };
  // What was typed (or filled in by the browser) before the app hydrated the server's screen (decision 029).
  useEffect(() => {
    const typed = { email: inputs.email.current?.value ?? '', password: inputs.password.current?.value ?? '' };
    if (typed.email || typed.password) {
      setValues((current) => ({ email: typed.email || current.email, password: typed.password || current.password }));
      typing();
    }
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = LOGIN_FIELDS.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    // The fields as they are: the same as `values`, and also right for a submission held until the app hydrated.
    const submitted = {
      email: inputs.email.current?.value ?? values.email,
      password: inputs.password.current?.value ?? values.password,
    };
    const found = loginErrors(submitted);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    setServerErrorKey(undefined);
    setSubmitting(true);
    onSubmitting?.();
    let session: Session | undefined;
    try {
      session = await login(loginBodyOf(submitted));
    } catch (error) {
      setSubmitting(false);
      const fieldErrors =
        error instanceof ApiError && error.error?.code === 'VALIDATION_FAILED' ? error.error.fieldErrors : undefined;
      if (fieldErrors) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const [field, [key]] of Object.entries(fieldErrors))
          if ((field === 'email' || field === 'password') && key) fromServer[field] = key;
        showErrors(fromServer);
      } else {
        setLockedMinutes(lockedMinutesOf(error));
        setServerErrorKey(loginErrorKey(error));
      }
    }
    // Logged in, the button stays busy until the next screen replaces this one: enabled again, it would look for a
    // moment as if the login had failed (issue 38, item 7).
    if (session) await onLoggedIn(session);
  };

  const navigate = useNavigate();
  /**
   * "Forgot your password?" takes the e-mail along. Tapped in the moment the app hydrates, before its effect above has
   * read what was typed, the rendered link would carry none: the field as it is then is what counts.
   */
  const forgotLink = () => ({
    to: forgotPasswordHref(values.email),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      const typed = inputs.email.current?.value ?? values.email;
      if (typed === values.email) return;
      event.preventDefault();
      void navigate(forgotPasswordHref(typed));
    },
  });

  const field = (name: Field) => ({
    ref: inputs[name],
    name,
    value: values[name],
    errorKey: errors[name],
    isRequired: true,
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      typing();
    },
    onBlur: () => {
      if (isSubmitted) setErrors((current) => ({ ...current, [name]: loginFieldError(name, values[name]) }));
    },
  });

  return (
    // method="post": should the form ever be sent without the app, the password is not put in the address.
    <form className="stack" method="post" onSubmit={(event) => void onSubmit(event)} noValidate>
      {sessionExpired && !serverErrorKey ? (
        <FormAlert tone="info" focusOnShow={false}>
          {t('login.sessionExpired')}
        </FormAlert>
      ) : null}
      {serverErrorKey === 'login.errors.locked' ? (
        // Locked: for how long, and the way in now beside it (a new password ends the lock; decision 054).
        <FormAlert key={`${serverErrorKey}-${lockedMinutes}`} tone="error">
          <p>{t('login.errors.locked', { minutes: lockedMinutes })}</p>
          {showForgotPassword ? (
            <Link className="text-link" {...forgotLink()}>
              {t('login.errors.lockedRecover')}
            </Link>
          ) : null}
        </FormAlert>
      ) : serverErrorKey ? (
        <FormAlert key={serverErrorKey} tone="error">
          {t(serverErrorKey)}
        </FormAlert>
      ) : null}
      <PlainTextField {...field('email')} label={t('login.email.label')} type="email" autoComplete="username" />
      <PlainTextField
        {...field('password')}
        label={t('login.password.label')}
        type={isPasswordVisible ? 'text' : 'password'}
        autoComplete="current-password"
        adornment={
          // Both labels, the one that applies shown by aria-pressed (styles.css): before the app, before-hydration.ts
          // flips the attribute alone, and the app's first render finds the same text.
          <button
            type="button"
            className="button button--ghost field__toggle"
            aria-pressed={isPasswordVisible}
            {...{ [PASSWORD_TOGGLE_ATTRIBUTE]: '' }}
            onClick={() => setPasswordVisible((visible) => !visible)}
          >
            <span className="field__toggle-off">{t('login.showPassword')}</span>
            <span className="field__toggle-on">{t('login.hidePassword')}</span>
          </button>
        }
      />
      {showForgotPassword ? (
        <Link className="text-link" {...forgotLink()} {...{ [WITH_EMAIL_ATTRIBUTE]: '' }}>
          {t('login.forgotPassword')}
        </Link>
      ) : null}
      <SubmitButton
        className="button button--primary button--block"
        isPending={isSubmitting}
        pendingLabel={t('login.submitting')}
      >
        {t('login.submit')}
      </SubmitButton>
      {showSignupLink ? (
        <p>
          {t('login.signupPrompt')}{' '}
          <Link className="text-link" to={signupHref}>
            {t('login.signupLink')}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
