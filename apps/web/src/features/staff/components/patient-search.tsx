// Finding a patient (decision 074): by identification (the types of each of the program's countries, named as at
// sign-up), e-mail, phone, or the start of the names; one kind of term at a time. The terms stay in this screen's
// state and the search's POST body (never the URL); the patients found are a table to choose from.
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Form } from 'react-aria-components';
import type { CountryCode, IdentificationType } from '@portal/contracts/enums';
import { identificationMessageOf } from '@portal/contracts/patient-identification';
import {
  StaffPatientSearchBodySchema,
  type StaffPatientSearchBody,
  type StaffPatientSummary,
} from '@portal/contracts/staff-records';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { EmailField, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { RegionError } from '../../../components/ui/region-error.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { countryName } from '../../../lib/format.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { isConnectionError } from '../../../lib/online.ts';
import { useLanguage } from '../../../lib/language.tsx';
import {
  IdentificationFields,
  useIdentificationTypeLabel,
} from '../../../patient/components/identification-type-field.tsx';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { searchPatients } from '../api/records-api.ts';
import { recordsMemory, type RememberedSearch, type SearchTerms } from '../records-memory.ts';
import { statusKeyOf } from '../record-format.ts';
import { StepHeading } from './step-heading.tsx';

const EMPTY_TERMS: SearchTerms = {
  by: 'identification',
  country: '',
  identification: { type: '', number: '' },
  email: '',
  phone: '',
  firstName: '',
  surname: '',
};

/** The search's body of the chosen kind of term: only that term leaves the screen. */
function bodyOf(terms: SearchTerms): unknown {
  switch (terms.by) {
    case 'identification':
      return { by: 'identification', identification: terms.identification };
    case 'email':
      return { by: 'email', email: terms.email };
    case 'phone':
      return { by: 'phone', phone: terms.phone };
    case 'name':
      return {
        by: 'name',
        ...(terms.firstName.trim() ? { firstName: terms.firstName } : {}),
        ...(terms.surname.trim() ? { surname: terms.surname } : {}),
      };
  }
}

interface Props {
  onOpen: (patient: StaffPatientSummary) => void;
}

export function PatientSearch({ onOpen }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const { program, config } = useProgram();
  const typeLabel = useIdentificationTypeLabel();
  const remembered = recordsMemory.lastSearch;
  const [found, setFound] = useState<RememberedSearch | undefined>(remembered);
  const [failure, setFailure] = useState<{ key: string; body: StaffPatientSearchBody; terms: SearchTerms }>();
  const [isRetrying, setIsRetrying] = useState(false);
  const { control, handleSubmit, setError, clearErrors, formState } = useForm<SearchTerms>({
    defaultValues: remembered?.terms ?? EMPTY_TERMS,
  });
  const by = useWatch({ control, name: 'by' });
  const country = useWatch({ control, name: 'country' }) as CountryCode | '';

  const plans = config?.supportPlans ?? [];
  const countries = [...new Set(program.supportPlans.map((plan) => plan.country))];
  const types: IdentificationType[] = [
    ...new Set(plans.filter((plan) => plan.country === country).flatMap((plan) => plan.identificationTypes)),
  ];

  const run = async (body: StaffPatientSearchBody, terms: SearchTerms) => {
    setFailure(undefined);
    try {
      const answer = await searchPatients(body);
      const search = { terms, patients: answer.patients, isTruncated: answer.isTruncated };
      recordsMemory.remember(search);
      setFound(search);
    } catch (error) {
      setFound(undefined);
      if (applyFieldErrors<SearchTerms>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true })) return;
      setFailure({
        key: isConnectionError(error) ? 'errors.regionOffline' : errorKeyOf(error, 'errors.loadInformation'),
        body,
        terms,
      });
    }
  };

  const onSubmit = handleSubmit(async (terms) => {
    clearErrors();
    const parsed = StaffPatientSearchBodySchema.safeParse(bodyOf(terms));
    const problems: [FieldPath<SearchTerms>, string][] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => [
          (issue.path.length > 0 ? issue.path.join('.') : 'by') as FieldPath<SearchTerms>,
          issue.message,
        ]);
    // The number is checked against the chosen country's documents, as at sign-up.
    if (parsed.success && parsed.data.by === 'identification' && country) {
      const problem = identificationMessageOf(
        country,
        parsed.data.identification.type,
        parsed.data.identification.number,
      );
      if (problem) problems.push(['identification.number', problem]);
    }
    if (by === 'identification' && !country) problems.unshift(['country', 'staff.records.search.country.required']);
    if (problems.length > 0 || !parsed.success) {
      problems.forEach(([field, message], index) => setError(field, { message }, { shouldFocus: index === 0 }));
      return;
    }
    await run(parsed.data, terms);
  });

  return (
    <section className="staff-step" aria-labelledby="staff-search-title">
      <StepHeading id="staff-search-title">{t('staff.records.search.title')}</StepHeading>
      <p>{t('staff.records.search.lead')}</p>
      <Form className="stack staff-search" onSubmit={onSubmit} validationBehavior="aria" autoComplete="off">
        <RadioField
          control={control}
          name="by"
          label={t('staff.records.search.by.label')}
          orientation="horizontal"
          options={[
            { value: 'identification', text: t('staff.records.search.by.identification') },
            { value: 'email', text: t('staff.records.search.by.email') },
            { value: 'phone', text: t('staff.records.search.by.phone') },
            { value: 'name', text: t('staff.records.search.by.name') },
          ]}
        />
        {by === 'identification' ? (
          <div className="staff-search__fields">
            <SelectField
              control={control}
              name="country"
              label={t('staff.records.search.country.label')}
              placeholder={t('common.select')}
              options={countries.map((code) => ({ value: code, text: countryName(code, language) }))}
              isRequired
            />
            {country ? (
              <IdentificationFields
                control={control}
                name="identification"
                types={types}
                whose="patient"
                country={country}
              />
            ) : null}
          </div>
        ) : null}
        {by === 'email' ? (
          <EmailField control={control} name="email" label={t('staff.records.search.email.label')} isRequired />
        ) : null}
        {by === 'phone' ? (
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('staff.records.search.phone.label')}
            description={t('staff.records.search.phone.hint')}
            autoComplete="off"
            isRequired
          />
        ) : null}
        {by === 'name' ? (
          <div className="staff-search__fields">
            <FormTextField
              control={control}
              name="firstName"
              label={t('staff.records.search.firstName.label')}
              description={t('staff.records.search.name.hint')}
              autoComplete="off"
            />
            <FormTextField
              control={control}
              name="surname"
              label={t('staff.records.search.surname.label')}
              autoComplete="off"
            />
          </div>
        ) : null}
        <div className="actions">
          <PendingButton
            type="submit"
            isPending={formState.isSubmitting}
            pendingLabel={t('staff.records.search.searching')}
          >
            {t('staff.records.search.submit')}
          </PendingButton>
        </div>
      </Form>

      <section aria-labelledby="staff-results-title">
        <h3 id="staff-results-title">{t('staff.records.results.title')}</h3>
        {/* What a search found, said once to a screen reader (not the whole table). */}
        <p role="status" className="visually-hidden">
          {found ? t('staff.records.results.caption', { count: found.patients.length }) : ''}
        </p>
        {failure ? (
          <RegionError
            messageKey={failure.key}
            isRetrying={isRetrying}
            onRetry={() => {
              setIsRetrying(true);
              void run(failure.body, failure.terms).finally(() => setIsRetrying(false));
            }}
          />
        ) : !found ? (
          <p>{t('staff.records.results.none')}</p>
        ) : found.patients.length === 0 ? (
          <EmptyState message={t('staff.records.results.empty')} />
        ) : (
          <>
            {found.isTruncated ? (
              <FormAlert tone="info" focusOnShow={false}>
                {t('staff.records.results.truncated', { count: found.patients.length })}
              </FormAlert>
            ) : null}
            <div className="staff-table-wrap">
              <table className="staff-table">
                <caption className="visually-hidden">
                  {t('staff.records.results.caption', { count: found.patients.length })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('staff.records.results.name')}</th>
                    <th scope="col">{t('staff.records.results.identification')}</th>
                    <th scope="col">{t('staff.records.results.country')}</th>
                    <th scope="col">{t('staff.records.results.program')}</th>
                    <th scope="col">{t('staff.records.results.status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('staff.records.results.action')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {found.patients.map((patient) => {
                    const name = [patient.firstName, patient.lastName, patient.secondLastName]
                      .filter(Boolean)
                      .join(' ');
                    return (
                      <tr key={patient.id}>
                        <th scope="row">{name}</th>
                        <td>
                          {typeLabel(patient.identification.type as IdentificationType, patient.country as CountryCode)}{' '}
                          <span className="staff-mono">{patient.identification.masked}</span>
                        </td>
                        <td>{countryName(patient.country, language)}</td>
                        <td>{patient.program.name}</td>
                        <td>{t(statusKeyOf(patient.status))}</td>
                        <td>
                          <PendingButton
                            variant="ghost"
                            aria-label={t('staff.records.results.openNamed', { name })}
                            onPress={() => onOpen(patient)}
                          >
                            {t('staff.records.results.open')}
                          </PendingButton>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </section>
  );
}
