// The device's side of the counter (decision 060): the key is kept only when well-formed, and the day's list belongs to
// one key and one day.
import { beforeEach, describe, expect, it } from 'vitest';
import { pharmacyKeyOf } from '@portal/contracts/pharmacy-key';
import { ApiError } from '../../lib/api-client.ts';
import { addEntry, entriesOf, localDay, markReversed, type CounterEntry } from './counter-entries.ts';
import { counterErrorText, fieldErrorsOf } from './counter-errors.ts';
import { counterKeyStore, keyPrefixOf } from './counter-key.ts';

const KEY = pharmacyKeyOf('test', 'AbCdEfGh0123456789AbCdEfGh012345');
const entry = (id: number): CounterEntry => ({
  kind: 'purchase',
  id,
  productId: 1101,
  product: 'Migralen 50 mg',
  receiptId: `R-${id}`,
  quantity: 1,
  total: '12500.00',
  currency: 'CRC',
  recordedAt: new Date().toISOString(),
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

describe('what the counter recorded today', () => {
  it('lists the newest first for its key and today only, and marks a reversal', () => {
    addEntry('psp_test_AbCdEfGh', entry(1));
    addEntry('psp_test_AbCdEfGh', entry(2));
    expect(entriesOf('psp_test_AbCdEfGh').map((one) => one.id)).toEqual([2, 1]);
    expect(entriesOf('psp_test_Other123')).toEqual([]);
    markReversed('psp_test_AbCdEfGh', 'purchase', 1, 'WRONG_PRICE');
    expect(entriesOf('psp_test_AbCdEfGh').find((one) => one.id === 1)?.reversalReason).toBe('WRONG_PRICE');
    const stored = JSON.parse(localStorage.getItem('portal.pharmacy.today')!) as { day: string };
    localStorage.setItem('portal.pharmacy.today', JSON.stringify({ ...stored, day: '2000-01-01' }));
    expect(entriesOf('psp_test_AbCdEfGh')).toEqual([]);
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
