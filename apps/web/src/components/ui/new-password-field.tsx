// A new password with its strength meter: the sign-up's password step, the recovery's new password and the profile's
// change of password. The caller measures the strength (usePasswordStrength, with what the person typed elsewhere)
// and refuses a weak one on submit.
import type { Control, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';
import type { Strength } from './password-strength.ts';
import { StrengthMeter } from './strength-meter.tsx';
import { useT } from '../../program/use-t.ts';

/** The field's hint, the meter's label and the text of each strength (literal keys at the caller, for the text checker). */
interface NewPasswordTexts {
  hint: string;
  strength: { label: string; weak: string; medium: string; strong: string };
}

/** A weak password is refused on its field before any call; true when it was. */
export function refuseWeakPassword<T extends FieldValues>(
  strength: Strength | undefined,
  setError: UseFormSetError<T>,
  name: FieldPath<T>,
  messageKey: string,
): boolean {
  if (strength !== 'weak') return false;
  setError(name, { message: messageKey }, { shouldFocus: true });
  return true;
}

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  strength: Strength | undefined;
  /** Default: the account's texts (passwordRecovery.newPassword.hint and .strength.*), as the recovery and the profile say it. */
  texts?: NewPasswordTexts;
  autoFocus?: boolean;
}

export function NewPasswordField<T extends FieldValues>({
  control,
  name,
  label,
  strength,
  texts,
  autoFocus = false,
}: Props<T>) {
  const t = useT();
  const { hint, strength: strengthTexts } = texts ?? {
    hint: t('passwordRecovery.newPassword.hint'),
    strength: {
      label: t('passwordRecovery.newPassword.strength.label'),
      weak: t('passwordRecovery.newPassword.strength.weak'),
      medium: t('passwordRecovery.newPassword.strength.medium'),
      strong: t('passwordRecovery.newPassword.strength.strong'),
    },
  };
  return (
    <>
      <FormTextField
        control={control}
        name={name}
        label={label}
        description={hint}
        type="password"
        autoComplete="new-password"
        isRequired
        autoFocus={autoFocus}
      />
      <StrengthMeter
        strength={strength}
        label={strengthTexts.label}
        valueLabel={strength ? strengthTexts[strength] : '—'}
      />
    </>
  );
}

/** The new password once more, to catch a slip of the finger (the sign-up's password step and the recovery). */
export function RepeatPasswordField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <FormTextField control={control} name={name} label={label} type="password" autoComplete="new-password" isRequired />
  );
}
