// The home's greeting: the patient's first name and the support plan they are enrolled in.
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useUser } from '../../lib/user.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

export function Greeting() {
  const t = useT();
  const user = useUser();
  const { program } = useProgram();
  const { language } = useLanguage();
  // Offline (the call waits for the connection) or failed: the home's other regions say so; the greeting steps aside.
  // Loading: the greeting's own box, of its two lines' height, so that the cards under it do not move (decision 093).
  if (!user.data)
    return user.isError || user.isPaused ? null : (
      <div className="greeting greeting--pending">
        <Skeleton lines={1} label={t('app.loading')} />
      </div>
    );
  const plan = program.supportPlans.find((item) => item.id === user.data.planPatient?.idSupportPlan);
  return (
    <div className="greeting">
      <p className="lead">{t('home.welcome', { firstName: user.data.firstName })}</p>
      {plan ? <p className="greeting__plan">{t('home.plan', { planName: plan.name[language] })}</p> : null}
    </div>
  );
}
