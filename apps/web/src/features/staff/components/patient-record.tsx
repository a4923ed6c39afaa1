// A patient's record as an agent reads it, read-only (decision 074): the essentials in sections with headings, from
// the record the opening answered. It stays in the screen's memory: nothing of it is stored or put in the URL.
import type { ReactNode } from 'react';
import type { CountryCode, IdentificationType } from '@portal/contracts/enums';
import { COUNTRY_DIAL_CODES } from '@portal/contracts/patient-fields';
import { maskIdentificationNumber } from '@portal/contracts/patient-identification';
import { todayInCountry } from '@portal/contracts/time-zones';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { countryName, formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useIdentificationTypeLabel } from '../../../patient/components/identification-type-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { OpenedRecord } from '../api/records-api.ts';
import { REASON_KEYS, RELATION_KEYS, statusKeyOf } from '../record-format.ts';
import { AssistedRecovery } from './assisted-recovery.tsx';
import { RecordActions } from './record-actions.tsx';
import { OutreachOutcome } from './outreach-outcome.tsx';
import { formatPdc } from './outreach-format.ts';
import { StepHeading } from './step-heading.tsx';

type Row = Record<string, unknown>;

/** An appointment's status as the export gives it (held slots are not in it). */
/** A change of the treatments' dose history. */
const HISTORY_CHANGE_KEYS: Partial<Record<string, string>> = {
  created: 'staff.records.record.history.created',
  modified: 'staff.records.record.history.modified',
  deleted: 'staff.records.record.history.deleted',
};

/** Whole days from one YYYY-MM-DD to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

const BOOKING_STATUS_KEYS: Partial<Record<string, string>> = {
  confirmed: 'staff.records.record.appointments.status.confirmed',
  moved: 'staff.records.record.appointments.status.moved',
  cancelled: 'staff.records.record.appointments.status.cancelled',
  completed: 'staff.records.record.appointments.status.completed',
  missed: 'staff.records.record.appointments.status.missed',
};

/** A row's value as text ('' when absent). */
const textOf = (row: Row | null | undefined, key: string): string => {
  const value = row?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};
const dateOf = (row: Row, key: string): string => (textOf(row, key) ? formatDate(textOf(row, key)) : '');
const fullName = (...parts: string[]) => parts.filter(Boolean).join(' ');

function phoneOf(row: Row | null | undefined, language: 'es' | 'en'): string {
  const number = textOf(row, 'phoneNumber');
  if (!number) return '';
  const country = textOf(row, 'phoneCountry') as CountryCode;
  const dial = (COUNTRY_DIAL_CODES as Partial<Record<string, string>>)[country];
  return dial ? `${dial} ${number}` : `${countryName(country, language)} ${number}`;
}

/** One section of the record: its heading, and its content or what it says when there is none. */
function RecordSection({
  id,
  title,
  isEmpty,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  isEmpty?: boolean;
  emptyText?: string;
  children?: ReactNode;
}) {
  return (
    <section className="staff-record__section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {isEmpty ? <p className="staff-record__empty">{emptyText}</p> : children}
    </section>
  );
}

/** A table of a section's rows, scrolled on its own when the window is narrow. */
function RecordTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    // A group, not a region: the section around it is already the landmark of that name.
    <div className="staff-table-wrap" tabIndex={0} role="group" aria-label={caption}>
      <table className="staff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the console adds to a record from other features: booking on the patient's behalf (app/staff-appointments.tsx). */
export type RenderAppointments = (patient: { id: number; country: string }) => ReactNode;

/** A lesson's title in the member's language (the learning feature's lesson index), or undefined when unknown. */
export type LessonTitleOf = (condition: string, lesson: string) => string | undefined;

export function PatientRecord({
  opened,
  renderAppointments,
  lessonTitleOf,
  outreachHref,
}: {
  opened: OpenedRecord;
  renderAppointments?: RenderAppointments | undefined;
  lessonTitleOf?: LessonTitleOf | undefined;
  /** The outreach list, for a record opened for an outbound adherence call (its outcome's form goes back to it). */
  outreachHref?: string | undefined;
}) {
  const t = useT();
  const { language } = useLanguage();
  const typeLabel = useIdentificationTypeLabel();
  const { patient: summary, record, sessions, fourPlusOne, grant } = opened;
  const patient = record.patient;
  const name = fullName(summary.firstName, summary.lastName, summary.secondLastName ?? '');
  const country = textOf(patient, 'country') as CountryCode;
  const identificationOf = (row: Row) =>
    textOf(row, 'legalIdentification')
      ? `${typeLabel(textOf(row, 'typeIdentification') as IdentificationType, country)} ${maskIdentificationNumber(
          textOf(row, 'legalIdentification'),
        )}`
      : '';
  const caregiver = record.caregiver;
  const dateTimeOf = (value: string, timeZone?: string) =>
    value
      ? new Intl.DateTimeFormat(language === 'es' ? 'es-419' : 'en-US', {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(timeZone ? { timeZone } : {}),
        }).format(new Date(value))
      : '';
  const notGiven = t('staff.records.record.notGiven');
  const today = todayInCountry((country || 'GT') as CountryCode);

  return (
    <section className="staff-step staff-record" aria-labelledby="staff-record-title">
      <StepHeading id="staff-record-title">{t('staff.records.record.title', { name })}</StepHeading>
      <p className="staff-record__grant">
        {t('staff.records.record.openedFor', {
          reason: t(REASON_KEYS[grant.reason]),
          date: dateTimeOf(grant.openedAt),
        })}
      </p>

      <div className="staff-record__layout">
        <div className="staff-record__data">
          <RecordSection id="staff-record-profile" title={t('staff.records.record.profile.title')}>
            <DetailsList
              rows={[
                [t('staff.records.record.profile.name'), name],
                [t('staff.records.record.profile.identification'), identificationOf(patient) || notGiven],
                [t('staff.records.record.profile.birthDate'), dateOf(patient, 'birthDate') || notGiven],
                [t('staff.records.record.profile.country'), country ? countryName(country, language) : notGiven],
                [t('staff.records.record.profile.status'), t(statusKeyOf(summary.status))],
                [t('staff.records.record.profile.email'), textOf(record.account, 'email') || notGiven],
                textOf(patient, 'emailAlternative')
                  ? [t('staff.records.record.profile.emailAlternative'), textOf(patient, 'emailAlternative')]
                  : null,
                [t('staff.records.record.profile.phone'), phoneOf(patient, language) || notGiven],
                // The notices the patient chose (their profile's "notices and reminders").
                [
                  t('staff.records.record.profile.notices'),
                  [
                    t(`profile.notices.channel.${textOf(patient, 'noticeChannel') || 'email'}`),
                    patient?.bookingReminders === true ? t('staff.records.record.profile.bookingReminders') : null,
                    patient?.refillReminders === true ? t('staff.records.record.profile.refillReminders') : null,
                  ]
                    .filter(Boolean)
                    .join('; '),
                ],
              ]}
            />
          </RecordSection>

          <RecordSection
            id="staff-record-caregiver"
            title={t('staff.records.record.caregiver.title')}
            isEmpty={!caregiver}
            emptyText={t('staff.records.record.caregiver.none')}
          >
            {caregiver ? (
              <DetailsList
                rows={[
                  [
                    t('staff.records.record.profile.name'),
                    fullName(textOf(caregiver, 'firstName'), textOf(caregiver, 'lastName')),
                  ],
                  [
                    t('staff.records.record.caregiver.relation'),
                    t(RELATION_KEYS[textOf(caregiver, 'relation')] ?? 'staff.records.status.other'),
                  ],
                  [t('staff.records.record.profile.identification'), identificationOf(caregiver) || notGiven],
                  [t('staff.records.record.profile.email'), textOf(caregiver, 'email') || notGiven],
                  [t('staff.records.record.profile.phone'), phoneOf(caregiver, language) || notGiven],
                ]}
              />
            ) : null}
          </RecordSection>

          <RecordSection
            id="staff-record-treatments"
            title={t('staff.records.record.treatments.title')}
            isEmpty={record.treatments.length === 0}
            emptyText={t('staff.records.record.treatments.none')}
          >
            <RecordTable
              caption={t('staff.records.record.treatments.title')}
              columns={[
                t('staff.records.record.treatments.medicine'),
                t('staff.records.record.treatments.dose'),
                t('staff.records.record.treatments.startDate'),
                t('staff.records.record.treatments.doctor'),
                t('staff.records.record.treatments.state'),
              ]}
              rows={record.treatments.map((row) => {
                const presentation = row.presentation as Partial<Record<'es' | 'en', string>> | undefined;
                return [
                  fullName(textOf(row, 'medicine'), presentation?.[language] ?? ''),
                  t('treatments.dose', { amount: Number(textOf(row, 'unitAmount')), unit: textOf(row, 'unit') }),
                  dateOf(row, 'startDate') || notGiven,
                  fullName(textOf(row, 'doctorFirstName'), textOf(row, 'doctorLastName')) || notGiven,
                  textOf(row, 'deletedAt')
                    ? t('staff.records.record.treatments.ended', { date: dateOf(row, 'deletedAt') })
                    : t('staff.records.record.treatments.current'),
                ];
              })}
            />
          </RecordSection>

          <RecordSection
            id="staff-record-adherence"
            title={t('staff.adherence.title')}
            isEmpty={record.adherence.length === 0}
            emptyText={t('staff.adherence.none')}
          >
            <RecordTable
              caption={t('staff.adherence.title')}
              columns={[
                t('staff.records.record.treatments.medicine'),
                t('staff.adherence.pdc'),
                t('staff.adherence.gap'),
                t('staff.adherence.persistent'),
                t('staff.adherence.coveredUntil'),
              ]}
              rows={record.adherence.map((row) => {
                const pdc = textOf(row, 'pdc');
                const coveredUntil = textOf(row, 'coveredUntil').slice(0, 10);
                const gap = coveredUntil ? Math.max(0, daysBetween(coveredUntil, today)) : null;
                return [
                  textOf(row, 'medicine'),
                  pdc ? formatPdc(Number(pdc), language) : t('staff.adherence.noPdc'),
                  gap === null ? '—' : t('staff.adherence.gapDays', { count: gap }),
                  row.persistent === true
                    ? t('staff.adherence.persistentYes')
                    : row.persistent === false
                      ? t('staff.adherence.persistentNo', { date: dateOf(row, 'persistenceEndedOn') || '—' })
                      : '—',
                  coveredUntil ? formatDate(coveredUntil) : '—',
                ];
              })}
            />
            <p className="staff-record__note">{t('staff.adherence.explained')}</p>
          </RecordSection>

          <RecordSection
            id="staff-record-treatment-history"
            title={t('staff.records.record.history.title')}
            isEmpty={record.treatmentHistory.length === 0}
            emptyText={t('staff.records.record.treatments.none')}
          >
            <RecordTable
              caption={t('staff.records.record.history.title')}
              columns={[
                t('staff.records.record.history.when'),
                t('staff.records.record.treatments.medicine'),
                t('staff.records.record.history.change'),
                t('staff.records.record.treatments.dose'),
              ]}
              rows={record.treatmentHistory.map((row) => [
                dateTimeOf(textOf(row, 'at')),
                textOf(row, 'medicine'),
                t(HISTORY_CHANGE_KEYS[textOf(row, 'change')] ?? 'staff.records.record.history.modified'),
                `${t('treatments.dose', { amount: Number(textOf(row, 'unitAmount')), unit: textOf(row, 'unit') })}, ${t(
                  'treatments.frequency',
                  {
                    amount: Number(textOf(row, 'frequencyAmount')),
                    interval: t(
                      `signup.details.frequency.intervals.${textOf(row, 'frequencyInterval') || 'day'}`,
                    ).toLocaleLowerCase(),
                  },
                )}`,
              ])}
            />
          </RecordSection>

          <RecordSection
            id="staff-record-codes"
            title={t('staff.records.record.codes.title')}
            isEmpty={record.discountCodes.length === 0}
            emptyText={t('staff.records.record.codes.none')}
          >
            <RecordTable
              caption={t('staff.records.record.codes.title')}
              columns={[
                t('staff.records.record.codes.code'),
                t('staff.records.record.codes.for'),
                t('staff.records.record.codes.validUntil'),
                t('staff.records.record.codes.state'),
              ]}
              rows={record.discountCodes.map((row) => [
                <span key="code" className="staff-mono">
                  {textOf(row, 'code')}
                </span>,
                textOf(row, 'medicine') || t('staff.records.record.codes.benefit'),
                dateOf(row, 'validUntil'),
                textOf(row, 'revokedAt')
                  ? t('staff.records.record.codes.revoked', { date: dateOf(row, 'revokedAt') })
                  : t('staff.records.record.codes.live'),
              ])}
            />
          </RecordSection>

          <RecordSection
            id="staff-record-four-plus-one"
            title={t('staff.records.record.fourPlusOne.title')}
            isEmpty={fourPlusOne.length === 0}
            emptyText={t('staff.records.record.fourPlusOne.none')}
          >
            <ul className="staff-record__list">
              {fourPlusOne.map((item) => (
                <li key={item.productId}>
                  <strong>{fullName(item.medicine, item.presentation[language])}</strong>:{' '}
                  {t('staff.records.record.fourPlusOne.progress', {
                    counted: item.progress.unitsTowardNext,
                    needed: item.progress.unitsPerFreeUnit,
                    free: item.progress.freeUnitsAvailable,
                  })}
                </li>
              ))}
            </ul>
          </RecordSection>

          <RecordSection
            id="staff-record-appointments"
            title={t('staff.records.record.appointments.title')}
            isEmpty={record.bookings.length === 0}
            emptyText={t('staff.records.record.appointments.none')}
          >
            <RecordTable
              caption={t('staff.records.record.appointments.title')}
              columns={[t('staff.records.record.appointments.when'), t('staff.records.record.appointments.state')]}
              rows={record.bookings.map((row) => [
                dateTimeOf(textOf(row, 'startsAt'), textOf(row, 'timeZone') || undefined),
                t(BOOKING_STATUS_KEYS[textOf(row, 'status')] ?? 'staff.records.record.appointments.status.other'),
              ])}
            />
          </RecordSection>

          <RecordSection
            id="staff-record-purchases"
            title={t('staff.records.record.purchases.title')}
            isEmpty={record.purchases.length === 0}
            emptyText={t('staff.records.record.purchases.none')}
          >
            <RecordTable
              caption={t('staff.records.record.purchases.title')}
              columns={[
                t('staff.records.record.purchases.date'),
                t('staff.records.record.treatments.medicine'),
                t('staff.records.record.purchases.pharmacy'),
                t('staff.records.record.purchases.quantity'),
                t('staff.records.record.purchases.total'),
              ]}
              rows={record.purchases.map((row) => [
                dateOf(row, 'purchasedAt'),
                textOf(row, 'medicine'),
                textOf(row, 'pharmacy'),
                textOf(row, 'quantity'),
                `${formatMoney(Number(textOf(row, 'total')), language, textOf(row, 'currency') || undefined)}${
                  textOf(row, 'reversedAt') ? ` (${t('staff.records.record.purchases.reversed')})` : ''
                }`,
              ])}
            />
          </RecordSection>

          <RecordSection
            id="staff-record-lessons"
            title={t('staff.records.record.lessons.title')}
            isEmpty={record.learningProgress.length === 0}
            emptyText={t('staff.records.record.lessons.none')}
          >
            <ul className="staff-record__list">
              {record.learningProgress.map((row) => (
                <li key={`${textOf(row, 'condition')}/${textOf(row, 'lesson')}`}>
                  {t('staff.records.record.lessons.item', {
                    lesson: lessonTitleOf?.(textOf(row, 'condition'), textOf(row, 'lesson')) ?? textOf(row, 'lesson'),
                    condition: t(`learning.conditions.${textOf(row, 'condition')}`),
                    date: dateOf(row, 'completedAt'),
                  })}
                </li>
              ))}
            </ul>
          </RecordSection>

          <RecordSection
            id="staff-record-sessions"
            title={t('staff.records.record.sessions.title')}
            isEmpty={sessions.length === 0}
            emptyText={t('staff.records.record.sessions.none')}
          >
            <RecordTable
              caption={t('staff.records.record.sessions.title')}
              columns={[
                t('staff.records.record.sessions.device'),
                t('staff.records.record.sessions.started'),
                t('staff.records.record.sessions.lastUsed'),
              ]}
              rows={sessions.map((session) => [
                // The device in the words the patient's own "my sessions" uses.
                t('account.sessions.device', {
                  browser: t(`account.sessions.browser.${session.browser}`),
                  system: t(`account.sessions.system.${session.system}`),
                }),
                dateTimeOf(session.createdAt),
                dateTimeOf(session.lastUsedAt),
              ])}
            />
          </RecordSection>

          <RecordSection
            id="staff-record-consents"
            title={t('staff.records.record.consents.title')}
            isEmpty={record.consents.length === 0}
            emptyText={t('staff.records.record.consents.none')}
          >
            <ul className="staff-record__list">
              {record.consents.map((consent) => (
                <li key={`${consent.termsVersion}-${consent.acceptedAt}`}>
                  {t('staff.records.record.consents.item', {
                    version: consent.termsVersion,
                    date: formatDate(consent.acceptedAt),
                  })}
                </li>
              ))}
            </ul>
          </RecordSection>
        </div>
        {/* What the agent does on the call, beside what they read (one column when narrow). */}
        <aside className="staff-record__work" aria-label={t('staff.records.record.work')}>
          {/* Opened for an outbound adherence call: what the call came to comes first. */}
          {grant.reason === 'outbound-adherence-call' && outreachHref ? (
            <OutreachOutcome patientId={summary.id} country={country} listHref={outreachHref} />
          ) : null}
          <AssistedRecovery patientId={summary.id} accountEmail={textOf(record.account, 'email')} />
          {renderAppointments?.({ id: summary.id, country })}
          <RecordActions patientId={summary.id} />
        </aside>
      </div>
    </section>
  );
}
