// Password hashing for every module and the demo seed (argon2id); a platform concern, so no module reaches into another
// for it. It runs on worker threads of its own (decision 043), never on libuv's small thread pool, which file reads,
// compression and crypto share: a flood of logins then slows the logins, not the pages and files. The hashes that may
// wait for a thread are bounded; past the bound a call is refused at once (503 SERVICE_UNAVAILABLE, Retry-After).
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { AppError } from './errors.ts';

/** argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1). */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** What a refused hash asks the client to wait, in seconds: a hash takes tens of milliseconds, the queue about a second. */
export const HASHING_RETRY_AFTER_S = 2;
/** The server's hashing threads' nice value on Linux (password-worker.mjs): below the event loop's 0. */
export const HASHING_NICE = 10;

const WORKER_URL = new URL('./password-worker.mjs', import.meta.url);

export interface PasswordHashingOptions {
  /** Threads that hash, one hash at a time each. 0 hashes nothing (every admitted call waits): tests of the bound only. */
  threads: number;
  /** Hashes that may wait for a free thread; the next one is refused with SERVICE_UNAVAILABLE. */
  maxWaiting: number;
  /** The threads' nice value on Linux; 0 keeps the process's priority. */
  nice?: number;
  /** Told when a thread fails (the app logs it). */
  onThreadError?: (error: unknown) => void;
}

/** A place in the queue taken before the work that leads to a hash, so that a refusal comes before that work. */
export interface PasswordSlot {
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Gives the place back when no hash follows (idempotent; a no-op once verify was called). */
  release(): void;
}

export interface PasswordHashing {
  /** A new hash; SERVICE_UNAVAILABLE (reason BUSY) at once when the queue is full. */
  hash(password: string): Promise<string>;
  /** Whether the password matches; a malformed hash is a mismatch. SERVICE_UNAVAILABLE (BUSY) at once when full. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** A place for one verify, taken now (SERVICE_UNAVAILABLE when full). */
  reserve(): PasswordSlot;
  /**
   * A real hash of a random password, made once when the pool starts, outside the bound: a login for an unknown
   * e-mail verifies it, so that both answers cost one verify (the equal-work rule of decisions 013 and 043).
   */
  dummyHash(): Promise<string>;
  /** What the pool is doing now (tests and logs). */
  stats(): { threads: number; running: number; waiting: number; hashed: number; threadIds: number[] };
  /** Refuses what waits and ends the threads. */
  close(): Promise<void>;
}

type Job =
  | { kind: 'hash'; password: string; options: typeof ARGON2_OPTIONS }
  | { kind: 'verify'; hash: string; password: string };

interface Pending {
  job: Job;
  /** Whether it takes one of the bound's places (every call's job does; the dummy hash, made at start, does not). */
  counted: boolean;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  current?: Pending;
  /** Has answered once: it loads, so it is worth replacing should it die. */
  answered?: boolean;
}

/** The refusal of a full queue: a 503 the client may retry soon, the same for every caller whatever the e-mail. */
export function hashingBusy(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', undefined, { reason: 'BUSY', retryAfterSeconds: HASHING_RETRY_AFTER_S });
}

export function createPasswordHashing({
  threads,
  maxWaiting,
  nice = 0,
  onThreadError,
}: PasswordHashingOptions): PasswordHashing {
  const queue: Pending[] = [];
  const idle: Thread[] = [];
  const all = new Set<Thread>();
  let reserved = 0;
  /** Jobs in the queue outside the bound (the dummy hash until a thread takes it). */
  let uncounted = 0;
  let hashed = 0;
  let closed = false;
  let nextId = 0;

  const waiting = () => queue.length - uncounted + reserved;
  const hasRoom = () => waiting() < maxWaiting + idle.length;

  function start(): Thread {
    const thread: Thread = { worker: new Worker(WORKER_URL, { workerData: { nice } }) };
    // An idle thread does not keep the process alive; one with a job does (see dispatch).
    thread.worker.unref();
    thread.worker.on('message', (message: { value?: string | boolean; error?: string }) => {
      const pending = thread.current;
      thread.current = undefined;
      thread.answered = true;
      hashed += 1;
      if (message.error !== undefined) pending?.reject(new Error(`password hashing failed: ${message.error}`));
      else pending?.resolve(message.value!);
      idle.push(thread);
      dispatch();
    });
    // A thread that dies (out of memory, a crash in the native code) fails its job and is replaced, unless it never
    // answered (it does not even load: replacing it would only fail again); with no thread left, what waits fails.
    thread.worker.on('error', (error) => onThreadError?.(error));
    thread.worker.on('exit', () => {
      all.delete(thread);
      const index = idle.indexOf(thread);
      if (index >= 0) idle.splice(index, 1);
      thread.current?.reject(closed ? hashingBusy() : new Error('password hashing thread exited'));
      thread.current = undefined;
      if (closed) return;
      if (thread.answered) {
        idle.push(start());
        dispatch();
      } else if (all.size === 0) {
        uncounted = 0;
        for (const pending of queue.splice(0)) pending.reject(new Error('password hashing has no thread'));
      }
    });
    all.add(thread);
    return thread;
  }

  function dispatch() {
    for (const thread of idle) thread.worker.unref();
    while (idle.length > 0 && queue.length > 0) {
      const thread = idle.shift()!;
      const pending = queue.shift()!;
      if (!pending.counted) uncounted -= 1;
      thread.current = pending;
      thread.worker.ref();
      thread.worker.postMessage({ id: (nextId += 1), ...pending.job });
    }
  }

  /** Queues a job; the admission (`admit`) is the caller's. */
  function run(job: Job, counted = true): Promise<string | boolean> {
    if (closed) return Promise.reject(hashingBusy());
    return new Promise((resolve, reject) => {
      queue.push({ job, counted, resolve, reject });
      if (!counted) uncounted += 1;
      dispatch();
    });
  }

  function admit() {
    if (closed || !hasRoom()) throw hashingBusy();
    if (threads > 0 && all.size === 0) throw new Error('password hashing has no thread');
  }

  for (let i = 0; i < threads; i += 1) idle.push(start());
  const dummy = run(
    { kind: 'hash', password: randomBytes(24).toString('base64url'), options: ARGON2_OPTIONS },
    false,
  ).then((value) => value as string);
  // Not awaited by anyone while no unknown e-mail logs in: a failure here must not be an unhandled rejection.
  dummy.catch(() => undefined);

  return {
    async hash(password) {
      admit();
      return (await run({ kind: 'hash', password, options: ARGON2_OPTIONS })) as string;
    },
    async verify(passwordHash, password) {
      admit();
      return (await run({ kind: 'verify', hash: passwordHash, password })) as boolean;
    },
    reserve() {
      admit();
      reserved += 1;
      let held = true;
      const release = () => {
        if (held) reserved -= 1;
        held = false;
      };
      return {
        async verify(passwordHash, password) {
          // The place becomes the job's: given back and taken again in one turn, so nothing can come between.
          release();
          return (await run({ kind: 'verify', hash: passwordHash, password })) as boolean;
        },
        release,
      };
    },
    dummyHash: () => dummy,
    stats: () => ({
      threads: all.size,
      running: [...all].filter((thread) => thread.current).length,
      waiting: waiting(),
      hashed,
      threadIds: [...all].map((thread) => thread.worker.threadId),
    }),
    async close() {
      closed = true;
      uncounted = 0;
      for (const pending of queue.splice(0)) pending.reject(hashingBusy());
      await Promise.all([...all].map((thread) => thread.worker.terminate()));
    },
  };
}

/**
 * The pool of code that runs outside an app (the test helpers, scripts): one thread, no bound, made on first use. The
 * server hashes through its app's pool (`app.passwords`), never this one.
 */
let shared: PasswordHashing | undefined;
export function hashPassword(password: string): Promise<string> {
  shared ??= createPasswordHashing({ threads: 1, maxWaiting: Number.POSITIVE_INFINITY });
  return shared.hash(password);
}
