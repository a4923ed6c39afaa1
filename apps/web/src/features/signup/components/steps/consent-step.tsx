// Step 'consent': the program's terms, privacy policy and regulations, readable in place, accepted explicitly.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from 'react-aria-components';
import { z } from 'zod';
import { CheckboxField } from '../../../../components/ui/checkbox-field.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';

const Schema = z.object({
  accepted: z.boolean().refine((value) => value, { error: 'signup.consent.accept.required' }),
});

function ReadMore({ heading, text }: { heading: string; text: string }) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="consent-document" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <p
        id={id}
        className={isOpen ? 'consent-document__text' : 'consent-document__text consent-document__text--clamped'}
      >
        {text}
      </p>
      <Button
        className="text-link text-button"
        aria-expanded={isOpen}
        aria-controls={id}
        onPress={() => setOpen(!isOpen)}
      >
        {isOpen ? t('common.readLess') : t('common.readMore')}
      </Button>
    </section>
  );
}

export function ConsentStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const { control, handleSubmit, formState } = useForm<z.input<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: {
      accepted: draft.consent?.termsVersion === ctx.program.latestTermsVersion && draft.consent?.accepted === true,
    },
  });
  const onSubmit = handleSubmit(() =>
    onDone({ consent: { accepted: true, termsVersion: ctx.program.latestTermsVersion } }),
  );
  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.consent.title')}>
      <p>{t('signup.consent.subtitle')}</p>
      <p className="consent-version">{t('signup.consent.version', { version: ctx.program.latestTermsVersion })}</p>
      <ReadMore heading={t('signup.consent.terms.heading')} text={t('program.terms')} />
      <ReadMore heading={t('signup.consent.policies.heading')} text={t('program.policies')} />
      <ReadMore heading={t('signup.consent.regulations.heading')} text={t('program.regulations')} />
      <CheckboxField control={control} name="accepted" label={t('signup.consent.accept.label')} />
    </StepForm>
  );
}
