// /benefits/{productSearchQuery}/coupon-code: the product's discount code for the pharmacy counter, large and grouped
// for reading aloud, as a QR code and a Code 128 barcode, with the product, the discount, the validity and the
// patient's first name. Without a connection it shows the card kept on this device with when it was last updated
// (decision 046); every card the server answers replaces the kept one.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import type { DiscountCodeCard } from '@portal/contracts/benefits';
import { normaliseDiscountCode } from '@portal/contracts/discount-code';
import { CodeSymbols } from '../../../components/code-symbols/code-symbols.tsx';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { RegionError } from '../../../components/ui/region-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { keepLoadedFilesForOffline } from '../../../lib/offline-files.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { benefitsQuery, discountCodeQuery, useActivateCode } from '../api/benefits-api.ts';
import { forgetCodeCard, storedCodeCard, type StoredCodeCard } from '../offline-code.ts';
import { usesDiscountCode } from './benefit-card.tsx';
import './benefits.css';

/** The code spelled one character at a time for a screen reader: '7 K 3 Q X, M 9 P D 2, B'. */
export function spelledCode(code: string): string {
  return code
    .split('-')
    .map((group) => group.split('').join(' '))
    .join(', ');
}

/** Keeps the screen on while the code is shown (where the browser can): a cashier's scanner may take a while. */
function useScreenAwake() {
  useEffect(() => {
    let lock: WakeLockSentinel | undefined;
    let released = false;
    if (!('wakeLock' in navigator)) return;
    void navigator.wakeLock
      .request('screen')
      .then((sentinel) => {
        lock = sentinel;
        if (released) void sentinel.release();
      })
      .catch(() => undefined);
    return () => {
      released = true;
      void lock?.release();
    };
  }, []);
}

function CodeCard({ card, savedAt }: { card: DiscountCodeCard; savedAt?: string }) {
  const t = useT();
  const { language } = useLanguage();
  useScreenAwake();
  // Shown from the server: this screen's files are kept so that it opens next time without a connection.
  const isFresh = savedAt === undefined;
  useEffect(() => {
    if (isFresh) void keepLoadedFilesForOffline();
  }, [isFresh]);
  const canonical = normaliseDiscountCode(card.code.code) ?? card.code.code.replace(/-/g, '');
  const benefit =
    card.discountPercent !== null
      ? t('benefits.discount', { percent: card.discountPercent })
      : card.benefits
          .filter(usesDiscountCode)
          .map((item) => t(item.texts.title))
          .join(' · ');
  return (
    <div className="coupon-code">
      {savedAt ? (
        <FormAlert tone="info" focusOnShow={false}>
          {t('couponCode.savedCopy', { date: formatDate(new Date(savedAt)) })}
        </FormAlert>
      ) : null}
      <p className="coupon-code__counter">{t('couponCode.counter')}</p>
      <p className="coupon-code__code">
        <span aria-hidden="true">{card.code.code}</span>
        <span className="visually-hidden">{spelledCode(card.code.code)}</span>
      </p>
      <CodeSymbols
        value={canonical}
        qrLabel={t('couponCode.qrLabel', { code: card.code.code })}
        barcodeLabel={t('couponCode.barcodeLabel', { code: card.code.code })}
      />
      <DetailsList
        rows={[
          [t('couponCode.patient'), card.patientFirstName],
          [t('couponCode.medicine'), `${card.medicine} ${card.presentation[language]}`],
          benefit ? [t('couponCode.benefit'), benefit] : null,
          [t('couponCode.validUntil'), formatDate(card.code.validUntil)],
        ]}
      />
      <p className="coupon-code__hint">{t('couponCode.brightness')}</p>
    </div>
  );
}

function NoCodeYet({ productId, medicine }: { productId: number; medicine: string }) {
  const t = useT();
  const activate = useActivateCode();
  return (
    <EmptyState
      message={t('couponCode.none', { medicine })}
      action={
        <>
          <PendingButton
            isPending={activate.isPending}
            pendingLabel={t('benefits.code.getting')}
            onPress={() => activate.mutateAsync(productId).catch(() => undefined)}
          >
            {t('benefits.discountCode.activate')}
          </PendingButton>
          {activate.isError ? <FormAlert tone="error">{t(errorKeyOf(activate.error))}</FormAlert> : null}
        </>
      }
    />
  );
}

export function CouponCodeRegion({ productSearchQuery }: { productSearchQuery: string }) {
  const t = useT();
  const { language } = useLanguage();
  // The kept card, read once: shown at once, and when the network fails.
  const [stored] = useState<StoredCodeCard | undefined>(() => storedCodeCard(productSearchQuery));
  const overview = useQuery(benefitsQuery());
  const product = overview.data?.products.find((item) => item.searchQuery === productSearchQuery);
  const code = useQuery(discountCodeQuery(product?.productId));
  const noCode = code.data === null;
  useEffect(() => {
    if (noCode) forgetCodeCard(productSearchQuery);
  }, [noCode, productSearchQuery]);

  if (code.data) return <CodeCard card={code.data} />;
  if (overview.data && !product) {
    return (
      <EmptyState
        message={t('couponCode.unknownProduct')}
        action={
          <Link className="button button--primary" href={pathInLanguage(language, paths.benefits())}>
            {t('couponCode.toBenefits')}
          </Link>
        }
      />
    );
  }
  if (product && noCode) return <NoCodeYet productId={product.productId} medicine={product.medicine} />;
  // Loading or failed: the card kept on this device, if any, with when it came.
  if (stored) return <CodeCard card={stored.card} savedAt={stored.savedAt} />;
  const failed = [overview, code].filter((query) => query.isError);
  if (failed.length > 0) {
    return (
      <RegionError
        isRetrying={failed.some((query) => query.isFetching)}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  }
  return <Skeleton lines={8} label={t('coupon.loading')} />;
}
