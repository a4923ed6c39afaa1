// The home's 4+1 card (HOME_CARDS, feature purchases): per medicine the patient takes, the 4+1 progress and what they
// saved this year, one tap from its purchases, and until when it should last (decision 061). The app gives it the
// products (the treatments' query), so that the purchases feature reads no other feature's data.
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion, type RegionQuery } from '../../../components/ui/query-region.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { productPurchasesQuery, refillsQuery } from '../api/purchases-api.ts';
import { FourPlusOne } from './four-plus-one.tsx';
import { RefillEstimate } from './refill-estimate.tsx';
import { savingsText } from './purchases-format.ts';
import './purchases.css';

function ProductsProgress({ productIds }: { productIds: number[] }) {
  const t = useT();
  const { language } = useLanguage();
  const queries = useQueries({ queries: productIds.map((productId) => productPurchasesQuery(productId)) });
  // The estimates are a line under each medicine: while they load or if they fail, the card shows the rest as it was.
  const refills = useQuery(refillsQuery()).data;
  return (
    <QueryRegion queries={queries} lines={3} errorKey="purchases.loadError">
      {(list) => {
        // A product the server does not count as the patient's (null: 404) has nothing to show.
        const shown = list.filter(
          (data): data is NonNullable<typeof data> =>
            data !== null && (data.progress !== null || data.purchases.length > 0),
        );
        if (shown.length === 0) return <p>{t('home.purchases.none')}</p>;
        return (
          <ul className="row-links home-purchases">
            {shown.map((data) => (
              <li key={data.product.productId}>
                <Link
                  className="row-links__link home-purchases__link"
                  href={pathInLanguage(language, paths.purchases(data.product.productId))}
                >
                  <strong>
                    {data.product.medicine} {data.product.presentation[language]}
                  </strong>
                  {data.progress ? (
                    <FourPlusOne progress={data.progress} packageKind={data.product.packageKind} />
                  ) : null}
                  <span>{savingsText(data.savingsThisYear, language, t)}</span>
                </Link>
                {refills?.refills
                  .filter((refill) => refill.productId === data.product.productId)
                  .map((refill) => (
                    <RefillEstimate key={refill.productId} refill={refill} today={refills.today} />
                  ))}
              </li>
            ))}
          </ul>
        );
      }}
    </QueryRegion>
  );
}

/** `products`: the ids of the medicines the patient takes, as a query the card waits for. */
export function PurchasesHomeCard({ products }: { products: RegionQuery<number[]> }) {
  const t = useT();
  return (
    <Card title={t('home.purchases.title')}>
      <QueryRegion query={products} lines={3}>
        {(productIds) =>
          productIds.length === 0 ? <p>{t('home.purchases.none')}</p> : <ProductsProgress productIds={productIds} />
        }
      </QueryRegion>
    </Card>
  );
}
