// Before a treatment's form opens for a change: the patient confirms that a doctor authorised it (spec section 4).
import { useState } from 'react';
import { Button, Checkbox, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../../../program/use-t.ts';

export function AuthorizationDialog({
  medicine,
  onConfirm,
  onClose,
}: {
  medicine: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const [isConfirmed, setConfirmed] = useState(false);
  const [showError, setShowError] = useState(false);
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal">
        <Dialog className="dialog stack" role="alertdialog">
          <Heading slot="title" className="dialog__title">
            {t('treatments.medicalAuthorization.title')}
          </Heading>
          <p className="card__subtitle">{medicine}</p>
          <p>{t('treatments.medicalAuthorization.body')}</p>
          <Checkbox
            className="checkbox"
            isSelected={isConfirmed}
            onChange={(value) => {
              setConfirmed(value);
              setShowError(false);
            }}
            isInvalid={showError}
          >
            <span className="checkbox__box" aria-hidden="true" />
            <span>{t('treatments.medicalAuthorization.confirm')}</span>
          </Checkbox>
          {showError ? (
            <p className="field__error" role="alert">
              {t('treatments.medicalAuthorization.required')}
            </p>
          ) : null}
          <div className="actions">
            <Button className="button button--primary" onPress={() => (isConfirmed ? onConfirm() : setShowError(true))}>
              {t('treatments.medicalAuthorization.continue')}
            </Button>
            <Button className="button button--ghost" onPress={onClose}>
              {t('treatments.delete.cancel')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
