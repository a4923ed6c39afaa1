// /signup: the enrolment wizard. ii names the instance logo; v may hold ppr (pre-registered patient, with the
// invitation's n and s) and sp (skip password), comma-separated.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PreregistrationLinkSchema } from '@portal/contracts/signup';
import { SignupWizard } from '../../features/signup/components/signup-wizard.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function SignupScreen() {
  const t = useT();
  const { language } = useLanguage();
  const { program, config } = useProgram();
  const [params, setParams] = useSearchParams();
  // ii: a partner instance of the program's configuration; an unknown one shows nothing.
  const instance = config?.instances.find((item) => item.id === params.get('ii'));
  const variants = new Set((params.get('v') ?? '').split(',').map((value) => value.trim()));
  // The invitation is read once; the wizard keeps it with the draft, so it can leave the address bar (and history).
  const [invitation] = useState(() => {
    const link = PreregistrationLinkSchema.safeParse({ n: params.get('n'), s: params.get('s') });
    return variants.has('ppr') && link.success ? link.data : undefined;
  });
  useEffect(() => {
    if (!params.has('n') && !params.has('s')) return;
    const next = new URLSearchParams(params);
    next.delete('n');
    next.delete('s');
    setParams(next, { replace: true });
  }, [params, setParams]);
  return (
    <AppPage title={t('signup.title')}>
      {instance ? (
        <p className="signup__instance">
          <img src={`/program/${program.slug}/${instance.logoPath}`} alt="" width={40} height={40} />
          <span>{t('signup.instance.with', { name: instance.name })}</span>
        </p>
      ) : null}
      <SignupWizard language={language} skipPassword={variants.has('sp')} {...(invitation ? { invitation } : {})} />
    </AppPage>
  );
}
