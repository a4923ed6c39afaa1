// The pharmacy counter (decision 060): the key step until this device has a key the server accepts, then where the
// counter is signed in (with "Remove this key"), the patient's code, the verified patient with their products, and what
// this counter recorded today. A refused key at any call comes back to the key step.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { ExchangeProgress } from '@portal/contracts/exchange-progress';
import type { PharmacyMe, Verification } from '@portal/contracts/pharmacy';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RegionError } from '../../../components/ui/region-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../program/use-t.ts';
import { pharmacyMeQuery } from '../api/pharmacy-api.ts';
import { counterKeyStore, keyPrefixOf, useCounterKey } from '../counter-key.ts';
import { KeyStep } from './key-form.tsx';
import { PatientPanel } from './patient-panel.tsx';
import { TodayEntries } from './today-entries.tsx';
import { VerifyForm } from './verify-form.tsx';
import './pharmacy-counter.css';

/** "Farmacia Demo – Escazú": the pharmacy with its branch or chain. */
function pharmacyLabel(pharmacy: PharmacyMe): string {
  return [pharmacy.name, pharmacy.branch ?? pharmacy.chain].filter(Boolean).join(' – ');
}

function SignedInBar({ pharmacy, keyPrefix }: { pharmacy: PharmacyMe; keyPrefix: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <section className="counter-bar" aria-labelledby="counter-bar-title">
      <div>
        <h2 id="counter-bar-title" className="counter-bar__title">
          {pharmacyLabel(pharmacy)}
        </h2>
        <p className="counter-bar__key">{t('pharmacy.key.current', { prefix: keyPrefix })}</p>
      </div>
      <Button className="button button--ghost counter-button" onPress={() => setConfirming(true)}>
        {t('pharmacy.key.remove')}
      </Button>
      {isConfirming ? (
        <ConfirmDialog
          title={t('pharmacy.key.removeTitle')}
          body={t('pharmacy.key.removeBody')}
          confirmLabel={t('pharmacy.key.removeConfirm')}
          isPending={false}
          autoFocusCancel
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            queryClient.removeQueries({ queryKey: ['pharmacy'] });
            counterKeyStore.forget('removed');
          }}
        />
      ) : null}
    </section>
  );
}

function Counter({ apiKey, pharmacy }: { apiKey: string; pharmacy: PharmacyMe }) {
  const [verification, setVerification] = useState<Verification | undefined>();
  // A new patient starts at the code: its field takes the focus again.
  const [visit, setVisit] = useState(0);
  const keyPrefix = keyPrefixOf(apiKey);
  const updateProgress = (productId: number, progress: ExchangeProgress | null) =>
    setVerification((current) =>
      current
        ? {
            ...current,
            products: current.products.map((product) =>
              product.productId === productId ? { ...product, progress } : product,
            ),
          }
        : current,
    );
  return (
    <>
      <SignedInBar pharmacy={pharmacy} keyPrefix={keyPrefix} />
      {verification ? (
        <PatientPanel
          apiKey={apiKey}
          country={pharmacy.country}
          verification={verification}
          onProgress={updateProgress}
          onDone={() => {
            setVerification(undefined);
            setVisit((count) => count + 1);
          }}
        />
      ) : (
        <VerifyForm key={visit} apiKey={apiKey} onVerified={setVerification} />
      )}
      <TodayEntries apiKey={apiKey} onReversed={updateProgress} />
    </>
  );
}

function CounterState() {
  const t = useT();
  const apiKey = useCounterKey();
  const me = useQuery({ ...pharmacyMeQuery(apiKey ?? ''), enabled: apiKey !== undefined });
  if (apiKey === undefined) return <KeyStep />;
  // Keyed by the key: the patient shown belongs to the key that found them, a new key starts from nothing.
  if (me.data) return <Counter key={apiKey} apiKey={apiKey} pharmacy={me.data} />;
  if (me.isError)
    return (
      <RegionError messageKey="pharmacy.errors.load" isRetrying={me.isFetching} onRetry={() => void me.refetch()} />
    );
  return <Skeleton lines={4} label={t('pharmacy.loading')} />;
}

export function PharmacyCounter() {
  return (
    <div className="counter stack">
      <CounterState />
    </div>
  );
}
