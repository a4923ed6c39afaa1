// What every authenticated request reads (the session, its account, the patient, the plan and the caregiver),
// kept in memory per server instance and dropped when the database says the account changed (decision 031).
//
// The invalidation: triggers on those tables notify channel `portal_account_changed` with the account id at
// commit, whoever writes (migration 0004); each instance listens (`Database.listen`) and evicts that account's
// sessions. Three rules keep the cache from ever answering with what the database no longer says:
// - nothing is served or stored while the feed of changes is not listening (it starts so, and returns to it
//   when the listening connection is lost, forgetting everything);
// - a read that was under way when any change arrived is not stored (`begin`/`store` compare an epoch), since it
//   may have read the row before that change committed;
// - a request that may have written (any method but GET, HEAD and OPTIONS) answers only once this instance has
//   received every change committed before it (`settle`), so that the caller's next request, here, sees its own
//   write, a logout or a password change included. Another instance sees it as soon as the notification reaches it.
// A session is served from here only while its last-used time is less than a minute old (SESSION_TOUCH_MS):
// after that the request reads the database, which is also where the idle limit and the once-a-minute mark are.
import { randomUUID } from 'node:crypto';
import type { ChannelFeed, ChannelListener } from '../../platform/db.ts';

export const ACCOUNT_CHANGES_CHANNEL = 'portal_account_changed';
/** Sessions kept per instance; past this, the least recently stored go first. */
export const SESSION_CACHE_MAX = 10_000;
/** How long a request waits for its own changes to come back from the database before it forgets everything. */
const SETTLE_TIMEOUT_MS = 2_000;

interface Entry<T> {
  userId: string;
  value: T;
}

const SETTLE_PREFIX = 'settle:';

export function createSessionCache<T>(options: { max?: number } = {}) {
  const max = options.max ?? SESSION_CACHE_MAX;
  const entries = new Map<string, Entry<T>>();
  const sessionsOf = new Map<string, Set<string>>();
  /** Markers sent through the feed and not yet back, and what became of each. */
  const waiting = new Map<string, (outcome: 'arrived' | 'late' | 'lost') => void>();
  let listening = false;
  let epoch = 0;
  let feed: ChannelFeed | undefined;

  function remove(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const sessions = sessionsOf.get(entry.userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) sessionsOf.delete(entry.userId);
  }

  function forgetAll() {
    epoch += 1;
    entries.clear();
    sessionsOf.clear();
  }

  /** What `Database.listen` calls: the cache follows the feed of changes. */
  const listener: ChannelListener = {
    /** An account's rows changed, or a `settle` marker came back. */
    onNotification(payload: string) {
      if (payload.startsWith(SETTLE_PREFIX)) {
        // Ours: a request waits for it. Another instance's: no change to anything.
        waiting.get(payload)?.('arrived');
        return;
      }
      epoch += 1;
      for (const sessionId of sessionsOf.get(payload) ?? []) entries.delete(sessionId);
      sessionsOf.delete(payload);
    },
    /**
     * The feed says it listens. It may have missed changes before, so the cache starts empty; and it turns on
     * only once a marker sent through the ordinary connections has come back through it, which proves that it
     * delivers (a connection through a transaction-mode pooler LISTENs without ever hearing anything).
     */
    onListening(changes: ChannelFeed) {
      forgetAll();
      const probe = `${SETTLE_PREFIX}${randomUUID()}`;
      const timer = setTimeout(() => waiting.get(probe)?.('late'), SETTLE_TIMEOUT_MS);
      timer.unref();
      waiting.set(probe, (outcome) => {
        clearTimeout(timer);
        waiting.delete(probe);
        // Lost: the feed starts again by itself. Late or refused: it is not delivering; make it start again.
        if (outcome === 'late') changes.restart();
        if (outcome !== 'arrived') return;
        forgetAll();
        feed = changes;
        listening = true;
      });
      changes.notify(probe).catch(() => waiting.get(probe)?.('late'));
    },
    /** The feed stopped listening: forget everything, serve nothing until it listens again. */
    onLost() {
      listening = false;
      feed = undefined;
      forgetAll();
      for (const settled of [...waiting.values()]) settled('lost');
      waiting.clear();
    },
  };

  return {
    listener,
    /** The cached value of a session, if the feed is listening and it holds one. */
    get(sessionId: string): T | undefined {
      return listening ? entries.get(sessionId)?.value : undefined;
    },

    /** Call before reading a session from the database; pass the result to `store`. */
    begin(): number {
      return epoch;
    },

    /** Keeps a session read from the database, unless a change arrived since `begin` or the feed is not listening. */
    store(sessionId: string, userId: string, value: T, since: number) {
      if (!listening || since !== epoch) return;
      remove(sessionId);
      if (entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      entries.set(sessionId, { userId, value });
      let sessions = sessionsOf.get(userId);
      if (!sessions) sessionsOf.set(userId, (sessions = new Set()));
      sessions.add(sessionId);
    },

    /**
     * Resolves once every change committed before this call has reached this instance: a marker sent through the
     * database now arrives after them (notifications arrive in commit order). Past SETTLE_TIMEOUT_MS, everything
     * is forgotten instead. Nothing to wait for while the feed is not listening (nothing is served then).
     */
    async settle(): Promise<void> {
      if (!listening || !feed) return;
      const marker = `${SETTLE_PREFIX}${randomUUID()}`;
      const sentThrough = feed;
      let timer: NodeJS.Timeout | undefined;
      const outcome = new Promise<'arrived' | 'late' | 'lost'>((resolve) => {
        waiting.set(marker, resolve);
        timer = setTimeout(() => resolve('late'), SETTLE_TIMEOUT_MS);
      });
      try {
        await sentThrough.notify(marker);
        if ((await outcome) === 'late') {
          // The feed did not bring back what was just committed: it cannot be trusted to bring the rest. Restarting
          // it stops listening first (onLost: everything forgotten, nothing served) and listens again.
          sentThrough.restart();
        }
      } catch {
        // The database did not take the marker: whatever this request wrote may not be known here.
        forgetAll();
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },

    /** For tests and the log: how many sessions are held, and whether the feed listens. */
    stats: () => ({ size: entries.size, listening }),
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
