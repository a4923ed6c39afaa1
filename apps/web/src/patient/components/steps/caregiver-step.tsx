// Step 'caregiver': required for a minor (and said why); otherwise a yes/no question, the fields only for yes.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { CountryCode, IdentificationType, Language } from '@portal/contracts/enums';
import { ageOn, CaregiverSchema } from '@portal/contracts/patient-fields';
import { identificationMessageOf, normalizeIdentificationNumber } from '@portal/contracts/patient-identification';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { RadioField, YesNoField } from '../../../components/ui/radio-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { SignupDraft, StepProps } from '../../model.ts';
import { PhoneFields } from '../phone-fields.tsx';
import { IdentificationFields } from '../identification-type-field.tsx';
import { StepForm } from '../step-form.tsx';
import './person-fields.css';

type Caregiver = z.output<typeof CaregiverSchema>;
export type CaregiverPatch = { hasCaregiver: false } | ({ hasCaregiver: true } & Caregiver);
type Relation = Caregiver['relation'];

/** What the form holds while the person types (all optional: the patch for 'no' has only hasCaregiver). */
export interface CaregiverForm {
  hasCaregiver?: boolean;
  relation?: Relation;
  firstName?: string;
  lastName?: string;
  identification?: { type?: IdentificationType; number?: string };
  phone?: { country?: CountryCode; phoneNumber?: string };
  email?: string;
}

interface Options {
  isMinor: boolean;
  country: CountryCode;
  types: readonly IdentificationType[];
  /** The patient's identification: the caregiver must be someone else. */
  patient?: SignupDraft['identification'];
}

/** The form's values: the contract's caregiver (CaregiverSchema) behind the yes/no question. */
export function caregiverFormSchemaFor({ isMinor, country, types, patient }: Options) {
  return z
    .looseObject({
      hasCaregiver: isMinor ? z.unknown() : z.boolean({ error: 'signup.caregiver.hasCaregiver.required' }),
    })
    .transform((form, ctx): CaregiverPatch => {
      if (!isMinor && form.hasCaregiver === false) return { hasCaregiver: false };
      const parsed = CaregiverSchema.safeParse(form);
      const issuePaths = new Set<string>();
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = issue.path.map(String);
          if (issuePaths.has(path.join('.'))) continue;
          issuePaths.add(path.join('.'));
          ctx.addIssue({ code: 'custom', path, message: issue.message });
        }
      }
      // The identification rules the contract applies with the plan (signupSchemaFor), here on the field.
      const identification = (form.identification ?? {}) as { type?: unknown; number?: unknown };
      const type = identification.type as IdentificationType | undefined;
      const number =
        typeof identification.number === 'string' ? normalizeIdentificationNumber(identification.number) : '';
      if (type && !issuePaths.has('identification.type') && (!types.includes(type) || type === 'TYPE_MINOR')) {
        ctx.addIssue({
          code: 'custom',
          path: ['identification', 'type'],
          message: 'signup.idNumber.type.notAvailable',
        });
      } else if (type && number && !issuePaths.has('identification.number')) {
        const problem = identificationMessageOf(country, type, number);
        if (problem) {
          ctx.addIssue({ code: 'custom', path: ['identification', 'number'], message: problem });
        } else if (patient?.type === type && normalizeIdentificationNumber(patient.number ?? '') === number) {
          ctx.addIssue({ code: 'custom', path: ['identification', 'number'], message: 'signup.caregiver.samePerson' });
        }
      }
      if (!parsed.success) return z.NEVER;
      return { hasCaregiver: true, ...parsed.data };
    });
}

export function CaregiverStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const settings = ctx.plan?.fieldSettings;
  const country = ctx.plan?.country ?? draft.country ?? ctx.program.defaultCountry;
  const isMinor = Boolean(draft.birthDate && settings && ageOn(draft.birthDate, ctx.today) < settings.minorAgeYears);
  const types = useMemo(
    () => (ctx.plan?.identificationTypes ?? []).filter((type) => type !== 'TYPE_MINOR'),
    [ctx.plan],
  );
  const schema = useMemo(
    () => caregiverFormSchemaFor({ isMinor, country, types, patient: draft.identification }),
    [isMinor, country, types, draft.identification],
  );
  const saved = draft.caregiver;
  const { control, handleSubmit, formState } = useForm<CaregiverForm, unknown, CaregiverPatch>({
    resolver: zodResolver(schema) as unknown as Resolver<CaregiverForm, unknown, CaregiverPatch>,
    shouldUnregister: false,
    defaultValues: {
      hasCaregiver: isMinor ? true : saved?.hasCaregiver,
      relation: saved?.relation,
      firstName: saved?.firstName ?? '',
      lastName: saved?.lastName ?? '',
      identification: {
        type: saved?.identification?.type ?? (types.length === 1 ? types[0] : undefined),
        number: saved?.identification?.number ?? '',
      },
      phone: { country: saved?.phone?.country ?? country, phoneNumber: saved?.phone?.phoneNumber ?? '' },
      email: saved?.email ?? '',
    },
  });
  const hasCaregiver = useWatch({ control, name: 'hasCaregiver' });
  const showFields = isMinor || hasCaregiver === true;

  const onSubmit = handleSubmit((caregiver) => {
    onDone({ caregiver });
  });

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.caregiver.title')}>
      <p className="step__subtitle">{t('signup.caregiver.subtitle')}</p>
      {isMinor ? (
        <FormAlert tone="info" focusOnShow={false}>
          {t('signup.caregiver.minorNotice')}
        </FormAlert>
      ) : (
        <YesNoField control={control} name="hasCaregiver" label={t('signup.caregiver.hasCaregiver.label')} isRequired />
      )}
      {showFields ? (
        <CaregiverFields control={control} types={types} country={country} language={ctx.language} />
      ) : null}
    </StepForm>
  );
}

/** The caregiver's questions (relation, names, identification, phone, e-mail): the enrolment's step and the profile's form. */
export function CaregiverFields({
  control,
  types,
  country,
  language,
}: {
  control: Control<CaregiverForm>;
  types: readonly IdentificationType[];
  country: CountryCode;
  language: Language;
}) {
  const t = useT();
  return (
    <div className="stack">
      <RadioField
        control={control}
        name="relation"
        label={t('signup.caregiver.relation.label')}
        options={[
          { value: 'DIRECT_FAMILY', text: t('signup.caregiver.relation.directFamily') },
          { value: 'INDIRECT_FAMILY', text: t('signup.caregiver.relation.indirectFamily') },
          { value: 'OTHER', text: t('signup.caregiver.relation.other') },
        ]}
        isRequired
      />
      <FormTextField
        control={control}
        name="firstName"
        label={t('signup.caregiver.firstName.label')}
        autoComplete="off"
        isRequired
      />
      <FormTextField
        control={control}
        name="lastName"
        label={t('signup.caregiver.lastName.label')}
        autoComplete="off"
        isRequired
      />
      <IdentificationFields control={control} name="identification" types={types} whose="caregiver" country={country} />
      <PhoneFields
        control={control}
        name="phone"
        numberLabel={t('signup.caregiver.phone.label')}
        language={language}
        autoComplete="off"
        className="phone-fields"
      />
      <FormTextField
        control={control}
        name="email"
        label={t('signup.caregiver.email.label')}
        isOptional
        type="email"
        autoComplete="off"
      />
    </div>
  );
}
