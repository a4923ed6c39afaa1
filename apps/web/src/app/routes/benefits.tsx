// /benefits/{productSearchQuery?}: the patient's benefits (features/benefits) in the app's frame.
import { useParams } from 'react-router';
import { BenefitsOverviewRegion } from '../../features/benefits/components/benefits-overview.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function BenefitsScreen() {
  const t = useT();
  const { productSearchQuery } = useParams();
  return (
    <AppPage title={t('pages.benefits.title')} lead={t('benefits.intro')}>
      <BenefitsOverviewRegion productSearchQuery={productSearchQuery} />
    </AppPage>
  );
}
