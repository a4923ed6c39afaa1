// Step 'contact': the phone (country code + national number), and the alternative phone and e-mail the plan asks for.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import type { CountryCode } from '@portal/contracts/enums';
import { EmailAlternativeSchema, SignupPhoneSchema, isValidPhoneNumber, normalizePhoneNumber } from '@portal/contracts/signup';
import { ErrorSummary } from '../../../../components/ui/error-summary.tsx';
import { FormTextField } from '../../../../components/ui/form-text-field.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { dialCodeOptions } from '../../../../patient/dial-codes.ts';
import '../../../../patient/components/steps/paired-fields.css';

type Mode = 'required' | 'optional' | 'hidden';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The alternative phone: a national number of the main phone's country. */
function alternativePhoneSchema(mode: Mode, country: CountryCode | undefined) {
  return z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (mode === 'hidden') return;
      if (isBlank(value)) {
        if (mode === 'required') ctx.addIssue({ code: 'custom', message: 'signup.contact.phoneAlternative.required' });
        return;
      }
      const text = String(value).trim();
      if (text.length > 30 || (country && !isValidPhoneNumber(country, normalizePhoneNumber(country, text)))) {
        ctx.addIssue({ code: 'custom', message: 'signup.contact.phoneAlternative.invalid' });
      }
    });
}

function alternativeEmailSchema(mode: Mode) {
  return z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (mode === 'hidden') return;
      if (isBlank(value)) {
        if (mode === 'required') ctx.addIssue({ code: 'custom', message: 'signup.contact.emailAlternative.required' });
        return;
      }
      const parsed = EmailAlternativeSchema.safeParse(value);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'signup.contact.emailAlternative.invalid' });
    });
}

function contactSchema(phoneAlternative: Mode, emailAlternative: Mode, country: CountryCode | undefined) {
  return z.object({
    phone: SignupPhoneSchema,
    phoneAlternative: alternativePhoneSchema(phoneAlternative, country),
    emailAlternative: alternativeEmailSchema(emailAlternative),
  });
}

type ContactSchema = ReturnType<typeof contactSchema>;
type Input = z.input<ContactSchema>;
type Output = z.output<ContactSchema>;

export function ContactStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const fields = ctx.plan?.fieldSettings.fields;
  const phoneAlternativeMode: Mode = fields?.phoneAlternative ?? 'optional';
  const emailAlternativeMode: Mode = fields?.emailAlternative ?? 'optional';
  const options = useMemo(() => dialCodeOptions(ctx.language), [ctx.language]);

  // The alternative phone is checked against the country chosen for the main phone, whatever the main number's state.
  const resolver: Resolver<Input, unknown, Output> = (values, context, options) =>
    zodResolver(contactSchema(phoneAlternativeMode, emailAlternativeMode, values.phone?.country))(values, context, options);

  const { control, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: {
      phone: { country: draft.contact?.phone?.country ?? ctx.plan?.country ?? draft.country, phoneNumber: draft.contact?.phone?.phoneNumber ?? '' },
      phoneAlternative: draft.contact?.phoneAlternative ?? '',
      emailAlternative: draft.contact?.emailAlternative ?? '',
    },
  });

  const onSubmit = handleSubmit((parsed) => {
    const { country, phoneNumber } = parsed.phone;
    const alternativePhone = phoneAlternativeMode !== 'hidden' && !isBlank(parsed.phoneAlternative) ? normalizePhoneNumber(country, String(parsed.phoneAlternative)) : undefined;
    const alternativeEmail = emailAlternativeMode !== 'hidden' && !isBlank(parsed.emailAlternative) ? EmailAlternativeSchema.parse(parsed.emailAlternative) : undefined;
    onDone({
      contact: {
        phone: { country, phoneNumber },
        ...(alternativePhone ? { phoneAlternative: alternativePhone } : {}),
        ...(alternativeEmail ? { emailAlternative: alternativeEmail } : {}),
      },
    });
  });

  const optional = (label: string, mode: Mode) => (mode === 'optional' ? `${label} (${t('common.optional')})` : label);

  return (
    <Form id={formId} className="stack" onSubmit={onSubmit} validationBehavior="aria">
      <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} />
      <h2 className="step__title">{t('signup.contact.title')}</h2>
      <p>{t('signup.contact.subtitle')}</p>
      <div className="field-pair field-pair--phone">
        <SelectField
          control={control}
          name="phone.country"
          label={t('signup.contact.countryCode.label')}
          placeholder={t('common.select')}
          options={options}
          isRequired
        />
        <FormTextField control={control} name="phone.phoneNumber" label={t('signup.contact.phone.label')} type="tel" autoComplete="tel-national" isRequired />
      </div>
      {phoneAlternativeMode !== 'hidden' ? (
        <FormTextField
          control={control}
          name="phoneAlternative"
          label={optional(t('signup.contact.phoneAlternative.label'), phoneAlternativeMode)}
          type="tel"
          autoComplete="off"
          isRequired={phoneAlternativeMode === 'required'}
        />
      ) : null}
      {emailAlternativeMode !== 'hidden' ? (
        <FormTextField
          control={control}
          name="emailAlternative"
          label={optional(t('signup.contact.emailAlternative.label'), emailAlternativeMode)}
          type="email"
          autoComplete="off"
          isRequired={emailAlternativeMode === 'required'}
        />
      ) : null}
    </Form>
  );
}
