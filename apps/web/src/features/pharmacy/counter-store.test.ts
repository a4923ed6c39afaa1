// The device’s side of the counter (decision 060): the key is kept only when well-formed; the day’s list is the
// server’s, kept in the cache until it answers again (decision 073).
import { beforeEach, describe, expect, it } from 'vitest';
import { pharmacyKeyOf } from '@portal/contracts/pharmacy-key';
import { ApiError } from '../../lib/api-client.ts';
import { localDay, withEntry, withReversal, type CounterDayEntry } from './counter-entries.ts';
import { counterErrorText, fieldErrorsOf } from './counter-errors.ts';
import { counterKeyStore, keyPrefixOf } from './counter-key.ts';

const KEY = pharmacyKeyOf('test', 'AbCdEfGh0123456789AbCdEfGh012345');
const entry = (id: number): CounterDayEntry => ({
  kind: 'purchase',
  id,
  productId: 1101,
  medicine: 'Migralen 50 mg',
  presentation: { es: 'Caja x 10', en: 'Box of 10' },
  receiptId: `R-${id}`,
  quantity: 1,
  total: '12500.00',
  currency: 'CRC',
  recordedAt: new Date().toISOString(),
  reversedAt: null,
  reversalReason: null,
});

beforeEach(() => localStorage.clear());

describe('the counter’s key on this device', () => {
  it('keeps a key, names it by its readable start, and forgets it with the reason', () => {
    counterKeyStore.save(KEY);
    expect(localStorage.getItem('portal.pharmacy.key')).toBe(KEY);
    expect(keyPrefixOf(KEY)).toBe('psp_test_AbCdEfGh');
    counterKeyStore.forget('refused');
    expect(counterKeyStore.get()).toBeUndefined();
    expect(counterKeyStore.endReason()).toBe('refused');
    expect(localStorage.getItem('portal.pharmacy.key')).toBeNull();
  });
});

describe('what the counter recorded today, until the server answers again', () => {
  it('puts a new entry first, replaces one it had, and marks a reversal', () => {
    const day = { day: '2026-11-28', entries: [entry(1)] };
    const added = withEntry(day, entry(2));
    expect(added?.entries.map((one) => one.id)).toEqual([2, 1]);
    expect(withEntry(added, { ...entry(1), quantity: 3 })?.entries.map((one) => [one.id, one.quantity])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    const reversed = withReversal(added, 'purchase', 1, 'WRONG_PRICE', '2026-11-28T15:00:00.000Z');
    expect(reversed?.entries.find((one) => one.id === 1)).toMatchObject({
      reversalReason: 'WRONG_PRICE',
      reversedAt: '2026-11-28T15:00:00.000Z',
    });
    expect(withReversal(added, 'redemption', 1, 'WRONG_PRICE', 'x')?.entries.every((one) => !one.reversalReason)).toBe(
      true,
    );
    expect(withEntry(undefined, entry(3))).toBeUndefined();
    expect(localDay(new Date(2026, 10, 5))).toBe('2026-11-05');
  });
});

describe('refusals in the counter’s words', () => {
  const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
  const refusal = (status: number, code: string, extra: Record<string, unknown> = {}, retryAfter?: number) =>
    new ApiError(status, { error: { code, message: `errors.${code}`, ...extra } }, retryAfter);

  it('names the wait of a limit, the reason of a refused free unit or reversal, and a lost connection', () => {
    expect(counterErrorText(refusal(429, 'RATE_LIMITED', {}, 30), t)).toBe(
      'pharmacy.errors.rateLimited {"seconds":30}',
    );
    expect(counterErrorText(refusal(409, 'NO_FREE_UNIT', { details: { reason: 'month-cap' } }), t)).toBe(
      'pharmacy.redeem.refused.monthCap',
    );
    expect(counterErrorText(refusal(409, 'REVERSAL_NOT_ALLOWED', { details: { reason: 'redeemed' } }), t)).toBe(
      'pharmacy.reverse.refused.redeemed',
    );
    expect(counterErrorText(refusal(409, 'IDEMPOTENCY_KEY_REUSED'), t)).toBe('pharmacy.errors.receiptReused');
    expect(counterErrorText(new ApiError(0, {}), t)).toBe('pharmacy.errors.network');
    expect(fieldErrorsOf(refusal(400, 'VALIDATION_FAILED', { fieldErrors: { purchasedAt: ['errors.x'] } }))).toEqual({
      purchasedAt: 'errors.x',
    });
  });
});
