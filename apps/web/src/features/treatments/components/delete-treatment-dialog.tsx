// Deleting a treatment: the reason from a list (and the patient's words for 'Other'), confirmed in a dialog.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Control } from 'react-hook-form';
import {
  DeleteTreatmentBodySchema,
  TREATMENT_DELETE_REASONS,
  type DeleteTreatmentBody,
  type TreatmentView,
} from '@portal/contracts/treatments';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { RadioField } from '../../../components/ui/radio-field.tsx';
import { useT } from '../../../program/use-t.ts';
import { useDeleteTreatment } from '../api/treatments-api.ts';
import { DELETE_REASON_KEYS } from './treatment-details.tsx';

export function DeleteTreatmentDialog({
  item,
  onClose,
  onDeleted,
}: {
  item: TreatmentView;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const remove = useDeleteTreatment();
  const { control, handleSubmit } = useForm<DeleteTreatmentBody>({
    resolver: zodResolver(DeleteTreatmentBodySchema) as never,
    defaultValues: { reason: undefined as unknown as DeleteTreatmentBody['reason'], note: '' },
  });
  const submit = handleSubmit((body) => remove.mutate({ id: item.id, body }, { onSuccess: onDeleted }));
  return (
    <ConfirmDialog
      role="dialog"
      title={t('treatments.deleteTitle')}
      body={t('treatments.deleteBody', { medicine: item.medicine })}
      error={remove.isError ? t('errors.general') : undefined}
      confirmLabel={t('treatments.deleteConfirm')}
      pendingLabel={t('treatments.delete.pending')}
      cancelLabel={t('treatments.delete.cancel')}
      isPending={remove.isPending}
      onConfirm={submit}
      onCancel={onClose}
    >
      <DeleteReasonFields control={control} />
    </ConfirmDialog>
  );
}

/** Why the treatment goes: a reason from the list, and the patient's own words for 'Other'. */
function DeleteReasonFields({ control }: { control: Control<DeleteTreatmentBody> }) {
  const t = useT();
  const reason = useWatch({ control, name: 'reason' });
  return (
    <>
      <RadioField
        control={control}
        name="reason"
        label={t('treatments.deleteReason.label')}
        isRequired
        options={TREATMENT_DELETE_REASONS.map((value) => ({ value, text: t(DELETE_REASON_KEYS[value]) }))}
      />
      {reason === 'OTHER' ? (
        <FormTextField
          control={control}
          name="note"
          label={t('treatments.delete.note.label')}
          isRequired
          autoComplete="off"
        />
      ) : null}
    </>
  );
}
