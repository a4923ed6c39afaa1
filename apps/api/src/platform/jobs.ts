// The job runner (decision 064): interval work (the booking and refill reminders) declared by the modules, run once
// per round across any number of instances. Each instance ticks every interval; a tick claims its round in
// `job_round` with one conditional write, and only the instance whose write took runs it. A round that fails is not
// run again: the next round does its work (each job's own claims make a repeat harmless, but not needed). Every run
// logs its job, its duration and what it handled, every failure its error.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobRound } from '../db/schema.ts';
import type { Db } from './db.ts';
import { withSpan } from './tracing.ts';

export interface Job {
  /** Kebab-case, unique: the round's key and the logs' `job`. */
  name: string;
  /** How often a round comes, whichever instance runs it. */
  intervalMs: number;
  /** One round's work at `now`; answers how many items it handled (mails queued, rows claimed). */
  run(now: Date): Promise<number>;
  /** Called after a round that handled something (wakes the outbox worker for the mails it queued). */
  onHandled?: () => void;
}

/** The instant a round starts: `now` rounded down to the interval. */
export const roundOf = (now: Date, intervalMs: number): Date =>
  new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);

/** Claims the job's round at `now`: true for the one caller whose write took, false for every other. */
export async function claimRound(db: Db, job: Pick<Job, 'name' | 'intervalMs'>, now: Date): Promise<boolean> {
  const round = roundOf(now, job.intervalMs);
  const claimed = await db
    .insert(jobRound)
    .values({ name: job.name, roundAt: round })
    .onConflictDoUpdate({
      target: jobRound.name,
      set: { roundAt: round },
      setWhere: sql`${jobRound.roundAt} < ${round}`,
    })
    .returning({ name: jobRound.name });
  return claimed.length > 0;
}

/** Runs the job's round at `now` if this caller claims it; answers how many items it handled, or null when not claimed. */
export async function runRound(
  db: Db,
  job: Job,
  now: Date,
  log: FastifyBaseLogger,
  elapsedMs: () => number = performanceNow(),
  onRan: JobObserver = () => {},
): Promise<number | null> {
  if (!(await claimRound(db, job, now))) return null;
  try {
    // A span per round this instance runs (decision 084); the claims of the others are not worth one each.
    const handled = await withSpan(`job ${job.name}`, { 'portal.job': job.name }, () => job.run(now));
    const durationMs = elapsedMs();
    log.info({ job: job.name, durationMs: Math.round(durationMs), handled }, 'job ran');
    onRan(job.name, 'succeeded', durationMs / 1000);
    if (handled > 0) job.onHandled?.();
    return handled;
  } catch (error) {
    const durationMs = elapsedMs();
    log.error({ job: job.name, durationMs: Math.round(durationMs), err: error }, 'job failed; the next round retries');
    onRan(job.name, 'failed', durationMs / 1000);
    return 0;
  }
}

/** Told of each round this instance ran: the job, how it ended and how long it took (the metrics). */
export type JobObserver = (job: string, outcome: 'succeeded' | 'failed', seconds: number) => void;

function performanceNow(): () => number {
  const started = performance.now();
  return () => performance.now() - started;
}

export interface JobRunner {
  /** Stops every timer; resolves once the rounds in progress are done. */
  stop(): Promise<void>;
}

/** Starts a timer per job on this instance; each tick runs the job's round if this instance claims it. */
export function startJobs(
  jobs: readonly Job[],
  { db, clock, log, onRan }: { db: Db; clock: () => Date; log: FastifyBaseLogger; onRan?: JobObserver },
): JobRunner {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two jobs named ${job.name}`);
    names.add(job.name);
  }
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      const round = runRound(db, job, clock(), log, performanceNow(), onRan).catch((error: unknown) =>
        // The claim itself failed (the database is away): the next tick tries again.
        log.error({ job: job.name, err: error }, 'job round not claimed; the next round retries'),
      );
      running.add(round);
      void round.finally(() => running.delete(round));
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
