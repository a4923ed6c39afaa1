// What an agent or a nurse does on the record they opened (decision 078): the actions (end the sessions, resend the
// welcome mail, a coupon link) and the notes. Each action shows its call pending and its answer in place; one that
// changes the patient's account asks first; the panel is read again after each. Nothing of it is stored or put in the
// URL; a note's text goes in the request's body only.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, Form, Label, TextArea, TextField as AriaTextField, FieldError, Text } from 'react-aria-components';
import type { z } from 'zod';
import type { StaffRole } from '@portal/contracts/staff';
import {
  STAFF_NOTE_CHANNELS,
  STAFF_NOTE_OUTCOMES,
  StaffNoteBodySchema,
  type StaffNote,
  type StaffNoteChannel,
  type StaffNoteOutcome,
  type StaffRecordActions,
} from '@portal/contracts/staff-actions';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { addNote, endSessions, issueCouponLink, recordActionsQuery, resendWelcome } from '../api/actions-api.ts';

export const CHANNEL_KEYS: Record<StaffNoteChannel, string> = {
  'phone-in': 'staff.notes.channel.phoneIn',
  'phone-out': 'staff.notes.channel.phoneOut',
  email: 'staff.notes.channel.email',
  'text-message': 'staff.notes.channel.textMessage',
  other: 'staff.notes.channel.other',
};

export const OUTCOME_KEYS: Record<StaffNoteOutcome, string> = {
  resolved: 'staff.notes.outcome.resolved',
  'follow-up': 'staff.notes.outcome.followUp',
  'no-answer': 'staff.notes.outcome.noAnswer',
  'left-message': 'staff.notes.outcome.leftMessage',
  other: 'staff.notes.outcome.other',
};

const ROLE_KEYS: Record<StaffRole, string> = {
  agent: 'staff.roles.agent',
  nurse: 'staff.roles.nurse',
  manager: 'staff.roles.manager',
  admin: 'staff.roles.admin',
};

/** A message in place: what the last call answered. */
type Outcome = { tone: 'success' | 'error'; text: string } | undefined;

function useDateTime() {
  const { language } = useLanguage();
  return (value: string) =>
    new Intl.DateTimeFormat(language === 'es' ? 'es-419' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(value),
    );
}

export function RecordActions({ patientId }: { patientId: number }) {
  const t = useT();
  const actions = useQuery(recordActionsQuery(patientId));
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: recordActionsQuery(patientId).queryKey });
  if (actions.isPending) return <p role="status">{t('staff.actions.loading')}</p>;
  if (actions.isError) return <FormAlert tone="error">{t(errorKeyOf(actions.error))}</FormAlert>;
  const data = actions.data;
  return (
    <>
      <section className="staff-record__section staff-actions" aria-labelledby="staff-actions-title">
        <h3 id="staff-actions-title">{t('staff.actions.title')}</h3>
        <div className="staff-actions__grid">
          <CouponAction patientId={patientId} data={data} />
          <SessionsAction patientId={patientId} data={data} onDone={refetch} />
          <WelcomeAction patientId={patientId} data={data} onDone={refetch} />
        </div>
      </section>
      <NotesSection patientId={patientId} data={data} onAdded={refetch} />
    </>
  );
}

function ActionCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="staff-action" aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      {children}
    </section>
  );
}

function SessionsAction({
  patientId,
  data,
  onDone,
}: {
  patientId: number;
  data: StaffRecordActions;
  onDone: () => unknown;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <ActionCard id="staff-action-sessions" title={t('staff.actions.sessions.title')}>
      <p>{t('staff.actions.sessions.lead', { count: data.liveSessions })}</p>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <div className="actions">
        <Button className="button button--danger" onPress={() => setAsking(true)}>
          {t('staff.actions.sessions.submit')}
        </Button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('staff.actions.sessions.title')}
          body={t('staff.actions.sessions.confirm')}
          error={error ? t(error) : undefined}
          confirmLabel={t('staff.actions.sessions.confirmSubmit')}
          pendingLabel={t('staff.actions.sessions.ending')}
          cancelLabel={t('staff.actions.sessions.cancel')}
          isPending={pending}
          autoFocusCancel
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            setError(undefined);
            setPending(true);
            try {
              const { ended } = await endSessions(patientId);
              setAsking(false);
              setOutcome({ tone: 'success', text: t('staff.actions.sessions.done', { count: ended }) });
              await onDone();
            } catch (failure) {
              setError(errorKeyOf(failure));
            } finally {
              setPending(false);
            }
          }}
        />
      ) : null}
    </ActionCard>
  );
}

function WelcomeAction({
  patientId,
  data,
  onDone,
}: {
  patientId: number;
  data: StaffRecordActions;
  onDone: () => unknown;
}) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <ActionCard id="staff-action-welcome" title={t('staff.actions.welcome.title')}>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      {data.accountConfirmed ? (
        <p>{t('staff.actions.welcome.confirmed')}</p>
      ) : (
        <>
          <p>{t('staff.actions.welcome.lead')}</p>
          <div className="actions">
            <PendingButton
              pendingLabel={t('staff.actions.welcome.sending')}
              onPress={async () => {
                setOutcome(undefined);
                try {
                  const { sentTo } = await resendWelcome(patientId);
                  setOutcome({ tone: 'success', text: t('staff.actions.welcome.done', { email: sentTo }) });
                  await onDone();
                } catch (failure) {
                  setOutcome({ tone: 'error', text: t(errorKeyOf(failure)) });
                }
              }}
            >
              {t('staff.actions.welcome.submit')}
            </PendingButton>
          </div>
        </>
      )}
    </ActionCard>
  );
}

interface CouponForm {
  benefitId?: number;
}

function CouponAction({ patientId, data }: { patientId: number; data: StaffRecordActions }) {
  const t = useT();
  const linkId = useId();
  const [outcome, setOutcome] = useState<Outcome>();
  const [issued, setIssued] = useState<Awaited<ReturnType<typeof issueCouponLink>>>();
  const [copied, setCopied] = useState<Outcome>();
  const { control, handleSubmit, setError, formState } = useForm<CouponForm>({
    defaultValues: { benefitId: data.generalBenefits.length === 1 ? data.generalBenefits[0]!.id : undefined },
  });
  const issue = (delivery: 'show' | 'email' | 'text') =>
    handleSubmit(async ({ benefitId }) => {
      setOutcome(undefined);
      setCopied(undefined);
      if (!benefitId) {
        setError('benefitId', { message: 'staff.coupon.benefit.required' }, { shouldFocus: true });
        return;
      }
      try {
        setIssued(await issueCouponLink(patientId, { benefitId, delivery }));
      } catch (failure) {
        setIssued(undefined);
        if (!applyFieldErrors<CouponForm>(failure, setError, { shouldFocus: true }))
          setOutcome({ tone: 'error', text: t(errorKeyOf(failure)) });
      }
    })();
  if (data.generalBenefits.length === 0)
    return (
      <ActionCard id="staff-action-coupon" title={t('staff.actions.coupon.title')}>
        <p>{t('staff.actions.coupon.none')}</p>
      </ActionCard>
    );
  return (
    <ActionCard id="staff-action-coupon" title={t('staff.actions.coupon.title')}>
      <p>{t('staff.actions.coupon.lead')}</p>
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <Form className="stack" validationBehavior="aria" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          control={control}
          name="benefitId"
          label={t('staff.actions.coupon.benefit.label')}
          placeholder={t('staff.actions.coupon.benefit.label')}
          options={data.generalBenefits.map((benefit) => ({ value: String(benefit.id), text: t(benefit.title) }))}
          isNumeric
          isRequired
        />
        <div className="actions">
          <PendingButton
            isPending={formState.isSubmitting}
            pendingLabel={t('staff.actions.coupon.issuing')}
            onPress={() => issue('show')}
          >
            {t('staff.actions.coupon.show')}
          </PendingButton>
          <PendingButton
            variant="ghost"
            isPending={formState.isSubmitting}
            pendingLabel={t('staff.actions.coupon.issuing')}
            onPress={() => issue('email')}
          >
            {t('staff.actions.coupon.email')}
          </PendingButton>
          {data.textChannel ? (
            <PendingButton
              variant="ghost"
              isPending={formState.isSubmitting}
              pendingLabel={t('staff.actions.coupon.issuing')}
              onPress={() => issue('text')}
            >
              {t('staff.actions.coupon.text', {
                channel: t(`staff.actions.coupon.channel.${data.textChannel.channel}`),
                phone: data.textChannel.phone,
              })}
            </PendingButton>
          ) : null}
        </div>
        {data.textChannel ? null : <p className="staff-record__note">{t('staff.actions.coupon.noText')}</p>}
      </Form>
      {issued ? (
        <div className="stack staff-coupon-link">
          <label className="field__label" htmlFor={linkId}>
            {t('staff.actions.coupon.linkLabel')}
          </label>
          <input
            id={linkId}
            className="field__input"
            readOnly
            value={issued.link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p>
            {t('staff.actions.coupon.validUntil', { date: formatDate(issued.expiresAt) })}
            {issued.sentTo && issued.sentBy === 'email'
              ? ` ${t('staff.actions.coupon.sent', { email: issued.sentTo })}`
              : ''}
            {issued.sentTo && (issued.sentBy === 'sms' || issued.sentBy === 'whatsapp')
              ? ` ${t('staff.actions.coupon.sentText', {
                  channel: t(`staff.actions.coupon.channel.${issued.sentBy}`),
                  phone: issued.sentTo,
                })}`
              : ''}
          </p>
          {copied ? <FormAlert tone={copied.tone}>{copied.text}</FormAlert> : null}
          <div className="actions">
            <Button
              className="button button--ghost"
              onPress={async () => {
                // The clipboard may be refused (a permission, an insecure origin): then the field is there to select.
                try {
                  await navigator.clipboard.writeText(issued.link);
                  setCopied({ tone: 'success', text: t('staff.actions.coupon.copied') });
                } catch {
                  setCopied({ tone: 'error', text: t('staff.actions.coupon.copyFailed') });
                }
              }}
            >
              {t('staff.actions.coupon.copy')}
            </Button>
          </div>
        </div>
      ) : null}
    </ActionCard>
  );
}

type NoteInput = z.input<typeof StaffNoteBodySchema>;
type NoteAnswer = z.output<typeof StaffNoteBodySchema>;

function NotesSection({
  patientId,
  data,
  onAdded,
}: {
  patientId: number;
  data: StaffRecordActions;
  onAdded: () => unknown;
}) {
  const t = useT();
  const dateTime = useDateTime();
  const [outcome, setOutcome] = useState<Outcome>();
  const { control, handleSubmit, setError, reset, formState } = useForm<NoteInput, unknown, NoteAnswer>({
    resolver: zodResolver(StaffNoteBodySchema),
    defaultValues: { text: '', clinical: false },
  });
  const onSubmit = handleSubmit(async (body) => {
    setOutcome(undefined);
    try {
      await addNote(patientId, body);
      reset({ text: '', clinical: false, channel: body.channel, outcome: undefined });
      setOutcome({ tone: 'success', text: t('staff.notes.added') });
      await onAdded();
    } catch (failure) {
      if (!applyFieldErrors<NoteInput>(failure, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setOutcome({ tone: 'error', text: t(errorKeyOf(failure)) });
    }
  });
  const authorOf = (note: StaffNote) =>
    t('staff.notes.by', {
      name: note.author.firstName ?? '',
      role: note.author.roles.map((role) => t(ROLE_KEYS[role])).join(', '),
      date: dateTime(note.at),
    });
  return (
    <section className="staff-record__section staff-notes" aria-labelledby="staff-notes-title">
      <h3 id="staff-notes-title">{t('staff.notes.title')}</h3>
      <Form className="stack staff-notes__form" validationBehavior="aria" onSubmit={onSubmit}>
        <h4>{t('staff.notes.add.title')}</h4>
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <div className="staff-notes__choices">
          <SelectField
            control={control}
            name="channel"
            label={t('staff.notes.channel.label')}
            placeholder={t('staff.notes.channel.label')}
            options={STAFF_NOTE_CHANNELS.map((value) => ({ value, text: t(CHANNEL_KEYS[value]) }))}
            isRequired
          />
          <SelectField
            control={control}
            name="outcome"
            label={t('staff.notes.outcome.label')}
            placeholder={t('staff.notes.outcome.label')}
            options={STAFF_NOTE_OUTCOMES.map((value) => ({ value, text: t(OUTCOME_KEYS[value]) }))}
            isRequired
          />
        </div>
        <Controller
          control={control}
          name="text"
          render={({ field, fieldState }) => (
            <AriaTextField
              className="field"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              isInvalid={Boolean(fieldState.error)}
              isRequired
              validationBehavior="aria"
            >
              <Label className="field__label">{t('staff.notes.text.label')}</Label>
              <Text slot="description" className="field__description">
                {t('staff.notes.text.hint')}
              </Text>
              <TextArea ref={field.ref} className="field__input staff-notes__text" rows={4} />
              <FieldError className="field__error">
                {fieldState.error?.message ? t(fieldState.error.message) : null}
              </FieldError>
            </AriaTextField>
          )}
        />
        {data.mayWriteClinical ? (
          <CheckboxField control={control} name="clinical" label={t('staff.notes.clinical.label')} />
        ) : null}
        <div className="actions">
          <PendingButton type="submit" isPending={formState.isSubmitting} pendingLabel={t('staff.notes.saving')}>
            {t('staff.notes.submit')}
          </PendingButton>
        </div>
      </Form>
      {data.notes.length === 0 ? (
        <p className="staff-record__empty">{t('staff.notes.empty')}</p>
      ) : (
        <ol className="staff-notes__list">
          {data.notes.map((note) => (
            <li key={note.id} className="staff-note">
              <p className="staff-note__meta">
                {authorOf(note)} · {t(CHANNEL_KEYS[note.channel])} · {t(OUTCOME_KEYS[note.outcome])}
                {note.clinical ? <span className="staff-note__badge">{t('staff.notes.clinical.badge')}</span> : null}
              </p>
              <p className="staff-note__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
