// "Who at the program has seen your data" (decision 074; Ley 8968, LFPDPPP): each time someone of the program opened
// the patient's record or acted on it, with the date, their role and first name, what they did, and the reason. Its own region: a skeleton while
// loading, its own error with Try again, an empty state.
import type { StaffRole } from '@portal/contracts/staff';
import type { PatientAccessKind, PatientAccessLogEntry } from '@portal/contracts/staff-records';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../program/use-t.ts';
import { useAccessLog } from '../api/access-log-api.ts';

/** The text keys a program needs for every role and reason (access-log-section.test.ts checks them). */
export const accessLogRoleKey = (role: StaffRole) => `account.privacy.accessLog.role.${role}`;
// Message keys are dotted camelCase words (the programs' texts schema): `inbound-call` is `inboundCall`.
const camel = (word: string) => word.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());
export const accessLogReasonKey = (reason: PatientAccessLogEntry['reason']) =>
  `account.privacy.accessLog.reason.${camel(reason)}`;
export const accessLogWhatKey = (what: PatientAccessKind) => `account.privacy.accessLog.what.${camel(what)}`;

function AccessLogItem({ entry }: { entry: PatientAccessLogEntry }) {
  const t = useT();
  const role = entry.staff.roles.map((held) => t(accessLogRoleKey(held))).join(', ');
  const reason = entry.reason === 'other' && entry.reasonText ? entry.reasonText : t(accessLogReasonKey(entry.reason));
  const what = t(accessLogWhatKey(entry.what));
  const date = formatDate(new Date(entry.at));
  return (
    <li>
      {entry.staff.firstName
        ? t('account.privacy.accessLog.item', { date, name: entry.staff.firstName, role, what, reason })
        : t('account.privacy.accessLog.itemUnnamed', { date, role, what, reason })}
    </li>
  );
}

export function AccessLogSection() {
  const t = useT();
  const accessLog = useAccessLog();
  return (
    <section aria-labelledby="access-log-title">
      <h3 id="access-log-title" className="card__subtitle">
        {t('account.privacy.accessLog.title')}
      </h3>
      <p>{t('account.privacy.accessLog.intro')}</p>
      <QueryRegion query={accessLog} lines={2}>
        {(data) =>
          data.entries.length === 0 ? (
            <p>{t('account.privacy.accessLog.empty')}</p>
          ) : (
            <ul className="consent-history">
              {data.entries.map((entry) => (
                <AccessLogItem key={`${entry.at}-${entry.what}`} entry={entry} />
              ))}
            </ul>
          )
        }
      </QueryRegion>
    </section>
  );
}
