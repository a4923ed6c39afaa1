// t(key, values): the program's text in the user's language; {email} and {programName} are always filled.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { withSinglePeriods } from '@portal/contracts/sentence';
import { useProgram } from './program-context.tsx';

type Values = Record<string, string | number | Date | null | undefined>;

export function useT() {
  const intl = useIntl();
  const { program } = useProgram();
  return useCallback(
    // A value ending in a period at a sentence's end ("3:25 a. m.") keeps one period, not two.
    (key: string, values: Values = {}) =>
      withSinglePeriods(
        intl.formatMessage(
          { id: key },
          { email: program.supportEmail, programName: program.name, ...values },
        ) as string,
        values,
      ),
    [intl, program],
  );
}
