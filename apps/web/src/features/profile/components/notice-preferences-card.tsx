// How booking notices reach the patient (decision 058, addendum): e-mail, SMS or WhatsApp, and the reminder the day
// before on or off; and the refill reminders on or off (decision 061). SMS and WhatsApp go to the main phone, which the
// contact data above holds. Each part shows where its feature is on for the program (booking, purchases), and the card
// where either is: the parts not shown keep their saved values, sent back whole.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { NoticePreferencesSchema, type NoticePreferences } from '@portal/contracts/notices';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { isFeatureEnabled } from '../../../lib/features.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { useNoticePreferences, useUpdateNoticePreferences } from '../api/profile-api.ts';
import './profile.css';

interface Parts {
  /** The appointments' channel and reminder (the booking feature). */
  hasBooking: boolean;
  /** The refill reminders (the purchases feature). */
  hasRefills: boolean;
}

export function NoticePreferencesCard() {
  const { featureToggles } = useProgram();
  const parts: Parts = {
    hasBooking: isFeatureEnabled('booking', featureToggles),
    hasRefills: isFeatureEnabled('purchases', featureToggles),
  };
  if (!parts.hasBooking && !parts.hasRefills) return null;
  return <NoticePreferencesRegion parts={parts} />;
}

function NoticePreferencesRegion({ parts }: { parts: Parts }) {
  const t = useT();
  const preferences = useNoticePreferences();
  return (
    <Card title={t('profile.notices.title')}>
      <QueryRegion query={preferences} lines={4}>
        {(saved) => <NoticePreferencesForm saved={saved} parts={parts} />}
      </QueryRegion>
    </Card>
  );
}

function NoticePreferencesForm({ saved, parts }: { saved: NoticePreferences; parts: Parts }) {
  const t = useT();
  const update = useUpdateNoticePreferences();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | undefined>();
  const { control, handleSubmit, setError, formState } = useForm<NoticePreferences>({
    resolver: zodResolver(NoticePreferencesSchema),
    defaultValues: saved,
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(undefined);
    try {
      await update.mutateAsync(values);
      setStatus({ tone: 'success', text: t('profile.notices.saved') });
    } catch (error) {
      if (!applyFieldErrors<NoticePreferences>(error, setError))
        setStatus({ tone: 'error', text: t(errorKeyOf(error)) });
    }
  });

  return (
    <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" aria-label={t('profile.notices.title')}>
      {status ? <FormAlert tone={status.tone}>{status.text}</FormAlert> : null}
      {parts.hasBooking ? (
        <div className="notice-part">
          {/* Headings only when both parts show: alone, the card's title says what it is. */}
          {parts.hasRefills ? <h3 className="card__subtitle">{t('profile.notices.appointments.title')}</h3> : null}
          <p>{t('profile.notices.intro')}</p>
          <RadioField
            control={control}
            name="channel"
            label={t('profile.notices.channel.label')}
            options={[
              { value: 'email', text: t('profile.notices.channel.email') },
              { value: 'sms', text: t('profile.notices.channel.sms') },
              { value: 'whatsapp', text: t('profile.notices.channel.whatsapp') },
            ]}
          />
          <CheckboxField control={control} name="reminders" label={t('profile.notices.reminders.label')} />
        </div>
      ) : null}
      {parts.hasRefills ? (
        <div className="notice-part">
          {parts.hasBooking ? <h3 className="card__subtitle">{t('profile.notices.refill.title')}</h3> : null}
          <p>{t('profile.notices.refill.intro')}</p>
          <CheckboxField control={control} name="refillReminders" label={t('profile.notices.refill.label')} />
        </div>
      ) : null}
      <div className="actions">
        <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('common.saving')}>
          {t('profile.notices.save')}
        </PendingButton>
      </div>
    </Form>
  );
}
