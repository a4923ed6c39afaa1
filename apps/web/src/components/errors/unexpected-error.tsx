// The generic unexpected-error view (spec section 8): code, retry advice, the program's phones, Try again.
import { useId } from 'react';
import { Button } from 'react-aria-components';
import type { CountryCode } from '@portal/contracts/enums';
import { useT } from '../../program/use-t.ts';
import { CallCenterPhones } from '../ui/call-center-phones.tsx';

export function UnexpectedError({
  code,
  onRetry,
  country,
}: {
  code: string;
  onRetry: () => void;
  country?: CountryCode;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="card error-view" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('errors.unexpected.title')}</h2>
      <p className="error-view__code">{t('errors.unexpected.code', { 0: code })}</p>
      <p>{t('errors.unexpected.advice')}</p>
      <CallCenterPhones country={country} />
      <Button className="button button--primary" onPress={onRetry}>
        {t('errors.unexpected.retry')}
      </Button>
    </section>
  );
}
