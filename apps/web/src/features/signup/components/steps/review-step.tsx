// The last step: what the enrolment will send, part by part as the steps asked it, each with "Change" (that step,
// then back here), before "Send". The birth date in words beside mm/dd/yyyy, so a misread date shows (decision 053).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import type { SignupStep } from '@portal/contracts/program-files';
import { COUNTRY_DIAL_CODES, type PlanProduct } from '@portal/contracts/patient-fields';
import { Card } from '../../../../components/ui/card.tsx';
import { DetailsList, type DetailsRow } from '../../../../components/ui/details-list.tsx';
import { formatDate, formatDateInWords } from '../../../../lib/format.ts';
import { useT } from '../../../../program/use-t.ts';
import { countriesQuery } from '../../../../patient/api/places-api.ts';
import { useIdentificationTypeLabel } from '../../../../patient/components/identification-type-field.tsx';
import { GENDER_KEYS } from '../../../../patient/gender.ts';
import { isStepVisible, type SignupDraft, type TreatmentDraft, type WizardContext } from '../../../../patient/model.ts';
import './review-step.css';

const RELATION_KEYS = {
  DIRECT_FAMILY: 'signup.caregiver.relation.directFamily',
  INDIRECT_FAMILY: 'signup.caregiver.relation.indirectFamily',
  OTHER: 'signup.caregiver.relation.other',
} as const;
const LENGTH_KEYS = {
  day: 'signup.treatment.intervals.day',
  week: 'signup.treatment.intervals.week',
  month: 'signup.treatment.intervals.month',
  year: 'signup.treatment.intervals.year',
} as const;
const FREQUENCY_KEYS = {
  day: 'signup.details.frequency.intervals.day',
  week: 'signup.details.frequency.intervals.week',
  month: 'signup.details.frequency.intervals.month',
  year: 'signup.details.frequency.intervals.year',
} as const;

/** "1 año", "6 months": the length as a number with its unit, in the language (singular or plural by Intl). */
function durationText(amount: number, interval: keyof typeof LENGTH_KEYS, language: string): string | undefined {
  if (!Number.isFinite(amount)) return undefined;
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: interval, unitDisplay: 'long' }).format(amount);
  } catch {
    return undefined;
  }
}

interface Props {
  formId: string;
  draft: SignupDraft;
  ctx: WizardContext;
  products: PlanProduct[];
  /** "Change": the step that asks for this part (the wizard comes back here after it). */
  onChangePart: (step: SignupStep) => void;
  /** "Send": the enrolment goes to the server. */
  onSend: () => void;
}

export function ReviewStep({ formId, draft, ctx, products, onChangePart, onSend }: Props) {
  const t = useT();
  const typeLabel = useIdentificationTypeLabel();
  const countries = useQuery(countriesQuery(ctx.language));
  const shows = (step: SignupStep) => isStepVisible(step, ctx, draft);
  const notGiven = t('signup.review.notGiven');
  const text = (value: string | undefined) => (value && value.trim() !== '' ? value : notGiven);
  const country = draft.country;
  const countryName = countries.data?.find((item) => item.code === country)?.name ?? country ?? notGiven;
  const phone = (value: { country?: string; phoneNumber?: string } | undefined) =>
    value?.phoneNumber
      ? `${COUNTRY_DIAL_CODES[(value.country ?? country ?? 'CR') as keyof typeof COUNTRY_DIAL_CODES]} ${value.phoneNumber}`
      : notGiven;
  const birthDate = draft.birthDate;
  const caregiver = draft.caregiver?.hasCaregiver ? draft.caregiver : undefined;
  const medicines: TreatmentDraft[] = [
    ...(draft.treatments ?? []),
    ...(draft.treatment?.productId !== undefined ? [draft.treatment] : []),
  ];

  const part = (step: SignupStep, title: string, rows: (DetailsRow | false)[], extra?: ReactNode) =>
    shows(step) ? (
      <Card
        key={step}
        title={title}
        headingLevel={3}
        className="review__part"
        action={
          <Button
            className="button button--ghost review__change"
            aria-label={t('signup.review.changePart', { part: title })}
            onPress={() => onChangePart(step)}
          >
            {t('signup.review.change')}
          </Button>
        }
      >
        {rows.length > 0 ? <DetailsList rows={rows} /> : null}
        {extra}
      </Card>
    ) : null;

  return (
    <Form
      id={formId}
      className="stack review"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <h2 className="step__title">{t('signup.review.title')}</h2>
      <p className="step__subtitle">{t('signup.review.subtitle')}</p>
      {part('country', t('signup.country.label'), [[t('signup.country.label'), countryName]])}
      {part('email', t('signup.email.label'), [[t('signup.email.label'), text(draft.email)]])}
      {part('idNumber', t('signup.idNumber.title'), [
        [
          t('signup.idNumber.type.label'),
          draft.identification?.type && country ? typeLabel(draft.identification.type, country) : notGiven,
        ],
        [t('signup.idNumber.label'), text(draft.identification?.number)],
      ])}
      {part('personalInfo', t('signup.personalInfo.title'), [
        [t('signup.personalInfo.firstName.label'), text(draft.personalInfo?.firstName)],
        [t('signup.personalInfo.lastName.label'), text(draft.personalInfo?.lastName)],
        ctx.plan?.fieldSettings.fields.secondSurname !== 'hidden' && [
          t('signup.personalInfo.secondSurname.label'),
          text(draft.personalInfo?.secondSurname),
        ],
        [
          t('signup.personalInfo.gender.label'),
          draft.personalInfo?.gender ? t(GENDER_KEYS[draft.personalInfo.gender]) : notGiven,
        ],
      ])}
      {part('weight', t('signup.weight.label'), [
        [
          t('signup.weight.label'),
          draft.weight?.value ? `${draft.weight.value} ${draft.weight.unit ?? 'kg'}` : notGiven,
        ],
      ])}
      {part('birthdate', t('signup.birthdate.label'), [
        [
          t('signup.birthdate.label'),
          birthDate ? (
            <>
              <strong className="review__words">{formatDateInWords(birthDate, ctx.language)}</strong>{' '}
              <span className="review__format">({formatDate(birthDate)})</span>
            </>
          ) : (
            notGiven
          ),
        ],
      ])}
      {part(
        'caregiver',
        t('signup.caregiver.title'),
        caregiver
          ? [
              [
                t('signup.caregiver.relation.label'),
                caregiver.relation ? t(RELATION_KEYS[caregiver.relation]) : notGiven,
              ],
              [
                t('signup.caregiver.firstName.label'),
                `${caregiver.firstName ?? ''} ${caregiver.lastName ?? ''}`.trim(),
              ],
              [
                t('signup.caregiver.idNumber.label'),
                `${caregiver.identification?.type && country ? typeLabel(caregiver.identification.type, country) : ''} ${caregiver.identification?.number ?? ''}`.trim(),
              ],
              [t('signup.caregiver.phone.label'), phone(caregiver.phone)],
            ]
          : [[t('signup.caregiver.title'), t('signup.review.caregiverNone')]],
      )}
      {part('contact', t('signup.contact.title'), [
        [t('signup.contact.phone.label'), phone(draft.contact?.phone)],
        Boolean(draft.contact?.phoneAlternative) && [
          t('signup.contact.phoneAlternative.label'),
          text(draft.contact?.phoneAlternative),
        ],
        Boolean(draft.contact?.emailAlternative) && [
          t('signup.contact.emailAlternative.label'),
          text(draft.contact?.emailAlternative),
        ],
      ])}
      {part('address', t('signup.address.title'), [
        [t('signup.address.search.label'), text(draft.address?.location?.label)],
        [t('signup.address.line.label'), text(draft.address?.line)],
      ])}
      {part('password', t('signup.password.password.label'), [
        [t('signup.password.password.label'), draft.password ? t('signup.review.passwordSet') : notGiven],
      ])}
      {part('consent', t('signup.consent.title'), [
        [t('signup.consent.title'), draft.consent?.accepted ? t('signup.review.consentAccepted') : notGiven],
      ])}
      {part(
        'treatment',
        t('signup.review.medicines'),
        [],
        medicines.map((medicine, index) => {
          const product = products.find((item) => item.id === medicine.productId);
          const length = medicine.duration?.interval
            ? (durationText(Number(medicine.duration.amount), medicine.duration.interval, ctx.language) ??
              `${medicine.duration.amount ?? ''} ${t(LENGTH_KEYS[medicine.duration.interval])}`)
            : notGiven;
          const frequency = medicine.frequency?.interval
            ? `${medicine.frequency.amount ?? ''} ${t(FREQUENCY_KEYS[medicine.frequency.interval]).toLocaleLowerCase(ctx.language)}`
            : notGiven;
          const start = medicine.notStarted
            ? t('signup.startDate.notStarted')
            : medicine.startDate
              ? `${formatDateInWords(medicine.startDate, ctx.language)} (${formatDate(medicine.startDate)})`
              : undefined;
          return (
            <DetailsList
              key={medicine.productId ?? index}
              rows={[
                [
                  t('signup.treatment.medicine.label'),
                  product ? `${product.medicine} · ${product.presentation[ctx.language]}` : notGiven,
                ],
                [t('signup.treatment.length.label'), length],
                [t('signup.details.dose.label'), text(medicine.unitAmount)],
                [t('signup.details.frequency.times.label'), frequency],
                start !== undefined && [t('signup.startDate.label'), start],
              ]}
            />
          );
        }),
      )}
    </Form>
  );
}
