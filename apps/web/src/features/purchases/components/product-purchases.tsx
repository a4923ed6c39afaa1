// /purchases/{idProduct}: the product's purchases of the last year (each with its pharmacy and amounts), the 4+1
// progress, what stops counting next (a warning within a month) and what the patient saved this calendar year.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import type { PatientPurchase, ProductPurchases } from '@portal/contracts/purchases';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isFeatureEnabled } from '../../../lib/features.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { productPurchasesQuery } from '../api/purchases-api.ts';
import { FourPlusOne } from './four-plus-one.tsx';
import { pharmacyName, savingsText } from './purchases-format.ts';
import './purchases.css';

function PurchaseItem({ purchase }: { purchase: PatientPurchase }) {
  const t = useT();
  const { language } = useLanguage();
  const money = (amount: string) => formatMoney(Number(amount), language, purchase.currency);
  return (
    <li className="purchase">
      <h3 className="purchase__head">
        {formatDate(purchase.purchasedAt)} · {pharmacyName(purchase.pharmacy)}
      </h3>
      <dl className="purchase__facts">
        <dt>{t('purchases.quantity')}</dt>
        <dd>{purchase.quantity}</dd>
        <dt>{t('purchases.unitPrice')}</dt>
        <dd>{money(purchase.unitPrice)}</dd>
        <dt>{t('purchases.discount')}</dt>
        <dd>
          {purchase.discountPercent > 0
            ? t('purchases.discountValue', {
                percent: purchase.discountPercent,
                amount: money(purchase.discountAmount),
              })
            : money(purchase.discountAmount)}
        </dd>
        <dt className="purchase__total">{t('purchases.totalLabel')}</dt>
        <dd className="purchase__total">{money(purchase.total)}</dd>
      </dl>
    </li>
  );
}

function Purchases({ data }: { data: ProductPurchases }) {
  const t = useT();
  const { language } = useLanguage();
  const { product, progress, expiringSoon } = data;
  const slug = product.searchQuery;
  // No link to a screen the program turned off (decision 069): it would only say that the feature is not there.
  const { featureToggles } = useProgram();
  const hasRedemptions = isFeatureEnabled('redemptions', featureToggles);
  return (
    <div className="stack">
      <h2 className="benefits-section__title">
        {product.medicine} <span className="benefits-section__presentation">{product.presentation[language]}</span>
      </h2>
      {progress ? (
        <section className="ui-card stack" aria-labelledby="offer-title">
          <h3 id="offer-title" className="ui-card__title">
            {t('redemptions.offer.title')}
          </h3>
          <FourPlusOne progress={progress} packageKind={product.packageKind} />
          {expiringSoon ? (
            <p className="purchases-warning">
              <span aria-hidden="true">⚠ </span>
              {t('purchases.expiringSoon', {
                count: expiringSoon.units,
                date: formatDate(expiringSoon.expiresAt),
                kind: product.packageKind,
              })}
            </p>
          ) : progress.nextExpiry ? (
            <p className="purchases-facts">
              {t('purchases.nextExpiry', {
                count: progress.nextExpiry.units,
                date: formatDate(progress.nextExpiry.expiresAt),
                kind: product.packageKind,
              })}
            </p>
          ) : null}
        </section>
      ) : null}
      <section className="ui-card stack" aria-labelledby="savings-title">
        <h3 id="savings-title" className="ui-card__title">
          {t('purchases.savings.title')}
        </h3>
        <p className="purchases-facts purchases-savings">{savingsText(data.savingsThisYear, language, t)}</p>
      </section>
      <section className="stack" aria-labelledby="purchase-list-title">
        <h3 id="purchase-list-title" className="benefits-section__title">
          {t('purchases.list.title')}
        </h3>
        {data.purchases.length === 0 ? (
          <EmptyState message={t('purchases.empty')} />
        ) : (
          <ul className="purchase-list">
            {data.purchases.map((purchase) => (
              <PurchaseItem key={purchase.id} purchase={purchase} />
            ))}
          </ul>
        )}
      </section>
      {slug ? (
        <div className="purchases-links">
          {hasRedemptions ? (
            <Link className="button button--ghost" href={pathInLanguage(language, paths.redemptions(slug))}>
              {t('redemptions.menu.history')}
            </Link>
          ) : null}
          <Link className="button button--ghost" href={pathInLanguage(language, paths.benefits(slug))}>
            {t('redemptions.menu.benefits')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** A product the patient neither takes nor bought (an old link, a mistyped id): said so, with the way to benefits. */
function NotAProductOfYours() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <EmptyState
      message={t('purchases.notFound')}
      action={
        <Link className="button button--primary" href={pathInLanguage(language, paths.benefits())}>
          {t('redemptions.menu.benefits')}
        </Link>
      }
    />
  );
}

export function ProductPurchasesRegion({ productId }: { productId: number }) {
  const purchases = useQuery(productPurchasesQuery(productId));
  return (
    <QueryRegion query={purchases} errorKey="purchases.loadError" loading={<Skeleton lines={8} />}>
      {(data) => (data === null ? <NotAProductOfYours /> : <Purchases data={data} />)}
    </QueryRegion>
  );
}
