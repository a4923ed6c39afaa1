// The caregiver's form outside the enrolment (add or change the caregiver from the profile): the enrolment
// step's questions and rules (CaregiverFields, caregiverFormSchemaFor), with the server's refusals on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Form } from 'react-aria-components';
import type { CaregiverView } from '@portal/contracts/caregiver';
import type { CountryCode, IdentificationType, Language } from '@portal/contracts/enums';
import type { Caregiver } from '@portal/contracts/patient-fields';
import { useClearAnnouncementsOnUnmount } from '../../lib/announcer.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import {
  caregiverFormSchemaFor,
  CaregiverFields,
  type CaregiverForm as FormValues,
  type CaregiverPatch,
} from './steps/caregiver-step.tsx';
import { useT } from '../../program/use-t.ts';

interface CaregiverFormProps {
  formId: string;
  initial?: CaregiverView | null;
  country: CountryCode;
  /** The plan's identification types (never TYPE_MINOR for a caregiver). */
  types: readonly IdentificationType[];
  patientIdentification: { type: IdentificationType; number: string };
  language: Language;
  onSubmit: (caregiver: Caregiver) => Promise<unknown>;
}

export function CaregiverForm({
  formId,
  initial,
  country,
  types,
  patientIdentification,
  language,
  onSubmit,
}: CaregiverFormProps) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  useClearAnnouncementsOnUnmount();
  const caregiverTypes = useMemo(() => types.filter((type) => type !== 'TYPE_MINOR'), [types]);
  const schema = useMemo(
    () => caregiverFormSchemaFor({ isMinor: true, country, types: caregiverTypes, patient: patientIdentification }),
    [country, caregiverTypes, patientIdentification],
  );
  const { control, handleSubmit, formState, setError } = useForm<FormValues, unknown, CaregiverPatch>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, CaregiverPatch>,
    defaultValues: {
      hasCaregiver: true,
      relation: initial?.relation,
      firstName: initial?.firstName ?? '',
      lastName: initial?.lastName ?? '',
      identification: {
        type: initial?.typeIdentification ?? (caregiverTypes.length === 1 ? caregiverTypes[0] : undefined),
        number: initial?.legalIdentification ?? '',
      },
      phone: { country: initial?.phone?.country ?? country, phoneNumber: initial?.phone?.phoneNumber ?? '' },
      email: initial?.email ?? '',
    },
  });
  const submit = handleSubmit(async (patch) => {
    if (!patch.hasCaregiver) return;
    const { hasCaregiver: _yes, ...caregiver } = patch;
    setFailed(false);
    try {
      await onSubmit(caregiver);
    } catch (error) {
      if (applyFieldErrors(error, setError, { shouldFocus: true })) return;
      if (error instanceof ApiError && error.error?.code === 'CAREGIVER_ALREADY_REGISTERED')
        setError('identification.number', { message: error.error.message }, { shouldFocus: true });
      else setFailed(true);
    }
  });
  return (
    <Form id={formId} className="stack" onSubmit={(event) => void submit(event)} validationBehavior="aria">
      <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} />
      {failed ? <FormAlert tone="error">{t('errors.general')}</FormAlert> : null}
      <CaregiverFields control={control} types={caregiverTypes} country={country} language={language} />
    </Form>
  );
}
