// Step 'email': the address to log in with; it must not be registered in this program already.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-aria-components';
import { z } from 'zod';
import { EmailSchema } from '@portal/contracts/identity';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { EmailField } from '../../../../components/ui/form-text-field.tsx';
import { pathInLanguage, paths } from '../../../../lib/paths.ts';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { useStepPending } from '../../../../patient/hooks/use-step-pending.ts';
import { isEmailRegistered } from '../../api/signup-api.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';

// The wizard's own wording for the two refusals of the contract's e-mail schema.
const Schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'signup.email.required' })
    .pipe(z.email({ error: 'signup.email.invalid' }))
    .pipe(EmailSchema),
});

export function EmailStep({ formId, draft, ctx, onDone, onPendingChange }: StepProps) {
  const t = useT();
  const [checkFailed, setCheckFailed] = useState(false);
  const [isRegistered, setRegistered] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<typeof Schema>,
    unknown,
    z.output<typeof Schema>
  >({
    resolver: zodResolver(Schema),
    defaultValues: { email: draft.email ?? '' },
  });
  useStepPending(formState.isSubmitting, onPendingChange);
  const onSubmit = handleSubmit(async ({ email }) => {
    setCheckFailed(false);
    setRegistered(false);
    try {
      if (await isEmailRegistered(email)) {
        setRegistered(true);
        setError('email', { message: 'signup.email.alreadyRegistered' }, { shouldFocus: true });
        return;
      }
    } catch {
      setCheckFailed(true);
      return;
    }
    onDone({ email });
  });
  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.email.title')}>
      <p>{t('signup.email.subtitle')}</p>
      {checkFailed ? <FormAlert tone="error">{t('signup.email.cannotValidate')}</FormAlert> : null}
      <EmailField
        control={control}
        name="email"
        label={t('signup.email.label')}
        isRequired
        // A pre-registration's invitation went to this e-mail: the enrolment keeps it (the server insists too).
        isReadOnly={ctx.preregistered}
        {...(ctx.preregistered ? { description: t('signup.preregistered.emailLocked') } : {})}
      />
      {formState.isSubmitting ? <p role="status">{t('signup.email.checking')}</p> : null}
      {isRegistered ? (
        <Link className="text-link" href={pathInLanguage(ctx.language, paths.login)}>
          {t('signup.email.loginLink')}
        </Link>
      ) : null}
    </StepForm>
  );
}
