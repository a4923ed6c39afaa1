// /redemptions/{productSearchQuery?}: the free units redeemed in the last year, per product (all of them, or the one
// the slug names), and /redemptions/{productSearchQuery}/menu, where the patient chooses the product.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import type { ProductRedemptions } from '@portal/contracts/purchases';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isFeatureEnabled } from '../../../lib/features.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { redemptionsQuery } from '../api/purchases-api.ts';
import { pharmacyName } from './purchases-format.ts';
import './purchases.css';

type Product = ProductRedemptions[number];

function ProductRedemptionsSection({ product }: { product: Product }) {
  const t = useT();
  const { language } = useLanguage();
  // No link to a screen the program turned off (decision 069): it would only say that the feature is not there.
  const { featureToggles } = useProgram();
  const hasPurchases = isFeatureEnabled('purchases', featureToggles);
  const titleId = `redemptions-${product.productId}`;
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="benefits-section__title">
        {product.medicine} <span className="benefits-section__presentation">{product.presentation[language]}</span>
      </h2>
      {product.redemptions.length === 0 ? (
        <EmptyState message={t('redemptions.emptyProduct')} />
      ) : (
        <ul className="redemption-list">
          {product.redemptions.map((redemption) => (
            <li key={redemption.id} className="redemption">
              <strong>{formatDate(redemption.redeemedAt)}</strong>
              <span>{pharmacyName(redemption.pharmacy)}</span>
              <span>{t('redemptions.freeUnit', { medicine: product.medicine, kind: product.packageKind })}</span>
            </li>
          ))}
        </ul>
      )}
      {hasPurchases ? (
        <div className="purchases-links">
          <Link className="button button--ghost" href={pathInLanguage(language, paths.purchases(product.productId))}>
            {t('redemptions.menu.purchases')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function Redemptions({ products, slug }: { products: ProductRedemptions; slug: string | undefined }) {
  const t = useT();
  const { language } = useLanguage();
  const named = slug ? products.find((product) => product.searchQuery === slug) : undefined;
  const shown = named ? [named] : products;
  const menuSlug = (named ?? products.find((product) => product.searchQuery))?.searchQuery;
  return (
    <div className="stack">
      {slug && !named ? (
        <FormAlert tone="info" focusOnShow={false}>
          {t('redemptions.unknownProduct')}
        </FormAlert>
      ) : null}
      {products.length === 0 ? <EmptyState message={t('redemptions.empty')} /> : null}
      {shown.map((product) => (
        <ProductRedemptionsSection key={product.productId} product={product} />
      ))}
      {products.length > 1 && menuSlug ? (
        <div className="purchases-links">
          <Link className="button button--primary" href={pathInLanguage(language, paths.redemptionsMenu(menuSlug))}>
            {t('redemptions.choose')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

export function RedemptionsRegion({ productSearchQuery }: { productSearchQuery: string | undefined }) {
  const redemptions = useQuery(redemptionsQuery());
  return (
    <QueryRegion query={redemptions} errorKey="errors.redemptionsLoad" loading={<Skeleton lines={6} />}>
      {(products) => <Redemptions products={products} slug={productSearchQuery} />}
    </QueryRegion>
  );
}

function Menu({ products, slug }: { products: ProductRedemptions; slug: string }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <nav className="stack" aria-label={t('redemptions.menu.products')}>
      <p>{t('redemptions.menu.intro')}</p>
      <ul className="purchases-menu">
        <li>
          <Link className="purchases-menu__link" href={pathInLanguage(language, paths.redemptions())}>
            {t('redemptions.menu.all')}
          </Link>
        </li>
        {products
          .filter((product) => product.searchQuery)
          .map((product) => (
            <li key={product.productId}>
              <Link
                className="purchases-menu__link"
                href={pathInLanguage(language, paths.redemptions(product.searchQuery!))}
                aria-current={product.searchQuery === slug ? 'page' : undefined}
              >
                {product.medicine} {product.presentation[language]}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

export function RedemptionsMenuRegion({ productSearchQuery }: { productSearchQuery: string }) {
  const redemptions = useQuery(redemptionsQuery());
  return (
    <QueryRegion query={redemptions} errorKey="errors.redemptionsLoad" loading={<Skeleton lines={4} />}>
      {(products) => <Menu products={products} slug={productSearchQuery} />}
    </QueryRegion>
  );
}
