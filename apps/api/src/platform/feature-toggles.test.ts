import { describe, expect, it } from 'vitest';
import { createFeatureToggles, FEATURE_TOGGLES_TTL_MS } from './feature-toggles.ts';

function setUp(rows: Record<number, { key: string; enabled: boolean }[]>) {
  let now = 0;
  const reads: number[] = [];
  let failing = false;
  const toggles = createFeatureToggles(
    async (programId) => {
      reads.push(programId);
      if (failing) throw new Error('database down');
      return rows[programId] ?? [];
    },
    () => new Date(now),
  );
  return { toggles, reads, advance: (ms: number) => (now += ms), fail: (value: boolean) => (failing = value) };
}

describe('feature toggles', () => {
  it('is on only where the toggle says true (a missing toggle is off)', async () => {
    const { toggles } = setUp({
      1: [
        { key: 'caregiver', enabled: true },
        { key: 'booking', enabled: false },
      ],
    });
    expect(await toggles.isEnabled(1, 'caregiver')).toBe(true);
    expect(await toggles.isEnabled(1, 'booking')).toBe(false);
    expect(await toggles.isEnabled(1, 'learning')).toBe(false);
    expect(await toggles.isEnabled(2, 'caregiver')).toBe(false);
  });

  it('reads a program once per period, simultaneous requests included, and sees a change after it', async () => {
    const rows = { 1: [{ key: 'caregiver', enabled: true }] };
    const { toggles, reads, advance } = setUp(rows);
    await Promise.all([
      toggles.isEnabled(1, 'caregiver'),
      toggles.isEnabled(1, 'caregiver'),
      toggles.isEnabled(1, 'booking'),
    ]);
    advance(FEATURE_TOGGLES_TTL_MS - 1);
    rows[1] = [{ key: 'caregiver', enabled: false }];
    expect(await toggles.isEnabled(1, 'caregiver')).toBe(true);
    expect(reads).toEqual([1]);
    advance(1);
    expect(await toggles.isEnabled(1, 'caregiver')).toBe(false);
    expect(reads).toEqual([1, 1]);
  });

  it('keeps the toggles it had when a read fails, and fails (then reads again) when it had none', async () => {
    const { toggles, reads, advance, fail } = setUp({ 1: [{ key: 'caregiver', enabled: true }] });
    expect(await toggles.isEnabled(1, 'caregiver')).toBe(true);
    fail(true);
    advance(FEATURE_TOGGLES_TTL_MS);
    expect(await toggles.isEnabled(1, 'caregiver')).toBe(true);
    await expect(toggles.isEnabled(2, 'caregiver')).rejects.toThrow('database down');
    fail(false);
    expect(await toggles.isEnabled(2, 'caregiver')).toBe(false);
    expect(reads).toEqual([1, 1, 2, 2]);
  });
});
