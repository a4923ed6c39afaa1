// /caregiver/add: a patient without a caregiver adds one (features/caregiver) in the app's frame.
import { AddCaregiver } from '../../features/caregiver/components/add-caregiver.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function CaregiverAddScreen() {
  const t = useT();
  return (
    <AppPage title={t('pages.caregiverAdd.title')}>
      <AddCaregiver />
    </AppPage>
  );
}
