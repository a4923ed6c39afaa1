// /benefits/{productSearchQuery}/coupon-code: the product's discount code for the pharmacy counter (features/benefits).
import { useParams } from 'react-router';
import { CouponCodeRegion } from '../../features/benefits/components/coupon-code.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function CouponCodeScreen() {
  const t = useT();
  const { language } = useLanguage();
  const { productSearchQuery = '' } = useParams();
  return (
    <AppPage
      title={t('pages.couponCode.title')}
      back={{ href: pathInLanguage(language, paths.benefits(productSearchQuery)), label: t('pages.benefits.title') }}
    >
      <CouponCodeRegion key={productSearchQuery} productSearchQuery={productSearchQuery} />
    </AppPage>
  );
}
