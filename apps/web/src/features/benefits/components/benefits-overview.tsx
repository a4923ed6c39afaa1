// /benefits/{productSearchQuery?}: the benefits of the product chosen by its slug (the first of the patient's live
// treatments when absent or unknown, with a notice for an unknown one), a switcher when there are several, and the
// plan's general benefits. With activateDiscountCode=true the product's code is made at once (decision 046).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import type { BenefitsOverview, ProductBenefits } from '@portal/contracts/benefits';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { QueryRegion, type RegionQuery } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { benefitsQuery } from '../api/benefits-api.ts';
import { useCodeFromAddress } from '../use-code-from-address.ts';
import { BenefitCard, usesDiscountCode } from './benefit-card.tsx';
import { CodeActions } from './code-actions.tsx';
import './benefits.css';

/** The product a slug names among the patient's, and whether the slug named none of them. */
export function chooseProduct(products: ProductBenefits[], slug: string | undefined) {
  const named = slug ? products.find((product) => product.searchQuery === slug) : undefined;
  return { product: named ?? products[0], isUnknown: slug !== undefined && named === undefined };
}

function ProductSwitcher({ products, current }: { products: ProductBenefits[]; current: ProductBenefits }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <nav className="product-switcher" aria-label={t('benefits.products.label')}>
      <ul>
        {products.map((product) => (
          <li key={product.productId}>
            <Link
              className="product-switcher__link"
              href={pathInLanguage(language, paths.benefits(product.searchQuery))}
              aria-current={product.productId === current.productId ? 'page' : undefined}
            >
              {product.medicine}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ProductSection({ product, isActivating }: { product: ProductBenefits; isActivating: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <section className="benefits-section" aria-labelledby={`product-${product.productId}`}>
      <h2 id={`product-${product.productId}`} className="benefits-section__title">
        {product.medicine} <span className="benefits-section__presentation">{product.presentation[language]}</span>
      </h2>
      {product.benefits.length === 0 ? (
        <EmptyState message={t('benefits.empty')} />
      ) : (
        <div className="benefit-list">
          {product.benefits.map((benefit) => (
            <BenefitCard key={benefit.id} benefit={benefit}>
              {usesDiscountCode(benefit) ? <CodeActions product={product} isActivating={isActivating} /> : null}
              {benefit.kind === 'service' ? (
                <Link className="button button--ghost" href={pathInLanguage(language, paths.booking(benefit.id))}>
                  {t('benefits.book')}
                </Link>
              ) : null}
            </BenefitCard>
          ))}
        </div>
      )}
    </section>
  );
}

function Overview({ overview, slug }: { overview: BenefitsOverview; slug: string | undefined }) {
  const t = useT();
  const { language } = useLanguage();
  const { product, isUnknown } = chooseProduct(overview.products, slug);
  const activation = useCodeFromAddress(product);
  return (
    <div className="stack benefits">
      {activation.isError ? <FormAlert tone="error">{t(errorKeyOf(activation.error))}</FormAlert> : null}
      {activation.isSuccess ? (
        <FormAlert tone="success" focusOnShow={false}>
          {t('benefits.code.ready')}
        </FormAlert>
      ) : null}
      {activation.isPending ? (
        <p role="status" className="benefits__status">
          {t('benefits.code.getting')}
        </p>
      ) : null}
      {product === undefined ? (
        <EmptyState
          message={t('benefits.noTreatment')}
          action={
            <Link className="button button--primary" href={pathInLanguage(language, paths.treatmentsNew)}>
              {t('treatments.add')}
            </Link>
          }
        />
      ) : (
        <>
          {isUnknown ? (
            <FormAlert tone="info" focusOnShow={false}>
              {t('benefits.products.unknown', { medicine: product.medicine })}
            </FormAlert>
          ) : null}
          {overview.products.length > 1 ? <ProductSwitcher products={overview.products} current={product} /> : null}
          <ProductSection product={product} isActivating={activation.isPending} />
        </>
      )}
      {overview.general.length > 0 ? (
        <section className="benefits-section" aria-labelledby="general-benefits">
          <h2 id="general-benefits" className="benefits-section__title">
            {t('benefits.general.title')}
          </h2>
          <div className="benefit-list">
            {overview.general.map((benefit) => (
              <BenefitCard key={benefit.id} benefit={benefit} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function BenefitsOverviewRegion({
  productSearchQuery,
  waitFor,
}: {
  productSearchQuery: string | undefined;
  waitFor?: readonly RegionQuery<unknown>[];
}) {
  const benefits = useQuery(benefitsQuery());
  return (
    <QueryRegion query={benefits} errorKey="errors.benefitsLoad" loading={<Skeleton lines={8} />} waitFor={waitFor}>
      {(overview) => <Overview overview={overview} slug={productSearchQuery} />}
    </QueryRegion>
  );
}
