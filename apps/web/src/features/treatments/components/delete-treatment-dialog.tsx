// Deleting a treatment: the reason from a list (and the patient's words for 'Other'), confirmed in a dialog.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { DeleteTreatmentBodySchema, TREATMENT_DELETE_REASONS, type DeleteTreatmentBody, type TreatmentView } from '@portal/contracts/treatments';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { useT } from '../../../program/use-t.ts';
import { useDeleteTreatment } from '../api/treatments-api.ts';
import { DELETE_REASON_KEYS } from './treatment-details.tsx';

export function DeleteTreatmentDialog({ item, onClose, onDeleted }: { item: TreatmentView; onClose: () => void; onDeleted: () => void }) {
  const t = useT();
  const remove = useDeleteTreatment();
  const { control, handleSubmit, watch } = useForm<DeleteTreatmentBody>({
    resolver: zodResolver(DeleteTreatmentBodySchema) as never,
    defaultValues: { reason: undefined as unknown as DeleteTreatmentBody['reason'], note: '' },
  });
  const reason = watch('reason');
  const submit = handleSubmit((body) => remove.mutate({ id: item.id, body }, { onSuccess: onDeleted }));
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable={!remove.isPending} onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal">
        <Dialog className="dialog stack">
          <Heading slot="title" className="dialog__title">
            {t('treatments.deleteTitle')}
          </Heading>
          <p>{t('treatments.deleteBody', { medicine: item.medicine })}</p>
          {remove.isError ? <FormAlert tone="error">{t('errors.general')}</FormAlert> : null}
          <Form className="stack" onSubmit={(event) => void submit(event)} validationBehavior="aria">
            <RadioField control={control} name="reason" label={t('treatments.deleteReason.label')} isRequired options={TREATMENT_DELETE_REASONS.map((value) => ({ value, text: t(DELETE_REASON_KEYS[value]) }))} />
            {reason === 'OTHER' ? <FormTextField control={control} name="note" label={t('treatments.delete.note.label')} isRequired autoComplete="off" /> : null}
            <div className="actions">
              <PendingButton type="submit" variant="danger" isPending={remove.isPending} pendingLabel={t('treatments.delete.pending')}>
                {t('treatments.deleteConfirm')}
              </PendingButton>
              <Button className="button button--ghost" onPress={onClose} isDisabled={remove.isPending}>
                {t('treatments.delete.cancel')}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
