// The privacy centre (beyond the spec; Ley 8968 and LFPDPPP): the consent history, "download my data" and
// "close my account" (confirmed with the password in a dialog; decision 019).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CloseAccountBodySchema } from '@portal/contracts/account';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { sessionStore } from '../../../lib/session.ts';
import { useT } from '../../../program/use-t.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { closeAccount, downloadMyData, useConsents } from '../api/account-api.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [errorKey, setErrorKey] = useState<string | undefined>();
  const { control, handleSubmit, setError, formState } = useForm<{ currentPassword: string }>({
    resolver: zodResolver(CloseAccountBodySchema),
    defaultValues: { currentPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword }) => {
    setErrorKey(undefined);
    try {
      await closeAccount(currentPassword);
      // The server ended every session; this browser forgets it too.
      sessionStore.clear();
      queryClient.clear();
      void navigate(pathInLanguage(language, paths.login), { replace: true });
    } catch (error) {
      if (!applyFieldErrors<{ currentPassword: string }>(error, setError)) setErrorKey(errorKeyOf(error));
    }
  });
  return (
    <ConfirmDialog
      title={t('account.close.title')}
      body={t('account.close.body')}
      error={errorKey ? t(errorKey) : undefined}
      confirmLabel={t('account.close.confirm')}
      pendingLabel={t('common.saving')}
      isPending={formState.isSubmitting}
      onConfirm={onSubmit}
      onCancel={onClose}
    >
      <CurrentPasswordField
        control={control}
        name="currentPassword"
        label={t('account.close.passwordLabel')}
        autoFocus
      />
    </ConfirmDialog>
  );
}

export function PrivacyCentre() {
  const t = useT();
  const consents = useConsents();
  const [isDownloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [isClosing, setClosing] = useState(false);
  return (
    <Card title={t('account.privacy.title')}>
      <p>{t('account.privacy.intro')}</p>
      <h3 className="card__subtitle">{t('account.privacy.history')}</h3>
      <QueryRegion query={consents} lines={2}>
        {(data) =>
          data.history.length === 0 ? (
            <p>{t('account.privacy.historyEmpty')}</p>
          ) : (
            <ul className="consent-history">
              {data.history.map((row) => (
                <li key={`${row.termsVersion}-${row.acceptedAt}`}>
                  {t('account.privacy.historyItem', {
                    version: row.termsVersion,
                    date: formatDate(new Date(row.acceptedAt)),
                  })}
                </li>
              ))}
            </ul>
          )
        }
      </QueryRegion>
      <h3 className="card__subtitle">{t('account.privacy.download')}</h3>
      <p>{t('account.privacy.downloadHint')}</p>
      {downloadFailed ? <FormAlert tone="error">{t('account.privacy.downloadFailed')}</FormAlert> : null}
      <div className="actions">
        <PendingButton
          variant="ghost"
          isPending={isDownloading}
          onPress={() => {
            setDownloading(true);
            setDownloadFailed(false);
            downloadMyData()
              .catch(() => setDownloadFailed(true))
              .finally(() => setDownloading(false));
          }}
        >
          {t('account.privacy.download')}
        </PendingButton>
      </div>
      <h3 className="card__subtitle">{t('account.close.title')}</h3>
      <p>{t('account.close.body')}</p>
      <div className="actions">
        <Button className="button button--danger" onPress={() => setClosing(true)}>
          {t('account.close.confirm')}
        </Button>
      </div>
      {isClosing ? <CloseAccountDialog onClose={() => setClosing(false)} /> : null}
    </Card>
  );
}
