// Step 'birthdate': the patient's date of birth (mm/dd/yyyy, calendar with month and year selectors). If the
// age leaves no medicine of the program, the attention dialog says so and the person stays to change the date.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { z } from 'zod';
import { ageOn, birthDateOfIdentification, birthDateSchemaFor } from '@portal/contracts/patient-fields';
import { BIRTH_DATE_DISAGREES_KEY } from '@portal/contracts/signup';
import { formatDateInWords } from '../../../../lib/format.ts';
import { CallCenterPhones } from '../../../../components/ui/call-center-phones.tsx';
import { DateField } from '../../../../components/ui/date-field.tsx';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { useT } from '../../../../program/use-t.ts';
import { getPlanProducts } from '../../../../patient/api/plan-api.ts';
import type { StepProps } from '../../../../patient/model.ts';
import { usePlanCheck } from '../../use-plan-check.ts';
import { useStepPending } from '../../../../patient/hooks/use-step-pending.ts';
import { StepForm } from '../../../../patient/components/step-form.tsx';
import '../../../../patient/components/steps/person-fields.css';

export function BirthdateStep({ formId, draft, ctx, onDone, onPendingChange }: StepProps) {
  const t = useT();
  // A CURP carries the birth date: the date must be that one (decision 053), as the server checks with the plan.
  const country = ctx.plan?.country ?? draft.country;
  const { type, number } = draft.identification ?? {};
  const carried = country && type && number ? birthDateOfIdentification(country, type, number) : undefined;
  const schema = useMemo(
    () =>
      z.object({
        birthDate: birthDateSchemaFor(ctx.today).refine((value) => !carried || value === carried, {
          message: BIRTH_DATE_DISAGREES_KEY,
        }),
      }),
    [ctx.today, carried],
  );
  const { control, handleSubmit, formState, setFocus } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: { birthDate: draft.birthDate },
  });
  const supportPlanId = ctx.plan?.id ?? draft.supportPlanId;
  const [noMedicinesAge, setNoMedicinesAge] = useState<number>();
  const check = usePlanCheck(supportPlanId);
  const checkFailed = check.failures;
  const [checking, setChecking] = useState(false);

  useStepPending(checking, onPendingChange);
  const onSubmit = handleSubmit(({ birthDate }) =>
    check.run(async (planId) => {
      setChecking(true);
      try {
        const products = await getPlanProducts(planId, birthDate);
        if (products.length === 0) {
          setNoMedicinesAge(ageOn(birthDate, ctx.today));
          return;
        }
        onDone({ birthDate });
      } catch {
        check.fail();
      } finally {
        setChecking(false);
      }
    }),
  );

  const closeDialog = () => {
    setNoMedicinesAge(undefined);
    // After the modal gives focus back, take the person to the date to change it.
    window.setTimeout(() => setFocus('birthDate'), 0);
  };

  return (
    <>
      <StepForm
        id={formId}
        formState={formState}
        onSubmit={onSubmit}
        title={t('signup.birthdate.title')}
        isBusy={checking}
        alert={
          checkFailed > 0 ? (
            <FormAlert key={checkFailed} tone="error">
              {t('signup.birthdate.cannotValidate')}
            </FormAlert>
          ) : null
        }
      >
        <DateField
          control={control}
          name="birthDate"
          label={t('signup.birthdate.label')}
          description={t('signup.birthdate.hint')}
          maxValue={ctx.today}
          isRequired
        />
        {carried && formState.errors.birthDate?.message === BIRTH_DATE_DISAGREES_KEY ? (
          <p className="step__subtitle">
            {t('signup.birthdate.identificationSays', { date: formatDateInWords(carried, ctx.language) })}
          </p>
        ) : null}
        {checkFailed > 0 ? <CallCenterPhones country={ctx.plan?.country} /> : null}
        <p className="step__status" role="status" aria-live="polite">
          {checking ? t('common.loading') : ''}
        </p>
      </StepForm>
      <ModalOverlay
        className="modal-overlay"
        isOpen={noMedicinesAge !== undefined}
        isDismissable
        onOpenChange={(open) => !open && closeDialog()}
      >
        <Modal className="modal">
          <Dialog className="dialog stack" role="alertdialog">
            <Heading slot="title" className="dialog__title">
              {t('signup.birthdate.noMedicines.title')}
            </Heading>
            <p>{t('signup.birthdate.noMedicines.body', { age: noMedicinesAge ?? 0 })}</p>
            <CallCenterPhones country={ctx.plan?.country} />
            <div className="actions">
              <Button className="button button--primary" onPress={closeDialog} autoFocus>
                {t('signup.birthdate.noMedicines.action')}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
