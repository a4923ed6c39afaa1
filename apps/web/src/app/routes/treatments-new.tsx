// /treatments/new: add a treatment (features/treatments) in the app's frame.
import { AddTreatment } from '../../features/treatments/components/add-treatment.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function TreatmentsNewScreen() {
  const t = useT();
  return (
    <AppPage title={t('pages.treatmentsNew.title')}>
      <AddTreatment />
    </AppPage>
  );
}
