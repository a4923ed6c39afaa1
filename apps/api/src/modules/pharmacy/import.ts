// `npm run purchases:import -- <slug> <pharmacyId> <file.csv>` (decision 059): a chain's daily report of purchases made
// with the program's codes, streamed (one line at a time, so a file of any length imports in bounded memory) with
// csv-parse and recorded by the same rules and idempotency as `POST /pharmacy/purchases` (a line is the same purchase
// as the API's with that receipt and product: re-running a file changes nothing). Each refused line is reported with its
// line number and reason; the others are recorded.
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { and, eq } from 'drizzle-orm';
import { RecordPurchaseRequestSchema } from '@portal/contracts/pharmacy';
import type { AppConfig } from '../../config.ts';
import { pharmacy, program } from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PharmacyCaller } from '../../platform/pharmacy-auth.ts';
import type { CommandResult } from './commands.ts';
import { createPharmacyService } from './service.ts';

export const PURCHASES_IMPORT_USAGE = 'usage: npm run purchases:import -- <program-slug> <pharmacyId> <file.csv>';
/** The report's header: the request's fields, one purchase a line. */
export const IMPORT_COLUMNS = ['code', 'productId', 'quantity', 'unitPrice', 'receiptId', 'purchasedAt'] as const;
/** A line longer than this is not a purchase (and a malformed file cannot make the parser hold a huge record). */
const MAX_LINE_BYTES = 2048;
/** Lines recorded at once: each holds one of the pool's 10 connections while in flight (PGlite takes them in turn). */
const LINES_IN_FLIGHT = 8;
/** Refusals printed in full; beyond that only counted (the report of a bad file stays readable). */
const MAX_REPORTED = 1000;

const ID = /^[1-9][0-9]{0,15}$/;

/** The reason of a refused line, as the API would answer it. */
function reasonOf(error: unknown): string {
  if (!(error instanceof AppError)) throw error;
  const fields = error.fieldErrors
    ? ` (${Object.entries(error.fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; ')})`
    : '';
  const reason = error.details?.reason;
  const details = typeof reason === 'string' ? ` (${reason})` : '';
  return `${error.code}${fields}${details}`;
}

export async function importPurchasesCommand(
  args: string[],
  deps: { db: Db; config: Pick<AppConfig, 'signingKeys'>; now: () => Date; linesInFlight?: number },
): Promise<CommandResult> {
  const [slug, pharmacyArg, file, ...rest] = args;
  if (!slug || !pharmacyArg || !ID.test(pharmacyArg) || !file || rest.length > 0)
    return { status: 2, stdout: '', stderr: PURCHASES_IMPORT_USAGE };
  const [row] = await deps.db
    .select({ pharmacyId: pharmacy.id, programId: pharmacy.programId, country: pharmacy.country })
    .from(pharmacy)
    .innerJoin(program, eq(program.id, pharmacy.programId))
    .where(and(eq(pharmacy.id, Number(pharmacyArg)), eq(program.slug, slug)));
  if (!row) return { status: 1, stdout: '', stderr: `refused: no pharmacy ${pharmacyArg} in "${slug}"` };
  // A file is the pharmacy's own report, read by an operator: no code-guessing lock (each unknown code is a refused line).
  const service = createPharmacyService({
    db: deps.db,
    clock: deps.now,
    keys: deps.config.signingKeys,
    guesses: {
      reserve: async () => ({ allowed: true, locksForMs: 0 }),
      reset: async () => {},
      lockedForMs: async () => 0,
    },
  });
  const caller: PharmacyCaller = { ...row, apiKeyId: null };
  const parser = createReadStream(file).pipe(
    parse({
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim());
        if (names.join(',') !== IMPORT_COLUMNS.join(','))
          throw new Error(`the header must be ${IMPORT_COLUMNS.join(',')}`);
        return names;
      },
      trim: true,
      skip_empty_lines: true,
      max_record_size: MAX_LINE_BYTES,
      info: true,
    }),
  );
  let recorded = 0;
  let refused = 0;
  /** The refusals with the lowest line numbers (lines end out of order when several are in flight). */
  let refusals: { line: number; reason: string }[] = [];
  const tally = (line: number, reason: string | undefined) => {
    if (reason === undefined) {
      recorded += 1;
      return;
    }
    refused += 1;
    refusals.push({ line, reason });
    if (refusals.length > 2 * MAX_REPORTED) refusals = refusals.sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED);
  };
  const recordLine = async (record: Record<string, string>): Promise<string | undefined> => {
    const body = RecordPurchaseRequestSchema.safeParse({
      ...record,
      productId: Number(record.productId),
      quantity: Number(record.quantity),
    });
    if (!body.success)
      return `VALIDATION_FAILED (${body.error.issues.map((issue) => issue.path.join('.')).join(', ')})`;
    try {
      await service.recordPurchase(caller, body.data, undefined);
      return undefined;
    } catch (error) {
      return reasonOf(error);
    }
  };
  // A few lines in flight at once (each its own transaction, as counters' calls are), never more: the parser waits
  // while the window is full, so memory stays bounded.
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  const settle = async () => {
    await Promise.allSettled(inFlight);
    if (failure !== undefined) throw failure;
  };
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      const line = info.lines;
      const task: Promise<void> = recordLine(record)
        .then((reason) => tally(line, reason))
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= (deps.linesInFlight ?? LINES_IN_FLIGHT)) await Promise.race(inFlight);
      if (failure !== undefined) throw failure;
    }
    await settle();
  } catch (error) {
    await Promise.allSettled(inFlight);
    if (failure !== undefined && error === failure) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return {
      status: 1,
      stdout: `${recorded} recorded before the file stopped`,
      stderr: `refused: the file cannot be read: ${message}`,
    };
  }
  const reported = refusals.sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED);
  const summary = `${recorded} recorded (or already recorded), ${refused} refused`;
  return {
    status: refused > 0 ? 1 : 0,
    stdout: summary,
    stderr: [
      ...reported.map(({ line, reason }) => `line ${line}: ${reason}`),
      ...(refused > reported.length ? [`… and ${refused - reported.length} more`] : []),
    ].join('\n'),
  };
}
