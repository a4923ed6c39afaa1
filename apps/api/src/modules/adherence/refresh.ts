// The refresh of adherence's summaries and of the outreach list (decision 080). A round computes the measures of
// decision 079 (`@portal/contracts/adherence`) for each medicine of each plan from its supplies and dose history, a
// batch of plans at a time, and rebuilds the program's list from the summaries, the enrolments without a first purchase
// and the appointments cancelled without another. The first round of a day is full (the period and the gaps move with
// the day); the others redo only the plans with a supply, a reversal or a dose change since shortly before the last
// round. The list and the figures read what a round wrote, never every purchase.
import { adherenceOf, type AdherenceDosePeriod, type AdherenceSupply } from '@portal/contracts/adherence';
import type { CountryCode } from '@portal/contracts/enums';
import type { OutreachReason } from '@portal/contracts/outreach';
import { OUTREACH_CANCELLED_APPOINTMENT_DAYS } from '@portal/contracts/outreach';
import { addDays, dayNumberOf } from '@portal/contracts/refill';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { Db, Executor } from '../../platform/db.ts';
import * as repo from './repository.ts';
import type { AdherenceSettings } from './settings.ts';

/** How often a round comes; an incremental round looks back this far and a margin (a round that failed is covered). */
export const ADHERENCE_REFRESH_INTERVAL_MS = 5 * 60 * 1000;
const LOOK_BACK_MS = 3 * ADHERENCE_REFRESH_INTERVAL_MS;
/** Plans computed and written together. */
const PLANS_PER_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (at: Date | string, country: string) => todayInCountry(country as CountryCode, new Date(at));

type Plan = { planPatientId: number; patientId: number; country: string };
type Product = Awaited<ReturnType<typeof repo.listProductsOfProgram>>[number];

/** The summaries of a batch of plans, computed from their inputs at `now`. */
export function summariesOf(
  plans: readonly Plan[],
  inputs: repo.AdherenceInputs,
  products: ReadonlyMap<number, Product>,
  programId: number,
  settings: AdherenceSettings,
  now: Date,
): repo.SummaryRow[] {
  const byPair = new Map<string, { supplies: AdherenceSupply[]; doses: AdherenceDosePeriod[]; live: boolean }>();
  const planOf = new Map(plans.map((plan) => [plan.planPatientId, plan]));
  const pairOf = (planPatientId: number, productId: number) => {
    const key = `${planPatientId}:${productId}`;
    let pair = byPair.get(key);
    if (!pair) byPair.set(key, (pair = { supplies: [], doses: [], live: false }));
    return pair;
  };
  for (const version of inputs.versions) {
    const plan = planOf.get(version.planPatientId);
    if (!plan) continue;
    const pair = pairOf(version.planPatientId, version.productId);
    const from = dayOf(version.at, plan.country);
    pair.live = version.change !== 'deleted';
    pair.doses.push({
      from,
      dose:
        version.change === 'deleted'
          ? null
          : {
              unitAmount: String(Number(version.unitAmount)),
              frequency: { amount: version.frequencyAmount, interval: version.frequencyInterval },
              restTime:
                version.restAmount && version.restInterval
                  ? { amount: version.restAmount, interval: version.restInterval }
                  : null,
              duration: { amount: version.durationAmount, interval: version.durationInterval },
            },
    });
  }
  for (const bought of inputs.purchases) {
    const plan = planOf.get(bought.planPatientId);
    if (!plan) continue;
    pairOf(bought.planPatientId, bought.productId).supplies.push({
      kind: 'purchase',
      id: bought.id,
      on: dayOf(bought.at, plan.country),
      packages: bought.packages,
      reversed: bought.reversedAt !== null,
    });
  }
  for (const free of inputs.freeUnits) {
    if (!planOf.has(free.planPatientId)) continue;
    pairOf(free.planPatientId, free.productId).supplies.push({
      kind: 'freeUnit',
      id: free.id,
      on: String(free.on).slice(0, 10),
      packages: 1,
      reversed: free.reversedAt !== null,
    });
  }
  const rows: repo.SummaryRow[] = [];
  for (const [key, pair] of byPair) {
    const [planPatientId, productId] = key.split(':').map(Number) as [number, number];
    const plan = planOf.get(planPatientId)!;
    const today = todayInCountry(plan.country as CountryCode, now);
    const measures = adherenceOf({
      supplies: pair.supplies,
      doses: pair.doses,
      unitsPerPackage: products.get(productId)?.unitsPerPackage ?? null,
      today,
      allowedGapDays: settings.allowedGapDays,
    });
    rows.push({
      planPatientId,
      productId,
      programId,
      patientId: plan.patientId,
      country: plan.country,
      liveTreatment: pair.live,
      pdc: measures.pdc === null ? null : measures.pdc.toFixed(4),
      daysCovered: measures.daysCovered,
      daysInPeriod: measures.daysInPeriod,
      coveredUntil: measures.coveredUntil,
      firstSupplyOn: measures.firstSupplyOn,
      lastSupplyOn: measures.lastSupplyOn,
      persistent: measures.persistent,
      persistenceEndedOn: measures.persistenceEndedOn ?? null,
      suppliesCounted: measures.suppliesCounted,
      computedOn: today,
      computedAt: now,
    });
  }
  return rows;
}

/** What a round did, for the job's log line. */
export interface RefreshReport {
  full: boolean;
  plans: number;
  entries: number;
}

/** Brings one program's summaries and list up to date at `now`: fully when asked or when the day changed. */
export async function refreshProgram(
  db: Db,
  programId: number,
  settings: AdherenceSettings,
  now: Date,
  options: { full?: boolean } = {},
): Promise<RefreshReport> {
  const today = todayInCountry(settings.defaultCountry as CountryCode, now);
  const last = await repo.findRefreshOf(db, programId);
  const full = options.full === true || !last || last.fullOn !== today;
  const products = new Map((await repo.listProductsOfProgram(db, programId)).map((row) => [row.id, row]));
  let plans = 0;
  const computeBatch = async (batch: readonly Plan[]) => {
    const inputs = await repo.loadAdherenceInputs(
      db,
      batch.map((plan) => plan.planPatientId),
    );
    const rows = summariesOf(batch, inputs, products, programId, settings, now);
    await db.transaction(async (tx) =>
      repo.replaceSummaries(
        tx,
        batch.map((plan) => plan.planPatientId),
        rows,
      ),
    );
    plans += batch.length;
  };
  if (full) {
    for (let afterId = 0; ;) {
      const batch = await repo.listPlansOfProgram(db, programId, afterId, PLANS_PER_BATCH);
      if (batch.length === 0) break;
      await computeBatch(batch);
      afterId = batch.at(-1)!.planPatientId;
    }
  } else {
    const since = new Date(Math.min(last.refreshedAt.getTime(), now.getTime()) - LOOK_BACK_MS);
    const touched = await repo.listPlansTouchedSince(db, programId, since);
    for (let start = 0; start < touched.length; start += PLANS_PER_BATCH)
      await computeBatch(await repo.listPlansByIds(db, touched.slice(start, start + PLANS_PER_BATCH)));
  }
  const entries = await rebuildList(db, programId, settings, products, now);
  await repo.recordRefresh(db, programId, now, full ? today : last!.fullOn);
  return { full, plans, entries };
}

/** The program's outreach list from the summaries, the enrolments and the cancellations, less what outcomes settled. */
async function rebuildList(
  db: Db,
  programId: number,
  settings: AdherenceSettings,
  products: ReadonlyMap<number, Product>,
  now: Date,
): Promise<number> {
  const todayOf = memoize((country: string) => todayInCountry(country as CountryCode, now));
  // The latest possible day any country's patient may have run out on and still be listed (filtered per patient below).
  const latestCoveredBy = addDays(
    new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10),
    -settings.outreachAfterRunOutDays,
  );
  const candidates: Candidate[] = [];
  for (const row of await repo.listRunOutSummaries(db, programId, latestCoveredBy)) {
    const coveredUntil = String(row.coveredUntil).slice(0, 10);
    const gapDays = dayNumberOf(todayOf(row.country)) - dayNumberOf(coveredUntil);
    if (gapDays < settings.outreachAfterRunOutDays) continue;
    const product = products.get(row.productId);
    const pdc = row.pdc === null ? null : Number(row.pdc);
    candidates.push({
      patientId: row.patientId,
      country: row.country,
      since: addDays(coveredUntil, 1),
      pdc,
      reason: {
        kind: 'ran-out',
        episode: `ran-out:${row.productId}:${coveredUntil}`,
        since: addDays(coveredUntil, 1),
        productId: row.productId,
        medicine: product?.medicine ?? '',
        presentation: product?.presentation ?? { es: '', en: '' },
        coveredUntil,
        gapDays,
        pdc,
      },
    });
  }
  const enrolledBefore = new Date(now.getTime() - settings.noFirstPurchaseDays * DAY_MS);
  for (const row of await repo.listWithoutFirstPurchase(db, programId, enrolledBefore)) {
    const enrolledOn = dayOf(row.enrolledAt, row.country);
    candidates.push({
      patientId: row.patientId,
      country: row.country,
      since: enrolledOn,
      pdc: null,
      reason: { kind: 'no-first-purchase', episode: 'no-first-purchase', since: enrolledOn, enrolledOn },
    });
  }
  const endedSince = new Date(now.getTime() - OUTREACH_CANCELLED_APPOINTMENT_DAYS * DAY_MS);
  for (const row of await repo.listEndedWithoutAnother(db, programId, 'cancelled', endedSince)) {
    const cancelledOn = dayOf(row.endedAt!, row.country);
    candidates.push({
      patientId: row.patientId,
      country: row.country,
      since: cancelledOn,
      pdc: null,
      reason: {
        kind: 'appointment-cancelled',
        episode: `appointment-cancelled:${row.bookingId}`,
        since: cancelledOn,
        bookingId: row.bookingId,
        cancelledOn,
        serviceTitleKey: row.serviceTitleKey,
      },
    });
  }
  for (const row of await repo.listEndedWithoutAnother(db, programId, 'missed', endedSince)) {
    const missedOn = dayOf(row.endedAt!, row.country);
    candidates.push({
      patientId: row.patientId,
      country: row.country,
      since: missedOn,
      pdc: null,
      reason: {
        kind: 'appointment-missed',
        episode: `appointment-missed:${row.bookingId}`,
        since: missedOn,
        bookingId: row.bookingId,
        missedOn,
        serviceTitleKey: row.serviceTitleKey,
      },
    });
  }

  return db.transaction(async (tx) => {
    // Outcomes are written under the same lock: none lands between reading them and writing the list.
    await repo.lockProgramList(tx, programId);
    const settled = new Map(
      (await repo.listLatestOutcomes(tx, programId)).map((row) => [`${row.patientId}|${row.episode}`, row]),
    );
    return writeList(tx, programId, candidates, settled, todayOf, now);
  });
}

type Candidate = { patientId: number; country: string; since: string; pdc: number | null; reason: OutreachReason };

async function writeList(
  tx: Executor,
  programId: number,
  candidates: readonly Candidate[],
  settled: ReadonlyMap<string, { retryOn: string | null }>,
  todayOf: (country: string) => string,
  now: Date,
): Promise<number> {
  const byPatient = new Map<
    number,
    { country: string; shown: Candidate[]; putOff: { candidate: Candidate; until: string }[] }
  >();
  for (const candidate of candidates) {
    const outcome = settled.get(`${candidate.patientId}|${candidate.reason.episode}`);
    // An outcome without a day to try again ended the episode; one with a day puts it off until then.
    if (outcome && outcome.retryOn === null) continue;
    const entry = byPatient.get(candidate.patientId) ?? { country: candidate.country, shown: [], putOff: [] };
    byPatient.set(candidate.patientId, entry);
    if (outcome?.retryOn && outcome.retryOn > todayOf(candidate.country))
      entry.putOff.push({ candidate, until: outcome.retryOn });
    else entry.shown.push(candidate);
  }
  const rows: repo.EntryRow[] = [];
  for (const [patientId, entry] of byPatient) {
    const listed = entry.shown.length > 0 ? entry.shown : entry.putOff.map((item) => item.candidate);
    const hiddenUntil =
      entry.shown.length > 0 ? null : entry.putOff.map((item) => item.until).reduce((a, b) => (a < b ? a : b));
    rows.push(entryRowOf(patientId, programId, entry.country, listed, hiddenUntil));
  }
  await repo.replaceEntries(tx, programId, rows, now);
  return rows.length;
}

/** An entry's row from its reasons: since the oldest, the lowest PDC, reasons oldest first. */
export function entryRowOf(
  patientId: number,
  programId: number,
  country: string,
  listed: readonly { since: string; pdc: number | null; reason: OutreachReason }[],
  hiddenUntil: string | null,
): repo.EntryRow {
  const sorted = [...listed].sort((a, b) => a.since.localeCompare(b.since));
  const pdcs = sorted.map((item) => item.pdc).filter((pdc): pdc is number => pdc !== null);
  return {
    patientId,
    programId,
    country,
    since: sorted[0]!.since,
    pdc: pdcs.length === 0 ? null : Math.min(...pdcs).toFixed(4),
    reasons: sorted.map((item) => item.reason),
    hiddenUntil,
    refreshedAt: new Date(0),
  };
}

function memoize<T>(compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = compute(key)));
    return value;
  };
}
