// /pharmacy: the pharmacy counter's screen (features/pharmacy, decision 060), for a pharmacy's staff with the key of
// their pharmacy; in its own frame, with no patient session. Its own chunk: no patient screen loads it.
import { PharmacyCounter } from '../../features/pharmacy/components/pharmacy-counter.tsx';
import { useT } from '../../program/use-t.ts';
import { CounterPage } from '../layouts/counter-page.tsx';

export default function PharmacyScreen() {
  const t = useT();
  return (
    <CounterPage title={t('pages.pharmacy.title')} lead={t('pharmacy.intro')}>
      <PharmacyCounter />
    </CounterPage>
  );
}
