// /signup: the enrolment wizard. v may hold ppr (pre-registered patient) and sp (skip password), comma-separated.
import { useSearchParams } from 'react-router';
import { SignupWizard } from '../../features/signup/components/signup-wizard.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function SignupScreen() {
  const t = useT();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const variants = new Set((params.get('v') ?? '').split(',').map((value) => value.trim()));
  return (
    <AppPage title={t('signup.title')}>
      <SignupWizard language={language} skipPassword={variants.has('sp')} preregistered={variants.has('ppr')} />
    </AppPage>
  );
}
