// The client logger: levels of spec section 9 (debug 1 ... off 9); entries at or above the threshold go to /api/v1/log.
import { LOG_LEVELS, type LogLevelName } from '@portal/contracts/enum-lists';
import type { ClientLogEntry } from '@portal/contracts/resources';
import { api } from './api.ts';

type EntryLevel = Exclude<LogLevelName, 'off'>;
type Context = ClientLogEntry['context'];

let threshold: number = import.meta.env.PROD ? LOG_LEVELS.warning : LOG_LEVELS.debug;

function send(level: EntryLevel, message: string, context?: Context) {
  if (LOG_LEVELS[level] < threshold) return;
  const entry: ClientLogEntry = {
    level,
    message: message.slice(0, 2000),
    ...(context ? { context } : {}),
    path: window.location.pathname,
    appVersion: import.meta.env.VITE_APP_VERSION ?? 'dev',
  };
  // Logging must never break the page: failures are swallowed.
  api
    .post('/api/v1/log', { jsonRawString: JSON.stringify(entry) }, { skipStatusHandlers: true })
    .catch(() => undefined);
}

export const logger = {
  setLevel(level: LogLevelName) {
    threshold = LOG_LEVELS[level];
  },
  debug: (message: string, context?: Context) => send('debug', message, context),
  notice: (message: string, context?: Context) => send('notice', message, context),
  warning: (message: string, context?: Context) => send('warning', message, context),
  error: (message: string, context?: Context) => send('error', message, context),
};
