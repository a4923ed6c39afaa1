// The home's discount-codes card: each active code of the patient's products, one tap from its code screen; while
// there is none, a way to the benefits. Nothing when the patient has no live treatment (the treatments card says so).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { benefitsQuery } from '../api/benefits-api.ts';
import './benefits-home-card.css';

export function BenefitsHomeCard() {
  const t = useT();
  const { language } = useLanguage();
  const benefits = useQuery(benefitsQuery());
  return (
    <Card title={t('home.benefits.title')}>
      <QueryRegion query={benefits} lines={2} errorKey="errors.benefitsLoad">
        {({ products }) => {
          const withCode = products.filter((product) => product.code !== null);
          return (
            <>
              {withCode.length === 0 ? (
                <p>{t('home.benefits.none')}</p>
              ) : (
                <ul className="row-links">
                  {withCode.map((product) => (
                    <li key={product.productId}>
                      <Link
                        className="row-links__link"
                        href={pathInLanguage(language, paths.couponCode(product.searchQuery))}
                      >
                        <strong>{product.medicine}</strong>
                        <span className="home-codes__code">{product.code?.code}</span>
                        <span>{t('benefits.validUntil', { date: formatDate(product.code?.validUntil ?? '') })}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <Link className="button button--ghost" href={pathInLanguage(language, paths.benefits())}>
                {t('home.benefits.see')}
              </Link>
            </>
          );
        }}
      </QueryRegion>
    </Card>
  );
}
