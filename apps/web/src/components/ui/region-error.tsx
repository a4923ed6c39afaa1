// The error of one page region (spec: 'Could not load your information'), with Try again; the rest of the page stays.
import { useT } from '../../program/use-t.ts';
import { PendingButton } from './pending-button.tsx';

export function RegionError({ onRetry, isRetrying = false, messageKey = 'errors.loadInformation' }: { onRetry: () => void; isRetrying?: boolean; messageKey?: string }) {
  const t = useT();
  return (
    <div className="region-error" role="alert">
      <p>{t(messageKey)}</p>
      <PendingButton variant="ghost" isPending={isRetrying} onPress={onRetry}>
        {t('errors.unexpected.retry')}
      </PendingButton>
    </div>
  );
}
