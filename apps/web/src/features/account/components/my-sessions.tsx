// "My sessions" (decision 044): where the account is open now (device, when it was last active and when it began, this
// device marked), and ending any other session or all of them, each after a confirmation. Each end button names the
// session it ends; a long list shows the most recent few until the patient asks for all.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from 'react-aria-components';
import type { SessionView } from '@portal/contracts/sessions';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { coarseTimeAgo } from '../../../lib/format.ts';
import { useT } from '../../../program/use-t.ts';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions-api.ts';
import './my-sessions.css';

type Status = { tone: 'success' | 'error'; text: string } | undefined;

function useDescribe() {
  const t = useT();
  const intl = useIntl();
  return {
    device: (row: SessionView) =>
      t('account.sessions.device', {
        browser: t(`account.sessions.browser.${row.browser}`),
        system: t(`account.sessions.system.${row.system}`),
      }),
    ago: (at: string) => {
      const { value, unit } = coarseTimeAgo(at, new Date());
      return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
    },
    /** When the session began, to the minute: what tells apart two sessions of the same browser. */
    started: (row: SessionView) => intl.formatDate(row.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

/** Rows shown before "Show all": this device and the most recently used others. */
export const SESSIONS_SHOWN = 5;

/** This device first, then the others by their last use (the server's order); cut to `limit` when given. */
export function sessionsToShow(list: SessionView[], limit?: number): SessionView[] {
  const ordered = [...list.filter((row) => row.current), ...list.filter((row) => !row.current)];
  return limit === undefined ? ordered : ordered.slice(0, limit);
}

function EndSessionDialog({
  row,
  onDone,
  onCancel,
}: {
  row: SessionView;
  onDone: (status: Status) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const describe = useDescribe();
  const end = useEndSession();
  const [errorKey, setErrorKey] = useState<string | undefined>();
  return (
    <ConfirmDialog
      title={t('account.sessions.endConfirm.title')}
      body={t('account.sessions.endConfirm.body', { device: describe.device(row) })}
      error={errorKey ? t(errorKey) : undefined}
      confirmLabel={t('account.sessions.end')}
      pendingLabel={t('account.sessions.ending')}
      cancelLabel={t('common.cancel')}
      isPending={end.isPending}
      autoFocusCancel
      onConfirm={async () => {
        setErrorKey(undefined);
        try {
          await end.mutateAsync(row.id);
          onDone({ tone: 'success', text: t('account.sessions.ended') });
        } catch (error) {
          setErrorKey(errorKeyOf(error));
        }
      }}
      onCancel={onCancel}
    />
  );
}

function EndOthersDialog({ onDone, onCancel }: { onDone: (status: Status) => void; onCancel: () => void }) {
  const t = useT();
  const endOthers = useEndOtherSessions();
  const [errorKey, setErrorKey] = useState<string | undefined>();
  return (
    <ConfirmDialog
      title={t('account.sessions.endOthersConfirm.title')}
      body={t('account.sessions.endOthersConfirm.body')}
      error={errorKey ? t(errorKey) : undefined}
      confirmLabel={t('account.sessions.endOthers')}
      pendingLabel={t('account.sessions.ending')}
      cancelLabel={t('common.cancel')}
      isPending={endOthers.isPending}
      autoFocusCancel
      onConfirm={async () => {
        setErrorKey(undefined);
        try {
          const { ended } = await endOthers.mutateAsync();
          onDone({ tone: 'success', text: t('account.sessions.endedOthers', { count: ended }) });
        } catch (error) {
          setErrorKey(errorKeyOf(error));
        }
      }}
      onCancel={onCancel}
    />
  );
}

export function MySessions() {
  const t = useT();
  const describe = useDescribe();
  const sessions = useSessions();
  const [ending, setEnding] = useState<SessionView | 'others' | undefined>();
  const [status, setStatus] = useState<Status>();
  const [showAll, setShowAll] = useState(false);
  const done = (next: Status) => {
    setEnding(undefined);
    setStatus(next);
  };
  return (
    <Card title={t('account.sessions.title')}>
      <p>{t('account.sessions.intro')}</p>
      {status ? <FormAlert tone={status.tone}>{status.text}</FormAlert> : null}
      <QueryRegion query={sessions} lines={3}>
        {(list) => {
          const others = list.filter((row) => !row.current);
          const shown = sessionsToShow(list, showAll ? undefined : SESSIONS_SHOWN);
          return (
            <>
              <ul id="session-list" className="session-list">
                {shown.map((row) => (
                  <li key={row.id} className="session-list__item">
                    <div className="session-list__text">
                      <p className="session-list__device">
                        {describe.device(row)}
                        {row.current ? (
                          <span className="session-list__current">{t('account.sessions.current')}</span>
                        ) : null}
                      </p>
                      <p className="session-list__when">
                        {t('account.sessions.lastUsed', { when: describe.ago(row.lastUsedAt) })}
                        {' · '}
                        {t('account.sessions.started', { when: describe.started(row) })}
                      </p>
                    </div>
                    {row.current ? null : (
                      <Button
                        className="button button--ghost"
                        aria-label={t('account.sessions.endLabel', {
                          device: describe.device(row),
                          started: describe.started(row),
                          when: describe.ago(row.lastUsedAt),
                        })}
                        onPress={() => {
                          setStatus(undefined);
                          setEnding(row);
                        }}
                      >
                        {t('account.sessions.endThis')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {list.length > SESSIONS_SHOWN ? (
                <Button
                  className="button button--ghost session-list__more"
                  aria-controls="session-list"
                  aria-expanded={showAll}
                  onPress={() => setShowAll((value) => !value)}
                >
                  {showAll ? t('account.sessions.showFewer') : t('account.sessions.showAll', { count: list.length })}
                </Button>
              ) : null}
              {others.length === 0 ? (
                <p>{t('account.sessions.onlyThis')}</p>
              ) : (
                <div className="actions">
                  <Button
                    className="button button--danger"
                    onPress={() => {
                      setStatus(undefined);
                      setEnding('others');
                    }}
                  >
                    {t('account.sessions.endOthers')}
                  </Button>
                </div>
              )}
            </>
          );
        }}
      </QueryRegion>
      {ending === 'others' ? (
        <EndOthersDialog onDone={done} onCancel={() => setEnding(undefined)} />
      ) : ending ? (
        <EndSessionDialog row={ending} onDone={done} onCancel={() => setEnding(undefined)} />
      ) : null}
    </Card>
  );
}
