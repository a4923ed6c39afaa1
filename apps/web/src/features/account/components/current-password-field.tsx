// The account's current password, asked again before a change of e-mail or password or closing the account.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  autoFocus?: boolean;
}

export function CurrentPasswordField<T extends FieldValues>(props: Props<T>) {
  return <FormTextField {...props} type="password" autoComplete="current-password" isRequired />;
}
