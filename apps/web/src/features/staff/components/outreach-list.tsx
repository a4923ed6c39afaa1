// The outreach list (decision 080): the program's patients to call, at most risk first, each with why they are on it
// and who holds them. Taking one claims it for 30 minutes and opens the record with the reason "outbound adherence
// call" already chosen; what the call came to is recorded on the record (outreach-outcome.tsx).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutreachEntry, OutreachReason } from '@portal/contracts/outreach';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { countryName, formatDateInWords } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { claimOutreachEntry, outreachQuery } from '../api/outreach-api.ts';
import { dateTimeIn } from './admin-format.ts';
import { formatPdc } from './outreach-format.ts';
import { StepHeading } from './step-heading.tsx';

interface Props {
  /** Opens the record of a patient just taken, with the outbound call's reason chosen. */
  onTaken: (patientId: number) => void;
}

export function OutreachList({ onTaken }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const list = useQuery(outreachQuery());
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();

  const take = async (entry: OutreachEntry) => {
    setFailure(undefined);
    try {
      await claimOutreachEntry(entry.patientId);
      onTaken(entry.patientId);
    } catch (error) {
      setFailure(errorKeyOf(error));
      await queryClient.invalidateQueries({ queryKey: outreachQuery().queryKey });
    }
  };

  return (
    <section className="staff-step" aria-labelledby="staff-outreach-title">
      <StepHeading id="staff-outreach-title">{t('staff.outreach.title')}</StepHeading>
      <p>{t('staff.outreach.lead')}</p>
      {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
      <QueryRegion query={list} lines={6}>
        {({ entries, isTruncated, refreshedAt }) => (
          <>
            <p className="staff-outreach__refreshed">
              {refreshedAt
                ? t('staff.outreach.refreshedAt', { time: dateTimeIn(language, refreshedAt) })
                : t('staff.outreach.neverRefreshed')}
            </p>
            {entries.length === 0 ? (
              <EmptyState message={t('staff.outreach.empty')} />
            ) : (
              <div className="staff-table-wrap">
                <table className="staff-table staff-table--outreach">
                  <caption className="visually-hidden">
                    {t('staff.outreach.caption', { count: entries.length })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('staff.outreach.patient')}</th>
                      <th scope="col">{t('staff.outreach.why')}</th>
                      <th scope="col">{t('staff.outreach.daysAtRisk')}</th>
                      <th scope="col">
                        <abbr title={t('staff.adherence.pdcLong')}>{t('staff.adherence.pdc')}</abbr>
                      </th>
                      <th scope="col">
                        <span className="visually-hidden">{t('staff.outreach.action')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => {
                      const name = `${entry.firstName} ${entry.lastName}`;
                      return (
                        <tr key={entry.patientId} data-patient={entry.patientId}>
                          <th scope="row">
                            {name}
                            <br />
                            <span className="staff-member__email">{countryName(entry.country, language)}</span>
                          </th>
                          <td>
                            <ul className="staff-outreach__reasons">
                              {entry.reasons.map((reason) => (
                                <li key={reason.episode}>
                                  <ReasonText reason={reason} />
                                </li>
                              ))}
                            </ul>
                          </td>
                          <td>{t('staff.outreach.days', { count: entry.daysAtRisk })}</td>
                          <td>{entry.pdc === null ? '—' : formatPdc(entry.pdc, language)}</td>
                          <td>
                            {entry.claim && !entry.claim.mine ? (
                              <span>
                                {t('staff.outreach.takenBy', {
                                  name: entry.claim.firstName ?? t('staff.outreach.anotherAgent'),
                                  time: dateTimeIn(language, entry.claim.until),
                                })}
                              </span>
                            ) : (
                              <PendingButton
                                variant={entry.claim?.mine ? 'ghost' : 'primary'}
                                pendingLabel={t('staff.outreach.taking')}
                                aria-label={t(
                                  entry.claim?.mine ? 'staff.outreach.continueNamed' : 'staff.outreach.takeNamed',
                                  {
                                    name,
                                  },
                                )}
                                onPress={() => take(entry)}
                              >
                                {t(entry.claim?.mine ? 'staff.outreach.continue' : 'staff.outreach.take')}
                              </PendingButton>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            {isTruncated ? <p>{t('staff.outreach.truncated')}</p> : null}
          </>
        )}
      </QueryRegion>
    </section>
  );
}

/** Why a patient is on the list, in a sentence. */
export function ReasonText({ reason }: { reason: OutreachReason }) {
  const t = useT();
  const { language } = useLanguage();
  switch (reason.kind) {
    case 'ran-out':
      return (
        <>
          {t('staff.outreach.reason.ranOut', {
            medicine: `${reason.medicine} ${reason.presentation[language]}`.trim(),
            date: formatDateInWords(reason.coveredUntil, language),
            days: reason.gapDays,
          })}
        </>
      );
    case 'no-first-purchase':
      return (
        <>{t('staff.outreach.reason.noFirstPurchase', { date: formatDateInWords(reason.enrolledOn, language) })}</>
      );
    case 'appointment-cancelled':
      return (
        <>
          {t('staff.outreach.reason.appointmentCancelled', {
            service: t(reason.serviceTitleKey),
            date: formatDateInWords(reason.cancelledOn, language),
          })}
        </>
      );
    case 'appointment-missed':
      return (
        <>
          {t('staff.outreach.reason.appointmentMissed', {
            service: t(reason.serviceTitleKey),
            date: formatDateInWords(reason.missedOn, language),
          })}
        </>
      );
  }
}
