// The server's side of the new-password rule (decision 041): sign-up, recovery and change of password refuse a common
// or breached password with the meter's own message, from the same list the meter uses (zxcvbn-ts's passwords-common).
// A Set lookup, never zxcvbn's scoring: that costs 2-45 ms of event loop per typical password and seconds for a long one.
import { isCommonPassword } from '@portal/contracts/password-rules';
import { AppError } from './errors.ts';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** The list, loaded on the first new password (about 20 ms, 49,233 entries) and kept: a login never loads it. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

/** VALIDATION_FAILED with `messageKey` on `field` when the new password is common or one of the person's own inputs. */
export async function refuseCommonPassword(
  password: string,
  userInputs: readonly string[],
  field: string,
  messageKey: string,
): Promise<void> {
  if (isCommonPassword(password, await loadCommonPasswords(), userInputs))
    throw new AppError('VALIDATION_FAILED', { [field]: [messageKey] });
}
