// 'Forgot your password?': e-mail (prefilled from `e`), Send link / Cancel, then 'Link sent', or the call center.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { z } from 'zod';
import { EmailSchema } from '@portal/contracts/identity';
import { PhonesSchema } from '@portal/contracts/program-files';
import type { CountryCode, Language } from '@portal/contracts/enums';
import { ApiError } from '../../../lib/api-client.ts';
import { CallCenterPhones } from '../../../components/ui/call-center-phones.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { EmailField } from '../../../components/ui/form-text-field.tsx';
import { useT } from '../../../program/use-t.ts';
import { requestRecoveryLink } from '../api/recovery-api.ts';
import { PendingButton } from '../../../components/ui/pending-button.tsx';

// The dialog's own wording for an invalid address ('Please enter a valid email').
const ForgotSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'passwordRecovery.forgot.email.invalid' })
    .pipe(z.email({ error: 'passwordRecovery.forgot.email.invalid' }))
    .pipe(EmailSchema),
});

type State =
  | { kind: 'form' }
  | { kind: 'sent'; email: string }
  | { kind: 'call-center'; country?: CountryCode; phones?: z.infer<typeof PhonesSchema>[CountryCode] };

export function ForgotPasswordDialog({
  initialEmail,
  language,
  onClose,
}: {
  initialEmail: string;
  language: Language;
  onClose: () => void;
}) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'form' });
  const [sendFailed, setSendFailed] = useState(false);
  const { control, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(ForgotSchema),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setSendFailed(false);
    try {
      await requestRecoveryLink(email, language);
      setState({ kind: 'sent', email });
    } catch (error) {
      if (error instanceof ApiError && error.error?.code === 'PTP00197') {
        const details = error.error.details ?? {};
        const phones = PhonesSchema.safeParse({ [String(details.country)]: details.phones });
        setState({
          kind: 'call-center',
          country: details.country as CountryCode,
          phones: phones.success ? phones.data[details.country as CountryCode] : undefined,
        });
      } else {
        setSendFailed(true);
      }
    }
  });

  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal">
        <Dialog className="dialog">
          {state.kind === 'form' ? (
            <Form className="stack" onSubmit={onSubmit} validationBehavior="aria">
              <Heading slot="title" className="dialog__title">
                {t('passwordRecovery.forgot.title')}
              </Heading>
              <p>{t('passwordRecovery.forgot.body')}</p>
              {sendFailed ? <FormAlert tone="error">{t('passwordRecovery.forgot.error')}</FormAlert> : null}
              <EmailField
                control={control}
                name="email"
                label={t('passwordRecovery.forgot.email.label')}
                isRequired
                autoFocus
              />
              <div className="actions">
                <PendingButton
                  type="submit"
                  className="button button--primary"
                  isPending={formState.isSubmitting}
                  pendingLabel={t('passwordRecovery.forgot.sending')}
                >
                  {t('passwordRecovery.forgot.send')}
                </PendingButton>
                <Button className="button button--ghost" onPress={onClose}>
                  {t('passwordRecovery.forgot.cancel')}
                </Button>
              </div>
            </Form>
          ) : state.kind === 'sent' ? (
            <div className="stack">
              <Heading slot="title" className="dialog__title">
                {t('passwordRecovery.forgot.sentTitle')}
              </Heading>
              <FormAlert tone="success">{t('passwordRecovery.forgot.sentBody', { email: state.email })}</FormAlert>
              <Button className="button button--primary" onPress={onClose} autoFocus>
                {t('common.close')}
              </Button>
            </div>
          ) : (
            <div className="stack">
              <Heading slot="title" className="dialog__title">
                {t('passwordRecovery.callCenter.title')}
              </Heading>
              <FormAlert tone="info">{t('passwordRecovery.callCenter.body')}</FormAlert>
              <CallCenterPhones country={state.country} list={state.phones} />
              <Button className="button button--primary" onPress={onClose} autoFocus>
                {t('common.close')}
              </Button>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
