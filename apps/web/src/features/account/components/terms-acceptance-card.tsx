// Asks for the program's latest terms when the patient accepted an older version (profile and home): the text is
// readable in place (read more / read less), and the acceptance is recorded with its version and time.
import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { useT } from '../../../program/use-t.ts';
import { useAcceptTerms, useConsents } from '../api/account-api.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';

/** "3.10" is newer than "3.9": versions compare part by part, as numbers. */
export function isNewerVersion(latest: string, accepted: string | null): boolean {
  if (!accepted) return true;
  const a = latest.split('.').map(Number);
  const b = accepted.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}

export function TermsAcceptanceCard({ level = 2 }: { level?: 2 | 3 }) {
  const t = useT();
  const consents = useConsents();
  const accept = useAcceptTerms();
  const [isExpanded, setExpanded] = useState(false);
  const [justAccepted, setJustAccepted] = useState(false);
  const textId = useId();
  if (justAccepted) {
    return (
      <Card title={t('account.terms.title')} headingLevel={level}>
        <FormAlert tone="success">{t('account.terms.accepted')}</FormAlert>
      </Card>
    );
  }
  // Nothing to ask while loading, on failure (the profile has its own error) or when the latest is accepted.
  if (!consents.data || !isNewerVersion(consents.data.latestTermsVersion, consents.data.latestTermsAccepted))
    return null;
  const version = consents.data.latestTermsVersion;
  return (
    <Card
      title={t('account.terms.title')}
      headingLevel={level}
      className="terms-card"
      actions={
        <PendingButton
          isPending={accept.isPending}
          pendingLabel={t('common.saving')}
          onPress={() => accept.mutate(version, { onSuccess: () => setJustAccepted(true) })}
        >
          {t('account.terms.accept')}
        </PendingButton>
      }
    >
      <p>{t('account.terms.new', { version })}</p>
      <p id={textId} className="profile-terms__text" data-collapsed={!isExpanded}>
        {t('program.terms')}
      </p>
      <Button
        className="link-button"
        aria-expanded={isExpanded}
        aria-controls={textId}
        onPress={() => setExpanded((value) => !value)}
      >
        {isExpanded ? t('common.readLess') : t('common.readMore')}
      </Button>
      {accept.isError ? <FormAlert tone="error">{t(errorKeyOf(accept.error))}</FormAlert> : null}
    </Card>
  );
}
