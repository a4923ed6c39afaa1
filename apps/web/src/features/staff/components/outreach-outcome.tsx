// What an outbound adherence call came to (decision 080), on the record opened for it: reached and will buy; reached
// and stopped, with the reason; wrong number; no answer, with the day to try again (tomorrow unless the agent picks
// another, in the patient's country's days). It is an action on the record, written to the access log; the list is
// read again after it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
import type { CountryCode } from '@portal/contracts/enums';
import {
  OUTREACH_OUTCOMES,
  OUTREACH_RETRY_MAX_DAYS,
  OUTREACH_STOP_REASONS,
  type OutreachOutcomeBody,
  type OutreachOutcomeKind,
  type OutreachStopReason,
} from '@portal/contracts/outreach';
import { addDays } from '@portal/contracts/refill';
import { todayInCountry } from '@portal/contracts/time-zones';
import { DateField } from '../../../components/ui/date-field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { formatDateInWords } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { outreachQuery, recordOutreachOutcome } from '../api/outreach-api.ts';
import { OUTREACH_OUTCOME_KEYS, STOP_REASON_KEYS } from './outreach-format.ts';

interface OutcomeForm {
  outcome?: OutreachOutcomeKind;
  stopReason?: OutreachStopReason;
  retryOn?: string;
}

interface Props {
  patientId: number;
  country: string;
  /** The outreach list, to go back to it once the outcome is written. */
  listHref: string;
}

export function OutreachOutcome({ patientId, country, listHref }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const today = todayInCountry(country as CountryCode);
  const [done, setDone] = useState<{ outcome: OutreachOutcomeKind; retryOn?: string }>();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, setError, clearErrors, formState } = useForm<OutcomeForm>({
    defaultValues: { retryOn: addDays(today, 1) },
  });
  const outcome = useWatch({ control, name: 'outcome' });

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    setFailure(undefined);
    let body: OutreachOutcomeBody;
    if (values.outcome === 'stopped') {
      if (!values.stopReason) return setError('stopReason', { message: 'staff.outreach.stopReason.required' });
      body = { outcome: 'stopped', stopReason: values.stopReason };
    } else if (values.outcome === 'no-answer') {
      body = { outcome: 'no-answer', retryOn: values.retryOn ?? '' };
    } else if (values.outcome === 'will-buy' || values.outcome === 'wrong-number') {
      body = { outcome: values.outcome };
    } else {
      return setError('outcome', { message: 'staff.outreach.outcome.required' });
    }
    try {
      const { comesBackOn } = await recordOutreachOutcome(patientId, body);
      // The list is read again now (not when it is next shown): going back never shows the patient just settled.
      await queryClient.invalidateQueries({ queryKey: outreachQuery().queryKey, refetchType: 'all' });
      setDone({ outcome: body.outcome, ...(comesBackOn ? { retryOn: comesBackOn } : {}) });
    } catch (error) {
      if (applyFieldErrors<OutcomeForm>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true })) return;
      setFailure(errorKeyOf(error));
    }
  });

  return (
    <section className="staff-panel stack" aria-labelledby="staff-outreach-outcome-title">
      <h3 id="staff-outreach-outcome-title">{t('staff.outreach.outcome.title')}</h3>
      {done ? (
        <>
          <FormAlert tone="success">
            {done.retryOn
              ? t('staff.outreach.outcome.doneRetry', { date: formatDateInWords(done.retryOn, language) })
              : t('staff.outreach.outcome.done', { outcome: t(OUTREACH_OUTCOME_KEYS[done.outcome]) })}
          </FormAlert>
          <p>
            <Link className="button" to={listHref}>
              {t('staff.outreach.backToList')}
            </Link>
          </p>
        </>
      ) : (
        <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
          {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
          <RadioField
            control={control}
            name="outcome"
            label={t('staff.outreach.outcome.label')}
            options={OUTREACH_OUTCOMES.map((value) => ({ value, text: t(OUTREACH_OUTCOME_KEYS[value]) }))}
            isRequired
          />
          {outcome === 'stopped' ? (
            <SelectField
              control={control}
              name="stopReason"
              label={t('staff.outreach.stopReason.label')}
              placeholder={t('staff.outreach.stopReason.label')}
              options={OUTREACH_STOP_REASONS.map((value) => ({ value, text: t(STOP_REASON_KEYS[value]) }))}
              isRequired
            />
          ) : null}
          {outcome === 'no-answer' ? (
            <DateField
              control={control}
              name="retryOn"
              label={t('staff.outreach.retryOn.label')}
              description={t('staff.outreach.retryOn.hint')}
              minValue={addDays(today, 1)}
              maxValue={addDays(today, OUTREACH_RETRY_MAX_DAYS)}
              isRequired
            />
          ) : null}
          <div className="actions">
            <PendingButton
              type="submit"
              isPending={formState.isSubmitting}
              pendingLabel={t('staff.outreach.outcome.saving')}
            >
              {t('staff.outreach.outcome.submit')}
            </PendingButton>
          </div>
        </Form>
      )}
    </section>
  );
}
