// Step 'idNumber': the patient's identification type and number, checked against the country's format and
// against the program (already registered?); in Costa Rica the citizen register prefills the next steps.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CountryCode, IdentificationType } from '@portal/contracts/enums';
import {
  IdentificationSchema,
  identificationMessageOf,
  normalizeIdentificationNumber,
} from '@portal/contracts/patient-identification';
import type { Citizen } from '@portal/contracts/signup';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { useT } from '../../../../program/use-t.ts';
import { isIdentificationRegistered, lookUpCitizen } from '../../api/signup-api.ts';
import type { SignupDraft, StepProps } from '../../../../patient/model.ts';
import { IdentificationFields } from '../../../../patient/components/identification-type-field.tsx';
import { usePlanCheck } from '../../use-plan-check.ts';
import { useStepPending } from '../../../../patient/hooks/use-step-pending.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';
import '../../../../patient/components/steps/person-fields.css';

/** The contract's identification, with the format of the plan's country and the plan's types. */
function identificationSchemaFor(country: CountryCode, types: readonly IdentificationType[]) {
  return z.object({
    identification: IdentificationSchema.superRefine((identification, ctx) => {
      if (types.length > 0 && !types.includes(identification.type)) {
        ctx.addIssue({ code: 'custom', path: ['type'], message: 'signup.idNumber.type.notAvailable' });
      } else {
        // What is wrong, said as such: the length, the characters, a CURP's date, a check digit (decision 053).
        const problem = identificationMessageOf(country, identification.type, identification.number);
        if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
      }
    }),
  });
}

/** What the citizen register adds to the draft (names, gender and birth date). */
function citizenPatch(citizen: Citizen): Partial<SignupDraft> {
  const birthDate = /^\d{4}-\d{2}-\d{2}/.test(citizen.birthDate) ? citizen.birthDate.slice(0, 10) : undefined;
  return {
    personalInfo: {
      firstName: citizen.firstName,
      lastName: citizen.lastName,
      secondSurname: citizen.secondSurname ?? undefined,
      gender: citizen.gender,
    },
    ...(birthDate ? { birthDate } : {}),
  };
}

type Status = 'idle' | 'checking' | 'lookingUp';

export function IdNumberStep({ formId, draft, ctx, onDone, onPendingChange }: StepProps) {
  const t = useT();
  const country = ctx.plan?.country ?? draft.country ?? ctx.program.defaultCountry;
  const supportPlanId = ctx.plan?.id ?? draft.supportPlanId;
  const types = useMemo(() => ctx.plan?.identificationTypes ?? [], [ctx.plan]);
  const schema = useMemo(() => identificationSchemaFor(country, types), [country, types]);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: {
      identification: {
        type: draft.identification?.type ?? (types.length === 1 ? types[0] : undefined),
        number: draft.identification?.number ?? '',
      },
    },
  });
  const [status, setStatus] = useState<Status>('idle');
  const check = usePlanCheck(supportPlanId);
  const checkFailed = check.failures;

  useStepPending(status !== 'idle', onPendingChange);
  const onSubmit = handleSubmit(({ identification: { type, number } }) =>
    check.run(async (planId) => {
      try {
        setStatus('checking');
        let registered: boolean;
        try {
          registered = await isIdentificationRegistered(planId, type, number, country);
        } catch {
          check.fail();
          return;
        }
        if (registered) {
          setError(
            'identification.number',
            { type: 'server', message: 'signup.idNumber.alreadyRegistered' },
            { shouldFocus: true },
          );
          return;
        }
        let prefill: Partial<SignupDraft> = {};
        if (country === 'CR' && type === 'IDENTIFICATION') {
          // Prefill from the register for a new number, or when nothing was typed yet (never over the person's own corrections).
          const previous = draft.identification;
          const sameNumber = previous?.type === type && normalizeIdentificationNumber(previous.number ?? '') === number;
          if (!sameNumber || !draft.personalInfo?.firstName) {
            setStatus('lookingUp');
            const citizen = await lookUpCitizen(type, number);
            if (citizen) prefill = citizenPatch(citizen);
          }
        }
        onDone({ identification: { type, number }, ...prefill });
      } finally {
        setStatus('idle');
      }
    }),
  );

  return (
    <StepForm
      id={formId}
      formState={formState}
      onSubmit={onSubmit}
      title={t('signup.idNumber.title')}
      isBusy={status !== 'idle'}
      alert={
        checkFailed > 0 ? (
          <FormAlert key={checkFailed} tone="error">
            {t('signup.idNumber.cannotValidate')}
          </FormAlert>
        ) : null
      }
    >
      <p className="step__subtitle">{t('signup.idNumber.subtitle')}</p>
      <IdentificationFields control={control} name="identification" types={types} whose="patient" country={country} />
      <p className="step__status" role="status" aria-live="polite">
        {status === 'checking'
          ? t('signup.idNumber.checking')
          : status === 'lookingUp'
            ? t('signup.idNumber.citizenLookup')
            : ''}
      </p>
    </StepForm>
  );
}
