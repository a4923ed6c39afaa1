// The shown names of the identification types: the patient's own (enrolment) and their caregiver's (enrolment, profile).
import { useCallback } from 'react';
import type { IdentificationType } from '@portal/contracts/enums';
import { useT } from '../../program/use-t.ts';

/** The shown name of an identification type (literal keys, for the text checker). */
export function useIdentificationTypeLabel() {
  const t = useT();
  return useCallback(
    (type: IdentificationType): string => {
      switch (type) {
        case 'IDENTIFICATION':
          return t('signup.identification.types.identification');
        case 'IDENTIFICATION_GT':
          return t('signup.identification.types.identificationGt');
        case 'LICENSE':
          return t('signup.identification.types.license');
        case 'SOCIAL_SECURITY':
          return t('signup.identification.types.socialSecurity');
        case 'PASSPORT':
          return t('signup.identification.types.passport');
        case 'TYPE_OTHER':
          return t('signup.identification.types.typeOther');
        case 'TYPE_MINOR':
          return t('signup.identification.types.typeMinor');
        case 'FOREIGN':
          return t('signup.identification.types.foreign');
      }
    },
    [t],
  );
}
