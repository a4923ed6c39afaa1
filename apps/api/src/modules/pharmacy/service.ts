// The pharmacy API's rules (decision 059): verify a code or an identification, record a purchase, redeem a free unit,
// reverse what the counter entered by mistake. The caller is always the key's pharmacy (`PharmacyCaller`); the
// patient is always found inside the key's program; every write runs in one transaction with its audit event.
import { formatDiscountCode, normaliseDiscountCode } from '@portal/contracts/discount-code';
import type { CountryCode, IdentificationType } from '@portal/contracts/enums';
import { isPurchaseRedeemed, planRedemption, UNIT_COUNTS_FOR_MS } from '@portal/contracts/four-plus-one';
import { amountOf, centsOf, COUNTRY_CURRENCIES, priceLine } from '@portal/contracts/money';
import {
  COUNTER_DAY_MAX_ENTRIES,
  type CounterDay,
  type CounterDayEntry,
  type PharmacyMe,
  type PharmacyPurchase,
  type PharmacyRedemption,
  type PurchaseAnswer,
  type RecordPurchaseRequest,
  type RedeemRequest,
  type RedemptionAnswer,
  type ReversalReason,
  type Verification,
  type VerifyRequest,
} from '@portal/contracts/pharmacy';
import { todayInCountry } from '@portal/contracts/time-zones';
import { maskIdentificationNumber } from '@portal/contracts/patient-identification';
import { purchase, redemption } from '../../db/schema.ts';
import { systemActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SigningKeys } from '../../platform/crypto.ts';
import type { Db, Executor, Tx } from '../../platform/db.ts';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import { idempotentRequest, rememberAnswer, runIdempotent } from '../../platform/idempotency.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { PHARMACY_LOOKUP_ALERT } from './mails.ts';
import { pharmacyActorOf, type PharmacyCaller } from '../../platform/pharmacy-auth.ts';
import { LOCKOUT_FIRST_MS, type LockoutStore } from '../../platform/lockout.ts';
import { lockPlanRow } from '../patients/public.ts';
import { offerFor, progressOf, purchaseAmounts, readOfferLedger, type Offer } from '../purchases/public.ts';
import {
  findPurchase,
  findRedemption,
  insertPurchase,
  insertRedemption,
  markReversed,
  readKeyEntries,
  readLedger,
  type KeyEntryRow,
  type LedgerRowKey,
  type PurchaseRow,
  type RedemptionRow,
} from '../purchases/public.ts';
import {
  prepareFindCodeHolder,
  findCodesOfIdentification,
  findKeyPrefix,
  findPharmacy,
  isGeneralBenefitCode,
  listCatalogue,
  type CodeHolder,
} from './repository.ts';

/** What every row the counter enters holds: who entered it, for whose plan and product, by which receipt and body. */
type EnteredAtCounter = Pick<
  PurchaseRow & RedemptionRow,
  'programId' | 'pharmacyId' | 'apiKeyId' | 'planPatientId' | 'productId' | 'receiptId' | 'requestHash'
>;

/** A clock a little ahead of the server's is not a purchase in the future. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface PharmacyServiceDeps {
  db: Db;
  clock: () => Date;
  keys: SigningKeys;
  /** Unknown codes per key (code guessing): from the 5th in a row the key waits, longer each time (decision 059). */
  guesses: LockoutStore;
  /** The program's admins' mailboxes (`adminEmails` of its config.json): told of a key that looks patients up too often. */
  adminEmailsOf?: (programId: number) => readonly string[];
  /** Called after a mail was queued (wakes the outbox worker). */
  onMailQueued?: () => void;
  /** Called once a new purchase or redemption has committed (never for a replay): the metrics. */
  onRecorded?: (kind: 'purchase' | 'redemption', programId: number) => void;
}

/** Why a key's lookups by identification are reported to the program's admins (decision 066). */
export type LookupAlertReason = 'misses' | 'dailyCap';

export function purchaseView(row: PurchaseRow): PharmacyPurchase {
  return {
    id: row.id,
    productId: row.productId,
    ...purchaseAmounts(row),
    receiptId: row.receiptId,
    purchasedAt: row.purchasedAt.toISOString(),
    recordedAt: row.createdAt.toISOString(),
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversalReason: (row.reversalReason as ReversalReason | null) ?? null,
  };
}

export function redemptionView(row: RedemptionRow): PharmacyRedemption {
  return {
    id: row.id,
    productId: row.productId,
    receiptId: row.receiptId,
    redeemedAt: row.redeemedAt.toISOString(),
    uses: row.uses,
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversalReason: (row.reversalReason as ReversalReason | null) ?? null,
  };
}

const countryOf = (holder: Pick<CodeHolder, 'country'>) => holder.country as CountryCode;

/** Whether the code can be used today: live plan and account, and valid through today in the patient's country. */
function isUsable(holder: CodeHolder, now: Date): boolean {
  const today = todayInCountry(countryOf(holder), now);
  return (
    holder.validUntil >= today &&
    holder.planEnd >= today &&
    holder.planStatus === 'ACTIVE' &&
    holder.patientStatus === 'ACTIVE' &&
    holder.accountStatus !== 'DISABLED'
  );
}

export function createPharmacyService({
  db,
  clock,
  keys,
  guesses,
  adminEmailsOf,
  onMailQueued,
  onRecorded,
}: PharmacyServiceDeps) {
  /** The program's offer for a product at this pharmacy's country; undefined when it has none there. */
  const findCodeHolder = prepareFindCodeHolder(db);

  async function offerOf(caller: PharmacyCaller, productId: number): Promise<Offer | undefined> {
    return offerFor(await listCatalogue(db, caller.programId), productId, caller.country);
  }

  const guessesOf = (caller: PharmacyCaller) => `pharmacy-key:${caller.apiKeyId}`;
  const locked = (lockedForMs: number) =>
    new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: Math.ceil(lockedForMs / 1000) });

  /**
   * The holder of a code typed at the counter (decision 066): a wrong check character is refused before any lookup (a
   * field error, not counted as a guess). Only a code answered `DISCOUNT_CODE_INVALID` counts against the key's
   * guesses, atomically and after the lookup, so a valid code (in flight or not) neither counts nor clears the count;
   * a locked key gets RATE_LIMITED with Retry-After whatever it typed, so a lock tells nothing about the code.
   */
  async function holderOfCode(caller: PharmacyCaller, typed: string): Promise<{ holder: CodeHolder; offer: Offer }> {
    const canonical = normaliseDiscountCode(typed);
    if (!canonical) throw new AppError('VALIDATION_FAILED', { code: ['errors.discountCodeMistyped'] });
    const holder = await findCodeHolder(caller.programId, canonical);
    const offer = holder && isUsable(holder, clock()) ? await offerOf(caller, holder.productId) : undefined;
    if (!holder && (await isGeneralBenefitCode(db, caller.programId, canonical))) {
      // A coupon's code is a real code, not a guess: it neither counts nor clears the lock (decision 075).
      const lockedForMs = await guesses.lockedForMs(caller.programId, guessesOf(caller));
      throw lockedForMs > 0 ? locked(lockedForMs) : new AppError('DISCOUNT_CODE_NOT_AT_COUNTER');
    }
    if (!holder || !offer) {
      const attempt = await guesses.reserve(caller.programId, guessesOf(caller));
      throw attempt.allowed ? new AppError('DISCOUNT_CODE_INVALID') : locked(attempt.lockedForMs);
    }
    const lockedForMs = await guesses.lockedForMs(caller.programId, guessesOf(caller));
    if (lockedForMs > 0) throw locked(lockedForMs);
    return { holder, offer };
  }

  /**
   * Tells the program's admins that a key looks patients up by identification too often: its pharmacy and the key's
   * prefix (to revoke it), never an identification it tried; and records it for the program's audit.
   */
  async function alertAdmins(caller: PharmacyCaller, reason: LookupAlertReason): Promise<void> {
    if (caller.apiKeyId === null) return;
    const [found, keyPrefix] = [
      await findPharmacy(db, caller.programId, caller.pharmacyId),
      await findKeyPrefix(db, caller.apiKeyId),
    ];
    if (!found || !keyPrefix) return;
    const pharmacyName = [found.name, found.branch].filter(Boolean).join(' – ');
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        programId: caller.programId,
        // The portal reports the key to the program's admins: its own act, about the pharmacy's lookups.
        actor: systemActor('pharmacy-lookup-alert'),
        action: 'pharmacy-lookups-reported',
        subject: `pharmacy-key:${caller.apiKeyId}`,
        detail: { pharmacyId: caller.pharmacyId, reason },
        createdAt: clock(),
      });
      for (const recipient of adminEmailsOf?.(caller.programId) ?? [])
        await enqueueMail(tx, {
          programId: caller.programId,
          kind: PHARMACY_LOOKUP_ALERT,
          recipient,
          language: 'es',
          payload: { pharmacy: pharmacyName, keyPrefix, reason },
        });
    });
    onMailQueued?.();
  }

  /**
   * An identification that names no enrolled patient counts twice toward the key's guessing lock (decision 066): the
   * key waits from its third such miss (its fifth unknown code). The lock it starts first is reported to the admins.
   */
  async function identificationMissed(caller: PharmacyCaller): Promise<never> {
    const first = await guesses.reserve(caller.programId, guessesOf(caller));
    if (!first.allowed) throw locked(first.lockedForMs);
    // Refused when the first one locked: the key waits already.
    const second = await guesses.reserve(caller.programId, guessesOf(caller));
    const startsLockMs = first.locksForMs || (second.allowed ? second.locksForMs : 0);
    if (startsLockMs === LOCKOUT_FIRST_MS) await alertAdmins(caller, 'misses');
    throw new AppError('DISCOUNT_CODE_INVALID');
  }

  /** The holder of the code for a write: the code's product must be the one the counter names. */
  async function holderOfCodeFor(caller: PharmacyCaller, body: { code: string; productId: number }) {
    const found = await holderOfCode(caller, body.code);
    if (found.holder.productId !== body.productId)
      throw new AppError('VALIDATION_FAILED', { productId: ['errors.productNotOfCode'] });
    return found;
  }

  async function verificationOf(caller: PharmacyCaller, found: { holder: CodeHolder; offer: Offer }[]) {
    const now = clock();
    const [first] = found;
    if (!first) throw new AppError('DISCOUNT_CODE_INVALID');
    const products = [];
    for (const { holder, offer } of found) {
      const today = todayInCountry(countryOf(holder), now);
      products.push({
        productId: holder.productId,
        medicine: holder.medicine,
        presentation: holder.presentation,
        discountPercent: offer.discountPercent,
        progress: offer.rule
          ? progressOf(offer.rule, await readOfferLedger(db, offer, holder.planPatientId, holder.productId), now, today)
          : null,
        code: formatDiscountCode(holder.code),
        validUntil: holder.validUntil,
      });
    }
    const verification: Verification = {
      patient: {
        firstName: first.holder.firstName,
        identification: {
          type: first.holder.typeIdentification as IdentificationType,
          masked: maskIdentificationNumber(first.holder.legalIdentification),
        },
      },
      currency: COUNTRY_CURRENCIES[caller.country as CountryCode],
      products,
    };
    return { verification, planPatientId: first.holder.planPatientId };
  }

  /** Every verification is recorded for the program's audit: the key, the time, how and the result (never the code). */
  async function audited<T>(
    caller: PharmacyCaller,
    by: 'code' | 'identification',
    work: () => Promise<{ verification: T; planPatientId: number }>,
  ): Promise<T> {
    const record = (result: string, planPatientId?: number) =>
      recordAudit(db, {
        programId: caller.programId,
        actor: pharmacyActorOf(caller),
        action: 'pharmacy-verification',
        subject: `pharmacy-key:${caller.apiKeyId}`,
        detail: { pharmacyId: caller.pharmacyId, by, result, ...(planPatientId ? { planPatientId } : {}) },
        createdAt: clock(),
      });
    try {
      const { verification, planPatientId } = await work();
      await record('valid', planPatientId);
      return verification;
    } catch (error) {
      if (error instanceof AppError) {
        const result =
          error.code === 'VALIDATION_FAILED' ? 'mistyped' : error.code === 'RATE_LIMITED' ? 'locked' : 'invalid';
        await record(result);
      }
      throw error;
    }
  }

  /**
   * The one idempotent path of the pharmacy's writes for the holder of a code: by `Idempotency-Key`, else by receipt
   * and product. `read` is the request as the server reads it (the canonical code, the instant, the amount), so a
   * resend written differently is the same request (decision 066). `work` writes the row in the transaction from what
   * every counter row holds (`entered`), and the row is audited there; the answer for a row, the new one or the one
   * this receipt or key already has, is its `view` as the row now stands (a replay after a reversal says so) and the
   * product's progress now.
   */
  async function recordOnce<Row extends PurchaseRow | RedemptionRow, T>(
    caller: PharmacyCaller,
    kind: 'purchase' | 'redemption',
    { holder, offer }: { holder: CodeHolder; offer: Offer },
    read: { receiptId: string; productId: number; [field: string]: unknown },
    idempotencyKey: string | undefined,
    find: (db: Executor, key: LedgerRowKey) => Promise<Row | undefined>,
    view: (row: Row) => T,
    work: (entered: EnteredAtCounter, tx: Tx) => Promise<Row>,
  ) {
    type Answer = T & { progress: Awaited<ReturnType<typeof progressNow>> };
    const answerOf = async (executor: Executor, row: Row): Promise<Answer> => ({
      ...view(row),
      progress: await progressNow(executor, offer, holder),
    });
    const request = idempotentRequest(
      keys,
      {
        programId: caller.programId,
        caller: { kind: 'pharmacy', id: caller.pharmacyId },
        operation: `pharmacy-${kind}`,
      },
      idempotencyKey ?? `receipt:${read.receiptId}:${read.productId}`,
      read,
    );
    // A key already answered: its row as it stands now (the claim of the key is its lookup, decision 091).
    const replay = async (stored: Answer, tx: Tx): Promise<Answer> => {
      const { id } = (stored as unknown as Record<typeof kind, { id: number }>)[kind];
      const storedRow = await find(tx, { id, pharmacyId: caller.pharmacyId });
      return storedRow ? answerOf(tx, storedRow) : stored;
    };
    try {
      const onCommitted = () => onRecorded?.(kind, caller.programId);
      return await runIdempotent<Answer>(
        db,
        request,
        { now: clock(), status: 201, onCommitted, replay },
        async (tx) => {
          const row = await work(
            {
              programId: caller.programId,
              pharmacyId: caller.pharmacyId,
              apiKeyId: caller.apiKeyId,
              planPatientId: holder.planPatientId,
              productId: holder.productId,
              receiptId: read.receiptId,
              requestHash: request.fingerprint,
            },
            tx,
          );
          await recordAudit(tx, {
            programId: caller.programId,
            actor: pharmacyActorOf(caller),
            action: kind === 'purchase' ? 'purchase-recorded' : 'free-unit-redeemed',
            subject: `${kind}:${row.id}`,
            detail: { pharmacyId: caller.pharmacyId, apiKeyId: caller.apiKeyId, planPatientId: holder.planPatientId },
            createdAt: row.createdAt,
          });
          return answerOf(tx, row);
        },
      );
    } catch (error) {
      const index = uniqueViolationOf(error);
      if (index !== 'purchase_pharmacy_receipt_uq' && index !== 'redemption_pharmacy_receipt_uq') throw error;
      // The receipt was recorded under another idempotency key: the same body is the same record, another is refused.
      const row = await find(db, {
        pharmacyId: caller.pharmacyId,
        receiptId: read.receiptId,
        productId: read.productId,
      });
      if (!row || row.requestHash !== request.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const answer = await answerOf(db, row);
      await rememberAnswer(db, request, { now: clock(), status: 201 }, answer);
      return answer;
    }
  }

  async function progressNow(
    tx: Executor,
    offer: Offer,
    holder: Pick<CodeHolder, 'planPatientId' | 'productId' | 'country'>,
  ) {
    if (!offer.rule) return null;
    const now = clock();
    const ledger = await readOfferLedger(tx, offer, holder.planPatientId, holder.productId);
    return progressOf(offer.rule, ledger, now, todayInCountry(countryOf(holder), now));
  }

  /** Reversals: by the same pharmacy, on the day (in its country) the row was entered, once. */
  function checkReversible(caller: PharmacyCaller, row: { createdAt: Date; reversedAt: Date | null }) {
    if (row.reversedAt) throw new AppError('REVERSAL_NOT_ALLOWED', undefined, { reason: 'already-reversed' });
    const country = caller.country as CountryCode;
    if (todayInCountry(country, row.createdAt) !== todayInCountry(country, clock()))
      throw new AppError('REVERSAL_NOT_ALLOWED', undefined, { reason: 'not-same-day' });
  }

  /**
   * Reverses a purchase or a redemption the caller's pharmacy entered today, in one transaction with the patient's
   * plan locked: marked and audited, never deleted; answers the row as it is now and the product's progress.
   */
  async function reverse<Row extends PurchaseRow | RedemptionRow>(
    caller: PharmacyCaller,
    kind: 'purchase' | 'redemption',
    id: number,
    reason: ReversalReason,
    find: (tx: Executor, by: LedgerRowKey) => Promise<Row | undefined>,
    check?: (tx: Tx, row: Row) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const found = await find(tx, { id, pharmacyId: caller.pharmacyId });
      if (!found || found.programId !== caller.programId) throw new AppError('NOT_FOUND');
      await lockPlanRow(tx, found.planPatientId);
      const row = (await find(tx, { id }))!;
      checkReversible(caller, row);
      await check?.(tx, row);
      const now = clock();
      await markReversed(tx, kind === 'purchase' ? purchase : redemption, row.id, reason, now);
      await recordAudit(tx, {
        programId: caller.programId,
        actor: pharmacyActorOf(caller),
        action: `${kind}-reversed`,
        subject: `${kind}:${row.id}`,
        detail: { pharmacyId: caller.pharmacyId, apiKeyId: caller.apiKeyId, reason },
        createdAt: now,
      });
      const offer = await offerOf(caller, row.productId);
      const holder = { planPatientId: row.planPatientId, productId: row.productId, country: caller.country };
      return { row: (await find(tx, { id: row.id }))!, progress: offer ? await progressNow(tx, offer, holder) : null };
    });
  }

  return {
    /** The key's pharmacy, as its counter names it; no patient is read. */
    async describe(caller: PharmacyCaller): Promise<PharmacyMe> {
      const row = await findPharmacy(db, caller.programId, caller.pharmacyId);
      // The key was resolved to this pharmacy a moment ago: a pharmacy is never deleted.
      if (!row) throw new AppError('UNAUTHENTICATED');
      return { ...row, currency: COUNTRY_CURRENCIES[row.country as CountryCode] };
    },

    /**
     * What the caller's key entered on the pharmacy country's today, newest first, with reversals (decision 073): the
     * counter's list, from the server, so a reload or another tab forgets nothing.
     */
    async today(caller: PharmacyCaller): Promise<CounterDay> {
      const country = caller.country as CountryCode;
      const now = clock();
      const day = todayInCountry(country, now);
      // The operator's import of a report is no counter: it has no day's list.
      if (caller.apiKeyId === null) return { day, entries: [] };
      // A day is at most 26 hours long in any zone; the rows of that window are then kept by their own day.
      const since = new Date(now.getTime() - 26 * 60 * 60 * 1000);
      const { purchases, redemptions } = await readKeyEntries(db, {
        programId: caller.programId,
        apiKeyId: caller.apiKeyId,
        since,
        limit: COUNTER_DAY_MAX_ENTRIES,
      });
      const entryOf =
        (kind: CounterDayEntry['kind']) =>
        (row: KeyEntryRow): CounterDayEntry => ({
          kind,
          id: row.id,
          productId: row.productId,
          medicine: row.medicine,
          presentation: row.presentation,
          receiptId: row.receiptId,
          quantity: row.quantity,
          total: row.total,
          currency: row.currency ?? COUNTRY_CURRENCIES[country],
          recordedAt: row.createdAt.toISOString(),
          reversedAt: row.reversedAt?.toISOString() ?? null,
          reversalReason: row.reversalReason as ReversalReason | null,
        });
      const entries = [...purchases.map(entryOf('purchase')), ...redemptions.map(entryOf('redemption'))]
        .filter((entry) => todayInCountry(country, new Date(entry.recordedAt)) === day)
        .sort((a, b) => b.recordedAt.localeCompare(a.recordedAt) || b.id - a.id)
        .slice(0, COUNTER_DAY_MAX_ENTRIES);
      return { day, entries };
    },

    async verify(caller: PharmacyCaller, body: VerifyRequest): Promise<Verification> {
      if ('code' in body)
        return audited(caller, 'code', async () => verificationOf(caller, [await holderOfCode(caller, body.code)]));
      return audited(caller, 'identification', async () => {
        const now = clock();
        const codes = await findCodesOfIdentification(db, {
          programId: caller.programId,
          country: caller.country,
          type: body.identification.type,
          number: body.identification.number,
        });
        const found = [];
        for (const holder of codes.filter((row) => isUsable(row, now))) {
          const offer = await offerOf(caller, holder.productId);
          if (offer) found.push({ holder, offer });
        }
        if (found.length === 0) await identificationMissed(caller);
        const lockedForMs = await guesses.lockedForMs(caller.programId, guessesOf(caller));
        if (lockedForMs > 0) throw locked(lockedForMs);
        const { verification, planPatientId } = await verificationOf(caller, found);
        // The code records purchases: whoever knows an identification must not learn it (decision 066).
        const products = verification.products.map((product) => ({ ...product, code: null }));
        return { verification: { ...verification, products }, planPatientId };
      });
    },

    alertAdmins,

    async recordPurchase(
      caller: PharmacyCaller,
      body: RecordPurchaseRequest,
      idempotencyKey: string | undefined,
    ): Promise<PurchaseAnswer> {
      const purchasedAt = new Date(body.purchasedAt);
      const now = clock();
      if (
        purchasedAt.getTime() > now.getTime() + CLOCK_SKEW_MS ||
        purchasedAt.getTime() < now.getTime() - UNIT_COUNTS_FOR_MS
      )
        throw new AppError('VALIDATION_FAILED', { purchasedAt: ['errors.purchaseDateOutOfRange'] });
      const found = await holderOfCodeFor(caller, body);
      const { discountPercent } = found.offer;
      const unitPrice = amountOf(centsOf(body.unitPrice));
      return recordOnce(
        caller,
        'purchase',
        found,
        { ...body, code: found.holder.code, unitPrice, purchasedAt: purchasedAt.toISOString() },
        idempotencyKey,
        findPurchase,
        (row) => ({ purchase: purchaseView(row) }),
        async (entered, tx) => {
          const line = priceLine(unitPrice, body.quantity, discountPercent);
          return insertPurchase(tx, {
            ...entered,
            quantity: body.quantity,
            unitPrice,
            discountPercent,
            discountAmount: line.discountAmount,
            total: line.total,
            currency: COUNTRY_CURRENCIES[caller.country as CountryCode],
            purchasedAt,
            createdAt: clock(),
          });
        },
      );
    },

    async redeem(
      caller: PharmacyCaller,
      body: RedeemRequest,
      idempotencyKey: string | undefined,
    ): Promise<RedemptionAnswer> {
      const { holder, offer } = await holderOfCodeFor(caller, body);
      const rule = offer.rule;
      if (!rule) throw new AppError('NO_FREE_UNIT', undefined, { reason: 'no-offer' });
      return recordOnce(
        caller,
        'redemption',
        { holder, offer },
        { ...body, code: holder.code },
        idempotencyKey,
        findRedemption,
        (row) => ({ redemption: redemptionView(row) }),
        async (entered, tx) => {
          // Another counter redeeming for this patient waits here until this transaction ends, then sees its row.
          await lockPlanRow(tx, holder.planPatientId);
          const now = clock();
          const today = todayInCountry(countryOf(holder), now);
          // The plan's lock also covers the offer's other products: their free units count toward its caps.
          const ledger = await readOfferLedger(tx, offer, holder.planPatientId, holder.productId);
          const plan = planRedemption(rule, ledger.purchases, ledger.redemptions, now, today, ledger.otherRedemptions);
          if ('refused' in plan) throw new AppError('NO_FREE_UNIT', undefined, { reason: plan.refused });
          return insertRedemption(tx, {
            ...entered,
            redeemedAt: now,
            redeemedOn: today,
            uses: plan.uses,
            createdAt: now,
          });
        },
      );
    },

    async reversePurchase(caller: PharmacyCaller, purchaseId: number, reason: ReversalReason): Promise<PurchaseAnswer> {
      return reverse(caller, 'purchase', purchaseId, reason, findPurchase, async (tx, row) => {
        // What the purchase earned is already in the patient's hand: it stays.
        const ledger = await readLedger(tx, row.planPatientId, row.productId);
        if (isPurchaseRedeemed(row.id, ledger.redemptions))
          throw new AppError('REVERSAL_NOT_ALLOWED', undefined, { reason: 'redeemed' });
      }).then(({ row, progress }) => ({ purchase: purchaseView(row), progress }));
    },

    async reverseRedemption(
      caller: PharmacyCaller,
      redemptionId: number,
      reason: ReversalReason,
    ): Promise<RedemptionAnswer> {
      return reverse(caller, 'redemption', redemptionId, reason, findRedemption).then(({ row, progress }) => ({
        redemption: redemptionView(row),
        progress,
      }));
    },
  };
}

export type PharmacyService = ReturnType<typeof createPharmacyService>;
