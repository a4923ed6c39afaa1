// A refused or failed pharmacy call in the counter's words (decision 060): every code of the catalogue the pharmacy API
// answers, with its reason where it gives one and the wait of a limit, in the screen's language.
import { ApiError } from '../../lib/api-client.ts';
import { errorKeyOf } from '../../lib/form-errors.ts';
import type { useT } from '../../program/use-t.ts';

type T = ReturnType<typeof useT>;

const reasonOf = (error: ApiError) => {
  const reason = error.error?.details?.reason;
  return typeof reason === 'string' ? reason : undefined;
};

/** Why no free unit could be given (NO_FREE_UNIT's details.reason). */
function noFreeUnitText(reason: string | undefined, t: T): string {
  if (reason === 'month-cap') return t('pharmacy.redeem.refused.monthCap');
  if (reason === 'year-cap') return t('pharmacy.redeem.refused.yearCap');
  if (reason === 'no-offer') return t('pharmacy.redeem.refused.noOffer');
  return t('pharmacy.redeem.refused.notEnoughUnits');
}

/** Why a reversal was refused (REVERSAL_NOT_ALLOWED's details.reason). */
function reversalText(reason: string | undefined, t: T): string {
  if (reason === 'already-reversed') return t('pharmacy.reverse.refused.alreadyReversed');
  if (reason === 'not-same-day') return t('pharmacy.reverse.refused.notSameDay');
  if (reason === 'redeemed') return t('pharmacy.reverse.refused.redeemed');
  return t('errors.reversalNotAllowed');
}

/** The sentence for a call that failed as a whole (not on one field). */
export function counterErrorText(error: unknown, t: T): string {
  if (!(error instanceof ApiError)) return t('errors.general');
  if (error.status === 0) return t('pharmacy.errors.network');
  switch (error.code) {
    case 'RATE_LIMITED':
      return t('pharmacy.errors.rateLimited', { seconds: Math.max(1, error.retryAfterSeconds ?? 60) });
    case 'UNAUTHENTICATED':
      return t('pharmacy.key.refused');
    case 'DISCOUNT_CODE_INVALID':
      return t('errors.discountCodeInvalid');
    case 'DISCOUNT_CODE_NOT_AT_COUNTER':
      return t('errors.discountCodeNotAtCounter');
    case 'NO_FREE_UNIT':
      return noFreeUnitText(reasonOf(error), t);
    case 'REVERSAL_NOT_ALLOWED':
      return reversalText(reasonOf(error), t);
    case 'IDEMPOTENCY_KEY_REUSED':
      return t('pharmacy.errors.receiptReused');
    case 'NOT_FOUND':
      return t('pharmacy.reverse.refused.notFound');
    case 'SERVICE_UNAVAILABLE':
      return t('errors.serviceUnavailable');
    default:
      return error.status >= 500 ? t('pharmacy.errors.server') : t(errorKeyOf(error));
  }
}

/** The first message key of each refused field of a VALIDATION_FAILED answer (the server's field names). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return {};
  return Object.fromEntries(
    Object.entries(error.error?.fieldErrors ?? {}).flatMap(([field, [key]]) => (key ? [[field, key]] : [])),
  );
}

/** Whether a refusal is about the receipt number (another sale already used it): shown on that field. */
export function isReceiptRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'IDEMPOTENCY_KEY_REUSED';
}

/** A new `Idempotency-Key` (one per attempt of a form, decision 060). */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
