import { describe, expect, it } from 'vitest';
import { isFeatureEnabled } from './features.ts';

describe('feature flags', () => {
  it('turns a feature on from the server, the can list or the local-storage flag', () => {
    expect(isFeatureEnabled('booking', { booking: true }, new Set())).toBe(true);
    expect(isFeatureEnabled('booking', { booking: false }, new Set())).toBe(false);
    expect(isFeatureEnabled('booking', {}, new Set(['booking']))).toBe(true);
    localStorage.setItem('portal.features', 'coupon, booking');
    expect(isFeatureEnabled('booking', undefined, new Set())).toBe(true);
    expect(isFeatureEnabled('learning', undefined, new Set())).toBe(false);
  });
});
