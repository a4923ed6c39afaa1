// The refill estimate and its reminder (decision 061). The patient's call answers, per medicine of the live
// treatments, until when what they got at the program's pharmacies should last at their dose (contracts/refill.ts).
// A round every REFILL_REMINDER_INTERVAL_MS (the purchases module's job, run by one instance, platform/jobs.ts) looks
// for supplies whose reminder is due and claims each once (a unique key per purchase and per free unit), queueing the
// mail in the same transaction: a round run twice never sends it twice, a newer supply moves the date (and the reminder
// with it), and a patient who turned reminders off or closed the account gets none.
import type { CountryCode } from '@portal/contracts/enums';
import type { Refills } from '@portal/contracts/purchases';
import {
  addDays,
  estimateRefill,
  REFILL_LOOKBACK_DAYS,
  REFILL_REMINDER_HOUR,
  REFILL_SHOWN_AFTER_RUN_OUT_DAYS,
  refillCalendarUid,
  type RefillEstimate,
  type RefillSupply,
} from '@portal/contracts/refill';
import { COUNTRY_TIME_ZONES, todayInCountry } from '@portal/contracts/time-zones';
import type { Db } from '../../platform/db.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { REFILL_REMINDER } from './mails.ts';
import { programPageUrl } from '../../platform/mail/render.ts';
import type { PatientScope } from '../../platform/patient-auth.ts';
import * as repo from './refill-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a round looks for due refill reminders (the mails go from REFILL_REMINDER_HOUR, within this). */
export const REFILL_REMINDER_INTERVAL_MS = 15 * 60 * 1000;

type Supplies = Awaited<ReturnType<typeof repo.listSupplies>>;

/** The estimate of one treatment from the plan's supplies, each supply's day taken in the patient's country. */
function estimateOf(item: repo.RefillTreatment, supplies: Supplies, country: CountryCode, now: Date): RefillEstimate {
  return estimateRefill({
    today: todayInCountry(country, now),
    dose: {
      unitAmount: item.unitAmount,
      frequency: { amount: item.frequencyAmount, interval: item.frequencyInterval },
      restTime:
        item.restAmount === null || item.restInterval === null
          ? null
          : { amount: item.restAmount, interval: item.restInterval },
      startDate: item.startDate,
      duration: { amount: item.durationAmount, interval: item.durationInterval },
    },
    unitsPerPackage: item.unitsPerPackage,
    supplies: supplies
      .filter((supply) => supply.productId === item.productId)
      .map((supply): RefillSupply => ({
        kind: supply.kind,
        id: supply.id,
        on: todayInCountry(country, supply.at),
        packages: supply.packages,
        reversed: supply.reversedAt !== null,
      })),
  });
}

/** The hour (0–23) at `now` in the country's zone. */
function hourInCountry(country: CountryCode, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', {
    timeZone: COUNTRY_TIME_ZONES[country],
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(now);
  return Number(hour);
}

/**
 * Whether a reminder is due on the patient's `today` at `hour`: from its day (and the morning's hour that day) until
 * the supply's last day. Not when the supply is shorter than the notice (the reminder would come with the purchase).
 */
export function isReminderDue(
  estimate: { lastsUntil: string; remindOn: string },
  newestSupplyDay: string,
  today: string,
  hour: number,
): boolean {
  if (estimate.remindOn <= newestSupplyDay) return false;
  if (today < estimate.remindOn || today > estimate.lastsUntil) return false;
  return today > estimate.remindOn || hour >= REFILL_REMINDER_HOUR;
}

export function createRefillService({ db, clock }: { db: Db; clock: () => Date }) {
  return {
    /** GET /purchases/refills: per live treatment with an estimate, until when it should last (not long past). */
    async refills(scope: PatientScope, programSlug: string): Promise<Refills> {
      const now = clock();
      const country = scope.country as CountryCode;
      const today = todayInCountry(country, now);
      const supplies = await repo.listSupplies(
        db,
        scope.planPatientId,
        new Date(now.getTime() - REFILL_LOOKBACK_DAYS * DAY_MS),
      );
      const refills: Refills['refills'] = [];
      for (const item of await repo.listRefillTreatments(db, scope.planPatientId)) {
        const estimate = estimateOf(item, supplies, country, now);
        if (estimate.kind !== 'estimate' || estimate.lastsUntil < addDays(today, -REFILL_SHOWN_AFTER_RUN_OUT_DAYS))
          continue;
        refills.push({
          productId: item.productId,
          searchQuery: item.searchQuery,
          medicine: item.medicine,
          presentation: item.presentation,
          packageKind: item.packageKind,
          lastsUntil: estimate.lastsUntil,
          remindOn: estimate.remindOn,
          calendarUid: refillCalendarUid(programSlug, scope.planPatientId, item.productId),
          sequence: estimate.suppliesCounted,
        });
      }
      refills.sort(
        (left, right) => left.lastsUntil.localeCompare(right.lastsUntil) || left.productId - right.productId,
      );
      return { today, refills };
    },
  };
}

/**
 * Queues the refill reminders that are due at `now`; answers how many mails it queued. Each supply's reminder is
 * claimed once (its row's unique key), with the mail in the same transaction; the patient's choice and the account's
 * state decide whether a mail goes, the claim is made either way so that it is not looked at again.
 */
export async function queueDueRefillReminders(db: Db, now: Date, publicUrl: string): Promise<number> {
  const since = new Date(now.getTime() - REFILL_LOOKBACK_DAYS * DAY_MS);
  let queued = 0;
  for (const pair of await repo.listReminderCandidates(db, since)) {
    const recipient = await repo.findReminderRecipient(db, pair.planPatientId);
    if (!recipient || recipient.purchasesOn !== true) continue;
    const [item] = await repo.listRefillTreatments(db, pair.planPatientId, pair.productId);
    if (!item) continue;
    const country = recipient.country as CountryCode;
    const supplies = await repo.listSupplies(db, pair.planPatientId, since);
    const estimate = estimateOf(item, supplies, country, now);
    if (estimate.kind !== 'estimate') continue;
    const newest = supplies.find(
      (supply) => supply.kind === estimate.basedOn.kind && supply.id === estimate.basedOn.id,
    );
    if (!newest) continue;
    if (
      !isReminderDue(
        estimate,
        todayInCountry(country, newest.at),
        todayInCountry(country, now),
        hourInCountry(country, now),
      )
    )
      continue;
    const closed = recipient.accountStatus === 'DISABLED' || recipient.patientStatus !== 'ACTIVE';
    const outcome = closed ? 'closed' : recipient.refillReminders ? 'queued' : 'off';
    const sent = await db.transaction(async (tx) => {
      const claimed = await repo.claimRefillReminder(tx, {
        programId: recipient.programId,
        planPatientId: pair.planPatientId,
        productId: pair.productId,
        purchaseId: estimate.basedOn.kind === 'purchase' ? estimate.basedOn.id : null,
        redemptionId: estimate.basedOn.kind === 'freeUnit' ? estimate.basedOn.id : null,
        lastsUntil: estimate.lastsUntil,
        remindOn: estimate.remindOn,
        outcome,
        createdAt: now,
      });
      if (!claimed || outcome !== 'queued') return false;
      await enqueueMail(
        tx,
        {
          programId: recipient.programId,
          kind: REFILL_REMINDER,
          recipient: recipient.email,
          language: recipient.language,
          payload: {
            medicine: item.medicine,
            lastsUntil: estimate.lastsUntil,
            calendarUid: refillCalendarUid(recipient.programSlug, pair.planPatientId, pair.productId),
            sequence: String(estimate.suppliesCounted),
            link: programPageUrl(publicUrl, recipient.programSlug, recipient.language, '/home').toString(),
          },
        },
        { publicUrl },
      );
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
