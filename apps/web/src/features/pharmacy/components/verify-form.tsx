// The patient's code at the counter (decision 060): typed (its check character checked before any call) or scanned
// from the patient's QR code or barcode with the camera; then verified by the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Form } from 'react-aria-components';
import { z } from 'zod';
import { formatDiscountCode, normaliseDiscountCode } from '@portal/contracts/discount-code';
import type { Verification } from '@portal/contracts/pharmacy';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../program/use-t.ts';
import { verifyCode } from '../api/pharmacy-api.ts';
import { counterErrorText } from '../counter-errors.ts';
import { CounterActions } from './counter-actions.tsx';
import { CounterTextField, parsedText } from './counter-fields.tsx';

// The camera and its decoder load on the first press of Scan, never with the screen.
const CodeScanner = lazy(() => import('./code-scanner.tsx').then((module) => ({ default: module.CodeScanner })));

const VerifyFormSchema = z.object({
  code: parsedText(normaliseDiscountCode, {
    required: 'pharmacy.verify.code.required',
    mistyped: 'errors.discountCodeMistyped',
  }),
});
type VerifyForm = z.infer<typeof VerifyFormSchema>;

interface Props {
  apiKey: string;
  onVerified: (verification: Verification) => void;
}

export function VerifyForm({ apiKey, onVerified }: Props) {
  const t = useT();
  const [failure, setFailure] = useState<string | undefined>();
  const [isScanning, setScanning] = useState(false);
  const { control, handleSubmit, setError, setValue, formState } = useForm<VerifyForm>({
    resolver: zodResolver(VerifyFormSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(undefined);
    const canonical = normaliseDiscountCode(code)!;
    try {
      onVerified(await verifyCode(apiKey, formatDiscountCode(canonical)));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DISCOUNT_CODE_INVALID')
        setError('code', { message: 'errors.discountCodeInvalid' }, { shouldFocus: true });
      else if (error instanceof ApiError && error.code === 'DISCOUNT_CODE_NOT_AT_COUNTER')
        setError('code', { message: 'errors.discountCodeNotAtCounter' }, { shouldFocus: true });
      else if (!applyFieldErrors<VerifyForm>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true }))
        setFailure(counterErrorText(error, t));
    }
  });
  return (
    <section className="card counter-card stack" aria-labelledby="counter-verify-title">
      <h2 id="counter-verify-title" className="counter-card__title">
        {t('pharmacy.verify.title')}
      </h2>
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" aria-labelledby="counter-verify-title">
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <div className="counter-code">
          <CounterTextField
            control={control}
            name="code"
            label={t('pharmacy.verify.code.label')}
            description={t('pharmacy.verify.code.hint')}
            // Ready for the next patient, and for a handheld scanner, which types the code and Enter where the focus is.
            autoFocus
          />
          <Button className="button button--ghost counter-button counter-code__scan" onPress={() => setScanning(true)}>
            {t('pharmacy.scan.open')}
          </Button>
        </div>
        <CounterActions
          isSubmitting={formState.isSubmitting}
          submitLabel={t('pharmacy.verify.submit')}
          pendingLabel={t('pharmacy.verify.pending')}
        />
      </Form>
      {isScanning ? (
        <Suspense
          fallback={
            <p className="counter-scan-loading" role="status">
              {t('pharmacy.scan.starting')}
            </p>
          }
        >
          <CodeScanner
            onCancel={() => setScanning(false)}
            onCode={(code) => {
              setScanning(false);
              setValue('code', code, { shouldValidate: true });
              void onSubmit();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
