// The job runner (decision 064): a round runs once however many instances tick, the next round runs again, a failed
// round is logged and the next one retries; the reminders' jobs are the modules'.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobRound } from '../db/schema.ts';
import { createTestApp, TEST_DB, type TestApp } from '../test/app.ts';
import { claimRound, roundOf, runRound, type Job } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino(stream), lines };
}

function countingJob(name: string, run: (now: Date) => Promise<number> = async () => 1) {
  const runs: Date[] = [];
  const job: Job = {
    name,
    intervalMs: 60_000,
    async run(now) {
      runs.push(now);
      return run(now);
    },
  };
  return { job, runs };
}

describe(`job runner (${TEST_DB})`, () => {
  it('runs a round once when eight instances tick in it at once, and again in the next round', async () => {
    const { job, runs } = countingJob('test-once-per-round');
    const { log } = capturedLog();
    const now = new Date('2026-11-21T12:00:30Z');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => runRound(t.database.db, job, new Date(now.getTime() + index), log)),
    );
    expect(answers.filter((answer) => answer !== null)).toEqual([1]);
    expect(runs).toHaveLength(1);
    // Later in the same round: not again.
    expect(await runRound(t.database.db, job, new Date('2026-11-21T12:00:59Z'), log)).toBeNull();
    // The next round.
    expect(await runRound(t.database.db, job, new Date('2026-11-21T12:01:00Z'), log)).toBe(1);
    expect(runs).toHaveLength(2);
    const [row] = await t.database.db.select().from(jobRound).where(eq(jobRound.name, job.name));
    expect(row!.roundAt.toISOString()).toBe('2026-11-21T12:01:00.000Z');
  });

  it('never runs an earlier round once a later one is claimed (a clock behind on one instance)', async () => {
    const { job } = countingJob('test-clock-behind');
    expect(await claimRound(t.database.db, job, new Date('2026-11-21T12:05:00Z'))).toBe(true);
    expect(await claimRound(t.database.db, job, new Date('2026-11-21T12:04:00Z'))).toBe(false);
  });

  it('logs each run with its job, duration and what it handled, and a failure with its error; the next round retries', async () => {
    let fail = true;
    const { job, runs } = countingJob('test-failing', async () => {
      if (fail) throw new Error('the database went away');
      return 3;
    });
    let handled = 0;
    job.onHandled = () => (handled += 1);
    const { log, lines } = capturedLog();
    expect(await runRound(t.database.db, job, new Date('2026-11-21T13:00:00Z'), log)).toBe(0);
    fail = false;
    expect(await runRound(t.database.db, job, new Date('2026-11-21T13:01:00Z'), log)).toBe(3);
    expect(runs).toHaveLength(2);
    expect(handled).toBe(1);
    expect(lines.map(({ job: name, handled: count, msg }) => ({ name, count, msg }))).toEqual([
      { name: 'test-failing', count: undefined, msg: 'job failed; the next round retries' },
      { name: 'test-failing', count: 3, msg: 'job ran' },
    ]);
    expect(lines.every((line) => typeof line.durationMs === 'number')).toBe(true);
    expect((lines[0]!.err as { message: string }).message).toBe('the database went away');
  });

  it('rounds a round down to its interval', () => {
    expect(roundOf(new Date('2026-11-21T12:14:59.999Z'), 15 * 60_000).toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });
});
