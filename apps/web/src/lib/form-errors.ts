// A refused call's errors onto a react-hook-form form: each field error on its field (the server's text keys), and
// the message of a refusal that is not about one field. One helper for every form (account, profile, caregiver).
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** The key the server gives an error of the whole body rather than of one field: no field to put it on. */
const WHOLE_BODY_KEY = '_';

interface Options {
  /** Only refusals with this code carry field errors for this form (e.g. VALIDATION_FAILED). */
  code?: string;
  /** Moves the focus to the first refused field. */
  shouldFocus?: boolean;
}

/** Puts the field errors of a refused call on the form's fields; true when there were some. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { code, shouldFocus = false }: Options = {},
): boolean {
  const refusal = error instanceof ApiError ? error.error : undefined;
  if (!refusal || (code !== undefined && refusal.code !== code)) return false;
  const fieldErrors = Object.entries(refusal.fieldErrors ?? {}).filter(([field]) => field !== WHOLE_BODY_KEY);
  for (const [field, [key]] of fieldErrors)
    setError(field as FieldPath<T>, { message: key ?? 'errors.validation' }, { shouldFocus });
  return fieldErrors.length > 0;
}

/** The message key of a refused call that is not about one field (the fallback when the server gave none). */
export function errorKeyOf(error: unknown, fallback = 'errors.general'): string {
  return error instanceof ApiError && error.error ? error.error.message : fallback;
}
