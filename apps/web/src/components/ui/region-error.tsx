// A region's own error (spec: 'Could not load your information') with Try again; the rest of the page stays.
import { Button } from 'react-aria-components';
import { useT } from '../../program/use-t.ts';

interface Props {
  onRetry: () => void;
  /** A text key for a more specific message (default errors.loadInformation). */
  messageKey?: string;
  /** The retry is running (a refetch): the button shows it and ignores presses. */
  isRetrying?: boolean;
}

export function RegionError({ onRetry, messageKey = 'errors.loadInformation', isRetrying = false }: Props) {
  const t = useT();
  return (
    <div className="region-error" role="alert">
      <p className="region-error__message">{t(messageKey)}</p>
      <Button className="button button--ghost" onPress={onRetry} isPending={isRetrying}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A region that needs the connection while the device has none: it will load by itself when the connection is back. */
export function RegionNeedsConnection() {
  const t = useT();
  return (
    <div className="region-error region-error--offline" role="status">
      <p className="region-error__message">{t('errors.regionNeedsConnection')}</p>
    </div>
  );
}
