// Opening a patient's record (decision 074): the reason first (one of five, a short text for "other"), and only then
// the record. The opening is what the access log records, so the record lives in this screen's state only: a reload
// or a return asks for the reason again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { STAFF_ACCESS_REASONS, StaffOpenRecordBodySchema } from '@portal/contracts/staff-records';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { openRecord, type OpenedRecord } from '../api/records-api.ts';
import { recordsMemory } from '../records-memory.ts';
import { REASON_KEYS } from '../record-format.ts';
import { PatientRecord, type LessonTitleOf, type RenderAppointments } from './patient-record.tsx';
import { StepHeading } from './step-heading.tsx';

type ReasonInput = z.input<typeof StaffOpenRecordBodySchema>;
type ReasonAnswer = z.output<typeof StaffOpenRecordBodySchema>;

interface Props {
  patientId: number;
  /** Booking on the patient's behalf, given by the app (another feature's screens). */
  renderAppointments?: RenderAppointments | undefined;
  /** A lesson's title in the member's language, given by the app (the learning feature's lesson index). */
  lessonTitleOf?: LessonTitleOf | undefined;
  /** The search's path, to go back to the patients found. */
  searchHref: string;
  /** The outreach list's path; with `fromOutreach`, the reason "outbound adherence call" comes chosen. */
  outreachHref?: string | undefined;
  fromOutreach?: boolean | undefined;
}

export function RecordOpening({
  patientId,
  searchHref,
  renderAppointments,
  lessonTitleOf,
  outreachHref,
  fromOutreach,
}: Props) {
  const t = useT();
  const [opened, setOpened] = useState<OpenedRecord>();
  return (
    <>
      <p>
        {fromOutreach && outreachHref ? (
          <Link className="button button--ghost" to={outreachHref}>
            {t('staff.outreach.backToList')}
          </Link>
        ) : (
          <Link className="button button--ghost" to={searchHref}>
            {t('staff.records.record.backToSearch')}
          </Link>
        )}
      </p>
      {opened ? (
        <PatientRecord
          opened={opened}
          renderAppointments={renderAppointments}
          lessonTitleOf={lessonTitleOf}
          outreachHref={outreachHref}
        />
      ) : (
        <ReasonStep patientId={patientId} onOpened={setOpened} fromOutreach={fromOutreach === true} />
      )}
    </>
  );
}

function ReasonStep({
  patientId,
  onOpened,
  fromOutreach,
}: {
  patientId: number;
  onOpened: (record: OpenedRecord) => void;
  fromOutreach: boolean;
}) {
  const t = useT();
  const [failure, setFailure] = useState<string>();
  const known = recordsMemory.patientOf(patientId);
  const name = known ? [known.firstName, known.lastName, known.secondLastName].filter(Boolean).join(' ') : undefined;
  const { control, handleSubmit, setError, formState } = useForm<ReasonInput, unknown, ReasonAnswer>({
    resolver: zodResolver(StaffOpenRecordBodySchema),
    defaultValues: fromOutreach ? { reason: 'outbound-adherence-call', reasonText: '' } : { reasonText: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const onSubmit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      onOpened(await openRecord(patientId, body));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setFailure('staff.records.errors.notFound');
      else if (!applyFieldErrors<ReasonInput>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setFailure(errorKeyOf(error));
    }
  });
  return (
    <section className="staff-step staff-step--narrow" aria-labelledby="staff-reason-title">
      <StepHeading id="staff-reason-title">
        {name ? t('staff.records.reason.titleNamed', { name }) : t('staff.records.reason.title')}
      </StepHeading>
      <p>{t('staff.records.reason.lead')}</p>
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
        {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
        <RadioField
          control={control}
          name="reason"
          label={t('staff.records.reason.label')}
          options={STAFF_ACCESS_REASONS.map((value) => ({ value, text: t(REASON_KEYS[value]) }))}
          isRequired
        />
        {reason === 'other' ? (
          <FormTextField
            control={control}
            name="reasonText"
            label={t('staff.records.reasonText.label')}
            description={t('staff.records.reasonText.hint')}
            autoComplete="off"
            isRequired
          />
        ) : null}
        <div className="actions">
          <PendingButton
            type="submit"
            isPending={formState.isSubmitting}
            pendingLabel={t('staff.records.reason.opening')}
          >
            {t('staff.records.reason.submit')}
          </PendingButton>
        </div>
      </Form>
    </section>
  );
}
