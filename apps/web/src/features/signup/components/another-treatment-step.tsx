// After the last treatment question: 'Do you use another medicine of the program?' Yes goes back to the treatment
// step for a new medicine (the ones added stay listed there); No finishes the enrolment.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { PlanProduct } from '@portal/contracts/patient-fields';
import { YesNoField } from '../../../components/ui/radio-field.tsx';
import { useT } from '../../../program/use-t.ts';
import type { TreatmentDraft } from '../../../patient/model.ts';
import { StepForm } from '../../../patient/components/step-form.tsx';
import { useLanguage } from '../../../lib/language.tsx';

const Schema = z.object({ another: z.boolean({ error: 'signup.anotherTreatment.required' }) });
interface Values {
  another?: boolean;
}

interface Props {
  formId: string;
  /** Every medicine of this enrolment so far, the one just entered last. */
  treatments: TreatmentDraft[];
  products: PlanProduct[];
  onAnswer: (another: boolean) => void;
}

export function AnotherTreatmentStep({ formId, treatments, products, onAnswer }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(Schema, undefined, { raw: true }) as Resolver<Values>,
  });
  const onSubmit = handleSubmit((values) => onAnswer(values.another === true));
  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.anotherTreatment.title')}>
      <p>{t('signup.anotherTreatment.added')}</p>
      <ul>
        {treatments.map((item) => {
          const product = products.find((candidate) => candidate.id === item.productId);
          return (
            <li key={item.productId}>{product ? `${product.medicine} · ${product.presentation[language]}` : null}</li>
          );
        })}
      </ul>
      <YesNoField
        control={control}
        name="another"
        label={t('signup.anotherTreatment.question')}
        yesText={t('signup.anotherTreatment.yes')}
        noText={t('signup.anotherTreatment.no')}
        orientation="vertical"
        isRequired
      />
    </StepForm>
  );
}
