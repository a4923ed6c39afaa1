// The home's 4+1 card (features/purchases) with the products of the patient's live treatments: the app joins the two
// features, since a feature reads no other feature's data. Loaded after the home's first paint (home-cards.tsx).
import { useQuery } from '@tanstack/react-query';
import { PurchasesHomeCard } from '../features/purchases/components/purchases-home-card.tsx';
import { treatmentsQuery } from '../features/treatments/api/treatments-api.ts';

export default function PurchasesCard() {
  const products = useQuery({
    ...treatmentsQuery(),
    select: (list) => [...new Set(list.live.map((treatment) => treatment.productId))],
  });
  return <PurchasesHomeCard products={products} />;
}
