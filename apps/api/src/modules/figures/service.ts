// The program's figures as the managers read them (decision 081): the rows the figures job keeps, for a country (or
// every one) and a period of months, summed and then suppressed (small-cells.ts) before they leave the server. An
// answer once assembled is kept until the job's next round (decision 090): a call reads which round the program's rows
// are of (one row, one statement) and answers the kept answer of that round; only the first call of a round assembles.
import { eq, sql } from 'drizzle-orm';
import {
  FIGURES_DEFAULT_MONTHS,
  FIGURES_MAX_MONTHS,
  OUTREACH_FIGURE_OUTCOMES,
  OUTREACH_FIGURE_STOP_REASONS,
  PERSISTENCE_HORIZONS,
  type FigureTable,
  type ProgramFigures,
  type ProgramFiguresQuery,
} from '@portal/contracts/program-figures';
import {
  isShown,
  shareOf,
  suppressList,
  suppressTable,
  SMALL_CELL_MIN,
  SUPPRESSED,
} from '@portal/contracts/small-cells';
import { product, programFigure } from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return monthOf(d);
};
const monthsBetween = (from: string, to: string) => {
  const months: string[] = [];
  for (let m = from; m <= to && months.length <= FIGURES_MAX_MONTHS; m = addMonths(m, 1)) months.push(m);
  return months;
};

/** The period asked, or the last 12 months; a period backwards or longer than 36 months is VALIDATION_FAILED. */
export function periodOf(query: ProgramFiguresQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? monthOf(now);
  const from = query.from ?? addMonths(to, -(FIGURES_DEFAULT_MONTHS - 1));
  if (from > to) throw new AppError('VALIDATION_FAILED', { from: ['errors.validation'] });
  if (monthsBetween(from, to).length > FIGURES_MAX_MONTHS)
    throw new AppError('VALIDATION_FAILED', { from: ['errors.validation'] });
  return { from, to };
}

type Sums = Map<string, number>;
const key = (bucket: string, category: string) => `${bucket}\u0000${category}`;

/** A table of the sums: a row per bucket, a column per category; the columns partition the rows (one line each). */
function tableOf(sums: Sums, buckets: readonly string[], categories: readonly string[]): FigureTable {
  const counts = buckets.map((bucket) => categories.map((category) => sums.get(key(bucket, category)) ?? 0));
  const suppressed = suppressTable(counts.length > 0 ? counts : [categories.map(() => 0)]);
  return {
    columns: [...categories],
    rows: buckets.map((bucket, r) => ({ key: bucket, cells: suppressed.cells[r]! })),
    columnTotals: suppressed.columnTotals,
  };
}

/** Columns that are not a partition (booked, cancelled, missed): each its own list, suppressed on its own. */
function columnsOf(sums: Sums, buckets: readonly string[], categories: readonly string[]): FigureTable {
  const lists = categories.map((category) => suppressList(buckets.map((b) => sums.get(key(b, category)) ?? 0)));
  return {
    columns: [...categories],
    rows: buckets.map((bucket, r) => ({ key: bucket, cells: lists.map((list) => list.cells[r]!) })),
    columnTotals: lists.map((list) => list.total),
  };
}

export interface FiguresService {
  figuresOf(programId: number, query: ProgramFiguresQuery): Promise<ProgramFigures>;
}

/** The assembled answers an instance keeps: a manager's few countries and periods, each a few kilobytes. */
const FIGURES_ANSWERS_KEPT = 256;

interface KeptAnswer {
  /** The round of the program's rows it was assembled from (their `xmin`), or null when the program had none. */
  round: string | null;
  answer: Promise<ProgramFigures>;
}

export function createFiguresService({ db, clock }: { db: Db; clock: () => Date }): FiguresService {
  // The round the program's rows are of: the transaction that wrote them (each round rewrites them all in one, so any
  // row's `xmin` names it, even when two rounds share a `now`). One row of the primary key's index.
  const roundOf = db
    .select({ round: sql<string>`${programFigure}.xmin::text` })
    .from(programFigure)
    .where(eq(programFigure.programId, sql.placeholder('programId')))
    .limit(1)
    .prepare('figures_round');
  const kept = new Map<string, KeptAnswer>();
  return {
    async figuresOf(programId, query) {
      const period = periodOf(query, clock());
      const [current] = await roundOf.execute({ programId });
      const round = current?.round ?? null;
      const key = `${programId}\u0000${query.country ?? ''}\u0000${period.from}\u0000${period.to}`;
      const found = kept.get(key);
      if (found && found.round === round) {
        // The most recently used last: the first is the one to forget.
        kept.delete(key);
        kept.set(key, found);
        return found.answer;
      }
      // Assembled once per round, however many calls ask at once; a failure is not kept.
      const answer = assemble(db, programId, query.country, period);
      kept.delete(key);
      kept.set(key, { round, answer });
      if (kept.size > FIGURES_ANSWERS_KEPT) kept.delete(kept.keys().next().value!);
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key);
      });
      return answer;
    },
  };
}

/**
 * The answer for a country (or every one) and a period, from the program's rows: read in one statement (every country's,
 * for the list of countries and the refresh's time), summed over the countries asked, then suppressed.
 */
async function assemble(
  db: Db,
  programId: number,
  country: string | undefined,
  { from, to }: { from: string; to: string },
): Promise<ProgramFigures> {
  const months = monthsBetween(from, to);
  const programRows = await db
    .select({
      country: programFigure.country,
      metric: programFigure.metric,
      bucket: programFigure.bucket,
      category: programFigure.category,
      value: programFigure.value,
      computedAt: programFigure.computedAt,
    })
    .from(programFigure)
    .where(eq(programFigure.programId, programId));
  const countries = [...new Set(programRows.map((row) => row.country))].sort();
  const rows = country ? programRows.filter((row) => row.country === country) : programRows;
  // Every row of a round has the round's time.
  const refreshedAt = programRows.reduce<Date | null>(
    (latest, row) => (latest === null || row.computedAt > latest ? row.computedAt : latest),
    null,
  );

  // Summed over the countries asked: metric → (bucket, category) → value.
  const byMetric = new Map<string, Sums>();
  const amounts = new Map<string, string>();
  for (const row of rows) {
    const sums = byMetric.get(row.metric) ?? new Map<string, number>();
    byMetric.set(row.metric, sums);
    const k = key(row.bucket, row.category);
    sums.set(k, (sums.get(k) ?? 0) + Number(row.value));
    // Amounts are added as cents, exact.
    if (row.metric === 'savings') {
      const cents = BigInt(Math.round(Number(row.value) * 100));
      amounts.set(k, String(BigInt(amounts.get(k) ?? '0') + cents));
    }
  }
  const sumsOf = (metric: string): Sums => byMetric.get(metric) ?? new Map();
  const inPeriod = (month: string) => month >= from && month <= to;

  const weeks = [...new Set([...sumsOf('enrolments').keys()].map((k) => k.split('\u0000')[0]!))]
    .filter((week) => inPeriod(week.slice(0, 7)))
    .sort();

  // PDC: a row per product with any summary, a column per decile.
  const pdcSums = sumsOf('pdc-decile');
  const productIds = [...new Set([...pdcSums.keys()].map((k) => Number(k.split('\u0000')[1])))].sort((a, b) => a - b);
  const deciles = Array.from({ length: 10 }, (_, d) => String(d));
  const transposed: Sums = new Map();
  for (const [k, value] of pdcSums) {
    const [decile, productId] = k.split('\u0000') as [string, string];
    transposed.set(key(productId, decile), value);
  }
  const decileTable = tableOf(transposed, productIds.map(String), deciles);
  const adherent = productIds.map((productId, r) => {
    const counts = deciles.map((d) => transposed.get(key(String(productId), d)) ?? 0);
    const yes = counts.slice(8).reduce((a, b) => a + b, 0);
    const all = counts.reduce((a, b) => a + b, 0);
    const cells = decileTable.rows[r]!.cells;
    const hiddenHigh = cells.slice(8).filter((cell) => !isShown(cell)).length;
    const hiddenLow = cells.slice(0, 8).filter((cell) => !isShown(cell)).length;
    // Shown only when it reveals no hidden decile: both sides ≥ 5 and neither side with exactly one hidden.
    const safe = yes >= SMALL_CELL_MIN && all - yes >= SMALL_CELL_MIN && hiddenHigh !== 1 && hiddenLow !== 1;
    return { productId, count: safe ? yes : SUPPRESSED, share: safe ? yes / all : null };
  });
  const products =
    productIds.length === 0
      ? []
      : (
          await db
            .select({ productId: product.id, medicine: product.medicine, presentation: product.presentation })
            .from(product)
            .where(eq(product.programId, programId))
        ).filter((row) => productIds.includes(row.productId));

  // Persistence: per horizon, the cohorts × (persistent, stopped) suppressed together.
  const persistenceSums = sumsOf('persistence');
  const cohorts = [...new Set([...persistenceSums.keys()].map((k) => k.split('\u0000')[0]!))].filter(inPeriod).sort();
  const perHorizon = PERSISTENCE_HORIZONS.map((h) =>
    suppressTable(
      cohorts.map((cohort) => [
        persistenceSums.get(key(cohort, `${h}:persistent`)) ?? 0,
        persistenceSums.get(key(cohort, `${h}:stopped`)) ?? 0,
      ]),
    ),
  );

  // Savings: shown when at least 5 patients saved in that month and currency.
  const savingsPatients = sumsOf('savings-patients');
  const savings = [...savingsPatients.entries()]
    .map(([k, patients]) => {
      const [month, currency] = k.split('\u0000') as [string, string];
      const cents = BigInt(amounts.get(k) ?? '0');
      const shown = patients >= SMALL_CELL_MIN;
      const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
      return { month, currency, patients: shown ? patients : SUPPRESSED, amount: shown ? amount : null };
    })
    .filter((row) => inPeriod(row.month))
    .sort((a, b) => (a.month + a.currency).localeCompare(b.month + b.currency));

  const outcomes = tableOf(sumsOf('outreach'), months, OUTREACH_FIGURE_OUTCOMES);
  const stopTotals: Sums = new Map();
  for (const [k, value] of sumsOf('outreach-stop')) {
    const [month, reason] = k.split('\u0000') as [string, string];
    if (inPeriod(month)) stopTotals.set(key('all', reason), (stopTotals.get(key('all', reason)) ?? 0) + value);
  }
  const [willBuy, stopped] = outcomes.columnTotals;
  const totalCalls = OUTREACH_FIGURE_OUTCOMES.reduce(
    (sum, outcome) => sum + months.reduce((s, m) => s + (sumsOf('outreach').get(key(m, outcome)) ?? 0), 0),
    0,
  );
  const reachedCount = isShown(willBuy!) && isShown(stopped!) ? willBuy + stopped : null;
  const reached = reachedCount !== null && totalCalls >= SMALL_CELL_MIN ? shareOf(reachedCount, totalCalls) : null;

  return {
    country: country ?? null,
    countries,
    from,
    to,
    refreshedAt: refreshedAt?.toISOString() ?? null,
    enrolments: tableOf(sumsOf('enrolments'), weeks, ['']),
    active: suppressList([sumsOf('active').get(key('now', '')) ?? 0]).total,
    pdc: { products, deciles: decileTable, adherent },
    persistence: {
      horizons: [...PERSISTENCE_HORIZONS],
      rows: cohorts.map((cohort, r) => ({
        cohort,
        horizons: perHorizon.map((table) => {
          const [persistent, stoppedCell] = table.cells[r]!;
          const total = table.rowTotals[r]!;
          return {
            persistent: persistent!,
            stopped: stoppedCell!,
            share: isShown(persistent!) && isShown(stoppedCell!) ? shareOf(persistent!, total) : null,
          };
        }),
      })),
    },
    freeUnits: tableOf(sumsOf('free-units'), months, ['']),
    savings,
    appointments: columnsOf(sumsOf('appointments'), months, ['booked', 'cancelled', 'missed']),
    lessons: tableOf(sumsOf('lessons'), months, ['']),
    outreach: {
      outcomes,
      reached,
      stopReasons: tableOf(stopTotals, ['all'], OUTREACH_FIGURE_STOP_REASONS),
    },
  };
}
