// The real page frame with its title, for screens that later work fills in.
import { AppPage } from '../layouts/app-page.tsx';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

export default function InPreparationScreen({ titleKey }: { titleKey: string }) {
  const t = useT();
  const { program } = useProgram();
  return (
    <AppPage title={t(titleKey)}>
      <p className="card">{t('pages.inPreparation', { 0: program.name })}</p>
    </AppPage>
  );
}
