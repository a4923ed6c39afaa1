// The privacy centre (beyond the spec; Ley 8968 and LFPDPPP): the consent history, who at the program has seen the
// patient's data (decision 074), "download my data" and "close my account" (confirmed with the password in a dialog;
// decision 019).
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CloseAccountBodySchema, ExportDataBodySchema } from '@portal/contracts/account';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { sessionStore } from '../../../lib/session.ts';
import { useT } from '../../../program/use-t.ts';
import { AccessLogSection } from './access-log-section.tsx';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';
import { closeAccount, downloadMyData, useConsents } from '../api/account-api.ts';

/** "Download my data" asks for the password again (decision 044): a stolen access token alone exports nothing. */
function DownloadDataDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <PasswordConfirmDialog
      schema={ExportDataBodySchema}
      title={t('account.privacy.download')}
      body={t('account.privacy.downloadDialog.body')}
      passwordLabel={t('account.privacy.downloadDialog.password')}
      confirmLabel={t('account.privacy.downloadDialog.confirm')}
      pendingLabel={t('account.privacy.downloadDialog.pending')}
      cancelLabel={t('common.cancel')}
      variant="primary"
      role="dialog"
      failureKey="account.privacy.downloadFailed"
      focusRefusedField
      onConfirm={async (currentPassword) => {
        await downloadMyData(currentPassword);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  return (
    <PasswordConfirmDialog
      schema={CloseAccountBodySchema}
      title={t('account.close.title')}
      body={t('account.close.body')}
      passwordLabel={t('account.close.passwordLabel')}
      confirmLabel={t('account.close.confirm')}
      pendingLabel={t('common.saving')}
      onConfirm={async (currentPassword) => {
        await closeAccount(currentPassword);
        // The server ended every session; this browser forgets it too.
        sessionStore.clear();
        queryClient.clear();
        void navigate(pathInLanguage(language, paths.login), { replace: true });
      }}
      onCancel={onClose}
    />
  );
}

export function PrivacyCentre() {
  const t = useT();
  const consents = useConsents();
  const [isDownloading, setDownloading] = useState(false);
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
      <AccessLogSection />
      <h3 className="card__subtitle">{t('account.privacy.download')}</h3>
      <p>{t('account.privacy.downloadHint')}</p>
      <div className="actions">
        <Button className="button button--ghost" onPress={() => setDownloading(true)}>
          {t('account.privacy.download')}
        </Button>
      </div>
      {isDownloading ? <DownloadDataDialog onClose={() => setDownloading(false)} /> : null}
      <h3 className="card__subtitle">{t('account.close.title')}</h3>
      <p>{t('account.close.body')}</p>
      <p>{t('account.close.notLogout')}</p>
      <div className="actions">
        <Button className="button button--danger-ghost" onPress={() => setClosing(true)}>
          {t('account.close.confirm')}
        </Button>
      </div>
      {isClosing ? <CloseAccountDialog onClose={() => setClosing(false)} /> : null}
    </Card>
  );
}
