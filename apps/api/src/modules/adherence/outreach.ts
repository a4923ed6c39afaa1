// The outreach list as agents and nurses work it (decision 080): read from the entries the refresh keeps, at most
// risk first; an entry claimed for 30 minutes by one conditional write (of two agents racing, one gets it); and what
// the call came to, written per reason (episode) under the program's list lock, which ends the entry or puts it off.
import type { CountryCode } from '@portal/contracts/enums';
import {
  OUTREACH_CLAIM_MINUTES,
  OUTREACH_LIST_MAX,
  OUTREACH_RETRY_MAX_DAYS,
  type OutreachEntry,
  type OutreachOutcomeBody,
  type OutreachReason,
} from '@portal/contracts/outreach';
import { addDays, dayNumberOf } from '@portal/contracts/refill';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';
import type { AdherenceSettings } from './settings.ts';

export interface OutreachDeps {
  db: Db;
  clock: () => Date;
  /** The program's settings, by program id. */
  settingsOf: (programId: number) => AdherenceSettings;
}

const dateText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export function createOutreachService({ db, clock, settingsOf }: OutreachDeps) {
  const programToday = (programId: number, now: Date) =>
    todayInCountry(settingsOf(programId).defaultCountry as CountryCode, now);

  return {
    /** The program's list for `staffId`: at most OUTREACH_LIST_MAX, the longest at risk first, then the lowest PDC. */
    async list(programId: number, staffId: string) {
      const now = clock();
      const rows = await repo.listEntries(db, programId, programToday(programId, now), OUTREACH_LIST_MAX + 1);
      const refresh = await repo.findRefreshOf(db, programId);
      const entries: OutreachEntry[] = rows.slice(0, OUTREACH_LIST_MAX).map((row) => {
        const since = dateText(row.since);
        const today = todayInCountry(row.country as CountryCode, now);
        const claimed = row.claimedUntil !== null && row.claimedUntil > now;
        return {
          patientId: row.patientId,
          firstName: row.firstName,
          lastName: row.lastName,
          country: row.country,
          since,
          daysAtRisk: Math.max(0, dayNumberOf(today) - dayNumberOf(since)),
          pdc: row.pdc === null ? null : Number(row.pdc),
          reasons: row.reasons as OutreachReason[],
          claim: claimed
            ? {
                mine: row.claimedBy === staffId,
                firstName: row.claimerFirstName,
                until: row.claimedUntil!.toISOString(),
              }
            : null,
        };
      });
      return {
        entries,
        isTruncated: rows.length > OUTREACH_LIST_MAX,
        refreshedAt: refresh ? refresh.refreshedAt.toISOString() : null,
      };
    },

    /** Makes the entry the caller's for OUTREACH_CLAIM_MINUTES (again, if it is already theirs). */
    async claim(programId: number, staffId: string, patientId: number) {
      const now = clock();
      const until = new Date(now.getTime() + OUTREACH_CLAIM_MINUTES * 60_000);
      const entry = await repo.findEntry(db, programId, patientId);
      const today = programToday(programId, now);
      if (!entry || (entry.hiddenUntil !== null && dateText(entry.hiddenUntil) > today))
        throw new AppError('OUTREACH_NOT_LISTED');
      if (!(await repo.claimEntry(db, programId, patientId, staffId, now, until, today)))
        throw new AppError('OUTREACH_TAKEN');
      return { claimedUntil: until.toISOString() };
    },

    /**
     * What the call came to, on the transaction of the record's action (its access-log row commits with it): one
     * outcome per reason the entry lists; `stopped` and `wrong-number` end them, `will-buy` puts them off for the
     * program's run-out days (the list checks again that the purchase came), `no-answer` until its day.
     */
    async recordOutcome(
      tx: Executor,
      programId: number,
      staffId: string,
      patientId: number,
      body: OutreachOutcomeBody,
    ) {
      const now = clock();
      await repo.lockProgramList(tx, programId);
      const entry = await repo.findEntry(tx, programId, patientId);
      const today = todayInCountry((entry?.country ?? 'GT') as CountryCode, now);
      if (!entry || (entry.hiddenUntil !== null && dateText(entry.hiddenUntil) > programToday(programId, now)))
        throw new AppError('OUTREACH_NOT_LISTED');
      if (
        entry.claimedBy !== null &&
        entry.claimedBy !== staffId &&
        entry.claimedUntil !== null &&
        entry.claimedUntil > now
      )
        throw new AppError('OUTREACH_TAKEN');
      let retryOn: string | null = null;
      if (body.outcome === 'no-answer') {
        if (body.retryOn <= today || body.retryOn > addDays(today, OUTREACH_RETRY_MAX_DAYS))
          throw new AppError('VALIDATION_FAILED', { retryOn: ['staff.outreach.retryOn.invalid'] });
        retryOn = body.retryOn;
      } else if (body.outcome === 'will-buy') {
        retryOn = addDays(today, Math.max(1, settingsOf(programId).outreachAfterRunOutDays));
      }
      const reasons = entry.reasons as OutreachReason[];
      await repo.insertOutcomes(
        tx,
        reasons.map((reason) => ({
          programId,
          patientId,
          staffId,
          country: entry.country,
          episode: reason.episode,
          outcome: body.outcome,
          stopReason: body.outcome === 'stopped' ? body.stopReason : null,
          retryOn,
          at: now,
        })),
      );
      await repo.settleEntry(tx, programId, patientId, retryOn);
      return { remainsListed: retryOn !== null, comesBackOn: retryOn };
    },
  };
}

export type OutreachService = ReturnType<typeof createOutreachService>;
