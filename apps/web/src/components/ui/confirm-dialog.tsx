// A modal that asks before something happens on the server (close the account, delete a treatment, remove the
// caregiver): react-aria's Modal and Dialog (focus kept inside, Escape and a press outside cancel unless the call is
// in flight), its own fields if any, an error region inside, and a confirm button that shows the call pending.
import type { ReactNode } from 'react';
import { Button, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormAlert } from './form-alert.tsx';
import { PendingButton } from './pending-button.tsx';
import { useT } from '../../program/use-t.ts';

interface Props {
  title: ReactNode;
  /** What will happen, under the title. */
  body: ReactNode;
  /** The dialog's own fields (a password, a reason), checked by the caller's onConfirm. */
  children?: ReactNode;
  /** The last call's refusal or failure, already in words; shown inside the dialog. */
  error?: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  /** Default: common.cancel. */
  cancelLabel?: string;
  /** The confirmed call is in flight: the confirm button shows it, nothing else can be pressed or close the dialog. */
  isPending: boolean;
  /** Pressing confirm (or Enter in a field) submits the dialog's form. */
  onConfirm: () => unknown;
  onCancel: () => void;
  /** False when confirming cannot help any more (e.g. the server said it never will): only Cancel stays. */
  canConfirm?: boolean;
  variant?: 'danger' | 'primary';
  /** alertdialog (default) interrupts to ask; dialog for a form the patient fills in. */
  role?: 'alertdialog' | 'dialog';
  /** The focus starts on Cancel (the safe answer) unless a field of the dialog asks for it. */
  autoFocusCancel?: boolean;
}

export function ConfirmDialog({
  title,
  body,
  children,
  error,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  isPending,
  onConfirm,
  onCancel,
  canConfirm = true,
  variant = 'danger',
  role = 'alertdialog',
  autoFocusCancel = false,
}: Props) {
  const t = useT();
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      onOpenChange={(open) => !open && onCancel()}
    >
      <Modal className="modal">
        <Dialog className="dialog" role={role}>
          <Form
            className="stack"
            validationBehavior="aria"
            onSubmit={(event) => {
              event.preventDefault();
              if (!isPending && canConfirm) void onConfirm();
            }}
          >
            <Heading slot="title" className="dialog__title">
              {title}
            </Heading>
            {typeof body === 'string' ? <p>{body}</p> : body}
            {error ? <FormAlert tone="error">{error}</FormAlert> : null}
            {children}
            <div className="actions">
              {canConfirm ? (
                <PendingButton type="submit" variant={variant} isPending={isPending} pendingLabel={pendingLabel}>
                  {confirmLabel}
                </PendingButton>
              ) : null}
              <Button
                className="button button--ghost"
                onPress={onCancel}
                isDisabled={isPending}
                autoFocus={autoFocusCancel}
              >
                {cancelLabel ?? t('common.cancel')}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
