// The pharmacy loop's screens (features/purchases) in the app's frame, one chunk for the three routes:
// /purchases/{idProduct} (a path that is not a product id is the not-found screen), /redemptions/{productSearchQuery?}
// and /redemptions/{productSearchQuery}/menu.
import { useLocation, useParams } from 'react-router';
import { PurchaseProductParamsSchema } from '@portal/contracts/purchases';
import { ProductPurchasesRegion } from '../../features/purchases/components/product-purchases.tsx';
import { RedemptionsMenuRegion, RedemptionsRegion } from '../../features/purchases/components/redemptions.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import NotFoundScreen from './not-found.tsx';

function Purchases({ idProduct }: { idProduct: string | undefined }) {
  const t = useT();
  const params = PurchaseProductParamsSchema.safeParse({ productId: idProduct });
  if (!params.success) return <NotFoundScreen />;
  return (
    <AppPage title={t('pages.purchases.title')} lead={t('purchases.intro')}>
      <ProductPurchasesRegion productId={params.data.productId} />
    </AppPage>
  );
}

export default function PurchasesScreen() {
  const t = useT();
  const { idProduct, productSearchQuery } = useParams();
  const isMenu = useLocation().pathname.endsWith('/menu');
  if (idProduct !== undefined) return <Purchases idProduct={idProduct} />;
  if (isMenu && productSearchQuery)
    return (
      <AppPage title={t('pages.redemptionsMenu.title')}>
        <RedemptionsMenuRegion productSearchQuery={productSearchQuery} />
      </AppPage>
    );
  return (
    <AppPage title={t('pages.redemptions.title')} lead={t('redemptions.intro')}>
      <RedemptionsRegion productSearchQuery={productSearchQuery} />
    </AppPage>
  );
}
