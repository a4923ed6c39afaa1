// /treatments: the patient's treatments (features/treatments) in the app's frame.
import { MyTreatments } from '../../features/treatments/components/my-treatments.tsx';
import { AppPage } from '../layouts/app-page.tsx';

export default function TreatmentsScreen() {
  return <MyTreatments page={(title, content) => <AppPage title={title}>{content}</AppPage>} />;
}
