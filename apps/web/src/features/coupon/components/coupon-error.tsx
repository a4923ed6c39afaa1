// The spec's coupon error ('Oops, something went wrong'): the same for every refused link, with the program's
// call-center phones (the answer's `details.phones`, or the program's own when there is no answer).
import { PhonesSchema } from '@portal/contracts/program-files';
import { AllCallCenterPhones } from '../../../components/ui/call-center-phones.tsx';
import { useT } from '../../../program/use-t.ts';

export function CouponError({ details }: { details?: Record<string, unknown> | undefined }) {
  const t = useT();
  const phones = PhonesSchema.safeParse(details?.phones);
  return (
    <section className="card card--narrow stack coupon-error" role="alert" aria-labelledby="coupon-error-title">
      <h2 id="coupon-error-title" className="coupon-error__title">
        {t('errors.coupon.title')}
      </h2>
      <p>{t('errors.coupon.body')}</p>
      <AllCallCenterPhones {...(phones.success ? { phones: phones.data } : {})} />
    </section>
  );
}
