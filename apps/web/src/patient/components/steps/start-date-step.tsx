// Step 'startDate': when the treatment started (up to a year ahead, for a treatment about to start), or 'not started yet'.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { StartDateSchema, isCalendarDate } from '@portal/contracts/patient-fields';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { StepProps } from '../../model.ts';
import { StepForm } from '../step-form.tsx';
import './paired-fields.css';

/** The same day one year later (28 February when the day is 29 February). */
function oneYearAfter(date: string): string {
  const [year, month, day] = date.split('-');
  const next = `${Number(year) + 1}-${month}-${day}`;
  return isCalendarDate(next) ? next : `${Number(year) + 1}-${month}-28`;
}

/** One of the two: a valid date within [min, max], or 'not started' ticked. */
function startDateSchema(min: string | undefined, max: string) {
  return z
    .object({ startDate: z.string().optional(), notStarted: z.boolean().optional() })
    .superRefine((value, ctx) => {
      if (value.notStarted === true) return;
      if (!value.startDate) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'signup.startDate.required' });
        return;
      }
      const parsed = StartDateSchema.safeParse(value.startDate);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['startDate'],
          message: parsed.error.issues[0]?.message ?? 'signup.startDate.invalid',
        });
      } else if (value.startDate > max || (min && value.startDate < min)) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'signup.startDate.outOfRange' });
      }
    });
}

interface Values {
  startDate?: string;
  notStarted?: boolean;
}

export function StartDateStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const max = oneYearAfter(ctx.today);
  // Not before the patient was born.
  const min = draft.birthDate && isCalendarDate(draft.birthDate) ? draft.birthDate : undefined;
  const schema = useMemo(() => startDateSchema(min, max), [min, max]);
  const { control, handleSubmit, formState, watch, setValue, clearErrors } = useForm<Values>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: {
      startDate: draft.treatment?.notStarted ? undefined : draft.treatment?.startDate,
      notStarted: draft.treatment?.notStarted === true,
    },
  });
  const notStarted = watch('notStarted') === true;
  useEffect(() => {
    // 'Not started yet' turns the date off: no value, no complaint about it.
    if (notStarted) {
      setValue('startDate', undefined);
      clearErrors('startDate');
    }
  }, [notStarted, setValue, clearErrors]);

  const onSubmit = handleSubmit((values) => {
    const isNotStarted = values.notStarted === true;
    onDone({
      treatment: {
        ...draft.treatment,
        startDate: isNotStarted ? undefined : values.startDate,
        notStarted: isNotStarted,
      },
    });
  });

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.startDate.title')}>
      <div inert={notStarted} className={notStarted ? 'field-disabled' : undefined}>
        <DateField
          control={control}
          name="startDate"
          label={t('signup.startDate.label')}
          description={t('signup.startDate.hint')}
          minValue={min}
          maxValue={max}
        />
      </div>
      <CheckboxField control={control} name="notStarted" label={t('signup.startDate.notStarted')} />
    </StepForm>
  );
}
