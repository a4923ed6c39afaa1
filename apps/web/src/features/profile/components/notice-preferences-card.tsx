// How booking notices reach the patient (decision 058, addendum): e-mail, SMS or WhatsApp, and the reminder the day
// before on or off. SMS and WhatsApp go to the main phone, which the contact data above holds.
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
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { useNoticePreferences, useUpdateNoticePreferences } from '../api/profile-api.ts';

export function NoticePreferencesCard() {
  const t = useT();
  const preferences = useNoticePreferences();
  return (
    <Card title={t('profile.notices.title')}>
      <QueryRegion query={preferences} lines={4}>
        {(saved) => <NoticePreferencesForm saved={saved} />}
      </QueryRegion>
    </Card>
  );
}

function NoticePreferencesForm({ saved }: { saved: NoticePreferences }) {
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
      <p>{t('profile.notices.intro')}</p>
      {status ? <FormAlert tone={status.tone}>{status.text}</FormAlert> : null}
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
      <div className="actions">
        <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('common.saving')}>
          {t('profile.notices.save')}
        </PendingButton>
      </div>
    </Form>
  );
}
