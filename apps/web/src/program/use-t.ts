// t(key, values): the program's text in the user's language; {email} and {programName} are always filled.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useProgram } from './program-context.tsx';

type Values = Record<string, string | number | Date | null | undefined>;

export function useT() {
  const intl = useIntl();
  const { program } = useProgram();
  return useCallback(
    (key: string, values: Values = {}) =>
      intl.formatMessage({ id: key }, { email: program.supportEmail, programName: program.name, ...values }) as string,
    [intl, program],
  );
}
