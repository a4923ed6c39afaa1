// The frame of one question of the enrolment and of my care's treatment questions: a form the wizard's Next submits
// (by its id), the summary of its errors, the step's own alert if any, and its title; the questions follow.
import type { FormEvent, ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';

interface Props {
  id: string;
  /** The step form's state (react-hook-form): its errors and how often it was submitted. */
  formState: { errors: FieldErrors<FieldValues>; submitCount: number };
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  title: string;
  /** Shown above the title (e.g. a check with the server that failed). */
  alert?: ReactNode;
  /** A check with the server is running. */
  isBusy?: boolean;
  children: ReactNode;
}

export function StepForm({ id, formState, onSubmit, title, alert, isBusy, children }: Props) {
  return (
    <Form
      id={id}
      className="stack"
      onSubmit={(event) => void onSubmit(event)}
      validationBehavior="aria"
      aria-busy={isBusy}
    >
      <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} />
      {alert}
      <h2 className="step__title">{title}</h2>
      {children}
    </Form>
  );
}
