// Step 'password': at least 8 characters, repeated, with the strength meter; too weak is refused.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/constants';
import { passwordUserInputs } from '@portal/contracts/password-rules';
import { usePasswordStrength } from '../../../../components/ui/password-strength.ts';
import {
  NewPasswordField,
  refuseWeakPassword,
  RepeatPasswordField,
} from '../../../../components/ui/new-password-field.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';

const Schema = z
  .object({
    password: z
      .string()
      .min(1, { error: 'signup.password.required', abort: true })
      .min(PASSWORD_MIN_LENGTH, { error: 'signup.password.minLength' })
      .max(256),
    repeat: z.string().min(1, { error: 'signup.password.repeatRequired' }),
  })
  .refine((value) => value.password === value.repeat, { path: ['repeat'], error: 'signup.password.mismatch' });

export function PasswordStep({ formId, draft, onDone }: StepProps) {
  const t = useT();
  const { control, handleSubmit, watch, setError, formState } = useForm<z.input<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: { password: draft.password ?? '', repeat: draft.password ?? '' },
  });
  const email = draft.email ?? '';
  const strength = usePasswordStrength(
    watch('password'),
    passwordUserInputs(email, draft.personalInfo?.firstName, draft.personalInfo?.lastName),
  );
  const onSubmit = handleSubmit(({ password }) => {
    if (refuseWeakPassword(strength, setError, 'password', 'signup.password.tooWeak')) return;
    onDone({ password });
  });
  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.password.title')}>
      <p>{t('signup.password.subtitle')}</p>
      <NewPasswordField
        control={control}
        name="password"
        label={t('signup.password.password.label')}
        strength={strength}
        texts={{
          hint: t('signup.password.hint'),
          strength: {
            label: t('signup.password.strength.label'),
            weak: t('signup.password.strength.weak'),
            medium: t('signup.password.strength.medium'),
            strong: t('signup.password.strength.strong'),
          },
        }}
      />
      <RepeatPasswordField control={control} name="repeat" label={t('signup.password.repeat.label')} />
    </StepForm>
  );
}
