// Step 'contact': the phone (country code + national number), and the alternative phone and e-mail the plan asks for.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { CountryCode } from '@portal/contracts/enums';
import {
  EmailAlternativeSchema,
  SignupPhoneSchema,
  isValidPhoneNumber,
  normalizePhoneNumber,
} from '@portal/contracts/patient-fields';
import { FormTextField } from '../../../../components/ui/form-text-field.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { PhoneFields } from '../../../../patient/components/phone-fields.tsx';
import { StepForm } from '../../../../patient/components/step-form.tsx';
import '../../../../patient/components/steps/paired-fields.css';

type Mode = 'required' | 'optional' | 'hidden';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A question the plan's settings make required, optional or hidden: blank passes unless required, else checked. */
function settingSchema(mode: Mode, requiredKey: string, check: (text: string) => string | undefined) {
  return z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (mode === 'hidden') return;
      if (isBlank(value)) {
        if (mode === 'required') ctx.addIssue({ code: 'custom', message: requiredKey });
        return;
      }
      const message = check(String(value));
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** The alternative phone: a national number of the main phone's country. */
function alternativePhoneSchema(mode: Mode, country: CountryCode | undefined) {
  return settingSchema(mode, 'signup.contact.phoneAlternative.required', (value) => {
    const text = value.trim();
    const isValid = text.length <= 30 && (!country || isValidPhoneNumber(country, normalizePhoneNumber(country, text)));
    return isValid ? undefined : 'signup.contact.phoneAlternative.invalid';
  });
}

function alternativeEmailSchema(mode: Mode) {
  return settingSchema(mode, 'signup.contact.emailAlternative.required', (value) => {
    const parsed = EmailAlternativeSchema.safeParse(value);
    return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'signup.contact.emailAlternative.invalid');
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

  // The alternative phone is checked against the country chosen for the main phone, whatever the main number's state.
  const resolver: Resolver<Input, unknown, Output> = (values, context, options) =>
    zodResolver(contactSchema(phoneAlternativeMode, emailAlternativeMode, values.phone?.country))(
      values,
      context,
      options,
    );

  const { control, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: {
      phone: {
        country: draft.contact?.phone?.country ?? ctx.plan?.country ?? draft.country,
        phoneNumber: draft.contact?.phone?.phoneNumber ?? '',
      },
      phoneAlternative: draft.contact?.phoneAlternative ?? '',
      emailAlternative: draft.contact?.emailAlternative ?? '',
    },
  });

  const onSubmit = handleSubmit((parsed) => {
    const { country, phoneNumber } = parsed.phone;
    const alternativePhone =
      phoneAlternativeMode !== 'hidden' && !isBlank(parsed.phoneAlternative)
        ? normalizePhoneNumber(country, String(parsed.phoneAlternative))
        : undefined;
    const alternativeEmail =
      emailAlternativeMode !== 'hidden' && !isBlank(parsed.emailAlternative)
        ? EmailAlternativeSchema.parse(parsed.emailAlternative)
        : undefined;
    onDone({
      contact: {
        phone: { country, phoneNumber },
        ...(alternativePhone ? { phoneAlternative: alternativePhone } : {}),
        ...(alternativeEmail ? { emailAlternative: alternativeEmail } : {}),
      },
    });
  });

  /** A question the plan's settings show as required or optional, or hide. */
  const settingField = (
    name: 'phoneAlternative' | 'emailAlternative',
    label: string,
    type: 'tel' | 'email',
    mode: Mode,
  ) =>
    mode === 'hidden' ? null : (
      <FormTextField
        control={control}
        name={name}
        label={label}
        isOptional={mode === 'optional'}
        type={type}
        autoComplete="off"
        isRequired={mode === 'required'}
      />
    );

  return (
    <StepForm id={formId} formState={formState} onSubmit={onSubmit} title={t('signup.contact.title')}>
      <p>{t('signup.contact.subtitle')}</p>
      <PhoneFields control={control} name="phone" language={ctx.language} className="field-pair field-pair--phone" />
      {settingField('phoneAlternative', t('signup.contact.phoneAlternative.label'), 'tel', phoneAlternativeMode)}
      {settingField('emailAlternative', t('signup.contact.emailAlternative.label'), 'email', emailAlternativeMode)}
    </StepForm>
  );
}
