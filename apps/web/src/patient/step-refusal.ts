// Where a refusal of the server sends the patient back to: the step that asks for the refused field (its first field
// error), or the step a refusal's code is about, with the message to show there. The enrolment and my care's
// treatment questions both answer their refusals this way.
import { ApiError } from '../lib/api-client.ts';

interface StepRefusal<S extends string> {
  step: S;
  messageKey: string;
}

export function stepRefusalOf<S extends string>(
  error: unknown,
  stepOfField: (path: string) => S,
  stepOfCode: Readonly<Partial<Record<string, S>>>,
): StepRefusal<S> | undefined {
  if (!(error instanceof ApiError) || !error.error) return undefined;
  const { code, fieldErrors, message } = error.error;
  const [path, keys] = Object.entries(fieldErrors ?? {})[0] ?? [];
  if (path && keys?.[0]) return { step: stepOfField(path), messageKey: keys[0] };
  const step = stepOfCode[code];
  return step === undefined ? undefined : { step, messageKey: message };
}
