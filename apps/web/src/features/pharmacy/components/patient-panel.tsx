// The verified patient at the counter (decision 060): the first name and masked identification to check against the
// document in hand, then per product its discount, validity and 4+1 progress, with its two actions: record a purchase
// and give a free unit. Each action's result (the totals in the pharmacy's currency, the progress) shows in its card.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { CountryCode } from '@portal/contracts/enums';
import type { PharmacyPurchase, Verification } from '@portal/contracts/pharmacy';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useIdentificationTypeLabel } from '../../../patient/components/identification-type-field.tsx';
import { useT } from '../../../program/use-t.ts';
import { updateCounterDay, useIsReversed, withEntry } from '../counter-entries.ts';
import { CounterProgress } from './counter-progress.tsx';
import { PurchaseForm } from './purchase-form.tsx';
import { RedeemForm } from './redeem-form.tsx';

type VerifiedProduct = Verification['products'][number];
type Result = { kind: 'purchase'; id: number; purchase: PharmacyPurchase } | { kind: 'redemption'; id: number };

interface Props {
  apiKey: string;
  country: string;
  verification: Verification;
  /** A purchase or free unit changed a product's progress (or a reversal did, from the day's list). */
  onProgress: (productId: number, progress: VerifiedProduct['progress']) => void;
  onDone: () => void;
}

function PurchaseResult({ purchase, product }: { purchase: PharmacyPurchase; product: string }) {
  const t = useT();
  const { language } = useLanguage();
  const money = (amount: string) => formatMoney(Number(amount), language, purchase.currency);
  return (
    <FormAlert tone="success">
      <p className="counter-result__title">
        {t('pharmacy.purchase.recorded', { product, quantity: purchase.quantity })}
      </p>
      <DetailsList
        rows={[
          [t('pharmacy.purchase.result.unitPrice'), money(purchase.unitPrice)],
          [
            t('pharmacy.purchase.result.discount', { percent: purchase.discountPercent }),
            money(purchase.discountAmount),
          ],
          [t('pharmacy.purchase.result.total'), <strong key="total">{money(purchase.total)}</strong>],
          [t('pharmacy.receipt.label'), purchase.receiptId],
        ]}
      />
    </FormAlert>
  );
}

function ProductCard({
  apiKey,
  product,
  currency,
  onProgress,
}: {
  apiKey: string;
  product: VerifiedProduct;
  currency: string;
  onProgress: Props['onProgress'];
}) {
  const t = useT();
  const { language } = useLanguage();
  const [action, setAction] = useState<'purchase' | 'redeem' | undefined>();
  const queryClient = useQueryClient();
  const [outcome, setResult] = useState<Result | undefined>();
  // Reversed from the day's list: the result shown here is no longer true, so it goes.
  const isReversed = useIsReversed(apiKey, outcome?.kind ?? 'purchase', outcome?.id);
  const result = isReversed ? undefined : outcome;
  const name = `${product.medicine} ${product.presentation[language]}`;
  const code = product.code;
  const canRedeem = Boolean(product.progress && product.progress.freeUnitsAvailable > 0);
  const start = (next: 'purchase' | 'redeem') => {
    setResult(undefined);
    setAction(next);
  };
  return (
    <li className="card counter-card counter-product stack">
      <h3 className="counter-product__name">{name}</h3>
      <DetailsList
        rows={[
          [
            t('pharmacy.product.discount'),
            product.discountPercent > 0
              ? t('pharmacy.product.discountPercent', { percent: product.discountPercent })
              : t('pharmacy.product.noDiscount'),
          ],
          product.validUntil ? [t('pharmacy.product.validUntil'), formatDate(product.validUntil)] : null,
        ]}
      />
      {product.progress ? <CounterProgress progress={product.progress} /> : null}
      {result?.kind === 'purchase' ? <PurchaseResult purchase={result.purchase} product={name} /> : null}
      {result?.kind === 'redemption' ? (
        <FormAlert tone="success">{t('pharmacy.redeem.done', { product: name })}</FormAlert>
      ) : null}
      {code && action === 'purchase' ? (
        <PurchaseForm
          apiKey={apiKey}
          code={code}
          productId={product.productId}
          productName={name}
          currency={currency}
          onCancel={() => setAction(undefined)}
          onRecorded={(answer) => {
            updateCounterDay(queryClient, apiKey, (day) =>
              withEntry(day, {
                kind: 'purchase',
                id: answer.purchase.id,
                productId: product.productId,
                medicine: product.medicine,
                presentation: product.presentation,
                receiptId: answer.purchase.receiptId,
                quantity: answer.purchase.quantity,
                total: answer.purchase.total,
                currency: answer.purchase.currency,
                recordedAt: answer.purchase.recordedAt,
                reversedAt: null,
                reversalReason: null,
              }),
            );
            onProgress(product.productId, answer.progress);
            setResult({ kind: 'purchase', id: answer.purchase.id, purchase: answer.purchase });
            setAction(undefined);
          }}
        />
      ) : null}
      {code && action === 'redeem' ? (
        <RedeemForm
          apiKey={apiKey}
          code={code}
          productId={product.productId}
          productName={name}
          onCancel={() => setAction(undefined)}
          onRedeemed={(answer) => {
            updateCounterDay(queryClient, apiKey, (day) =>
              withEntry(day, {
                kind: 'redemption',
                id: answer.redemption.id,
                productId: product.productId,
                medicine: product.medicine,
                presentation: product.presentation,
                receiptId: answer.redemption.receiptId,
                quantity: 1,
                total: null,
                currency,
                recordedAt: answer.redemption.redeemedAt,
                reversedAt: null,
                reversalReason: null,
              }),
            );
            onProgress(product.productId, answer.progress);
            setResult({ kind: 'redemption', id: answer.redemption.id });
            setAction(undefined);
          }}
        />
      ) : null}
      {code && action === undefined ? (
        <div className="actions counter-actions">
          <Button className="button button--primary counter-button" onPress={() => start('purchase')}>
            {t('pharmacy.product.recordPurchase')}
          </Button>
          {canRedeem ? (
            <Button className="button button--primary counter-button" onPress={() => start('redeem')}>
              {t('pharmacy.product.redeem')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {code ? null : <p>{t('pharmacy.product.noCode')}</p>}
    </li>
  );
}

export function PatientPanel({ apiKey, country, verification, onProgress, onDone }: Props) {
  const t = useT();
  const typeLabel = useIdentificationTypeLabel();
  const { patient } = verification;
  return (
    <section className="counter-patient stack" aria-labelledby="counter-patient-title">
      <div className="card counter-card counter-patient__who">
        <h2 id="counter-patient-title" className="counter-card__title">
          {t('pharmacy.patient.title', { name: patient.firstName })}
        </h2>
        <DetailsList
          rows={[
            [
              typeLabel(patient.identification.type, country as CountryCode),
              <span key="id" translate="no">
                {patient.identification.masked}
              </span>,
            ],
          ]}
        />
        <p className="counter-patient__check">{t('pharmacy.patient.check')}</p>
        <div className="actions">
          <Button className="button button--ghost counter-button" onPress={onDone}>
            {t('pharmacy.patient.next')}
          </Button>
        </div>
      </div>
      <ul className="counter-products stack" aria-label={t('pharmacy.products.title')}>
        {verification.products.map((product) => (
          <ProductCard
            key={product.productId}
            apiKey={apiKey}
            product={product}
            currency={verification.currency}
            onProgress={onProgress}
          />
        ))}
      </ul>
    </section>
  );
}
