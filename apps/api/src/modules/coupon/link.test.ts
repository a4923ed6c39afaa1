// The coupon link's signature (decision 047): over the program and every parameter, with the coupon-link key only.
import { describe, expect, it } from 'vitest';
import { deriveSigningKeys, hmac } from '../../platform/crypto.ts';
import { couponLinkUrl, couponSignature, isCouponSignature, type CouponLinkIds } from './link.ts';
import { mismatchOf, type CatalogueBenefit } from './service.ts';
import type { PlanOfLink } from './repository.ts';

const SECRET = 'a-signing-secret-for-the-coupon-link-tests-01';
const keys = deriveSigningKeys(SECRET);
const ids: CouponLinkIds = {
  programId: 1,
  patientPlanId: 42,
  supportPlanId: 101,
  benefitId: 1205,
  staffUserId: 7001,
  expiresAt: 1_800_000_000,
};

describe('the coupon link signature', () => {
  it('verifies the link it signed, in constant-time comparison of the whole signature', () => {
    const signature = couponSignature(keys, ids);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isCouponSignature(keys, ids, signature)).toBe(true);
    expect(isCouponSignature(keys, ids, signature.slice(0, -1))).toBe(false);
    expect(isCouponSignature(keys, ids, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
  });

  it('fails when any id, the expiry or the program is changed', () => {
    const signature = couponSignature(keys, ids);
    for (const field of Object.keys(ids) as (keyof CouponLinkIds)[]) {
      expect(isCouponSignature(keys, { ...ids, [field]: ids[field] + 1 }, signature), field).toBe(false);
    }
    // Ids swapped between parameters sign another text.
    const swapped = { ...ids, patientPlanId: ids.supportPlanId, supportPlanId: ids.patientPlanId };
    expect(isCouponSignature(keys, swapped, signature)).toBe(false);
  });

  it('is worthless under another secret, and no other purpose signs the same text', () => {
    const signature = couponSignature(keys, ids);
    expect(isCouponSignature(deriveSigningKeys(`${SECRET}-other`), ids, signature)).toBe(false);
    const text = ['coupon-link/1', 1, 101, 42, 1205, 7001, 1_800_000_000].join(':');
    expect(signature).toBe(keys.sign('coupon-link', text));
    expect(isCouponSignature(keys, ids, keys.sign('recovery-link', text))).toBe(false);
    expect(isCouponSignature(keys, ids, hmac(SECRET, text))).toBe(false);
  });

  it('builds the link on the program host from PUBLIC_URL, in either language', () => {
    const config = { PUBLIC_URL: 'https://portal.example', signingKeys: keys };
    const es = new URL(couponLinkUrl(config, 'alivio', 'es', ids));
    expect(`${es.origin}${es.pathname}`).toBe('https://alivio.portal.example/coupon');
    expect(Object.fromEntries(es.searchParams)).toEqual({
      pp: '42',
      sp: '101',
      gb: '1205',
      iumb: '7001',
      e: '1800000000',
      s: couponSignature(keys, ids),
    });
    expect(new URL(couponLinkUrl(config, 'piel', 'en', ids)).pathname).toBe('/en/coupon');
  });
});

describe('ids that belong together', () => {
  const plan: PlanOfLink = {
    id: 42,
    supportPlanId: 101,
    planStatus: 'ACTIVE',
    country: 'CR',
    firstName: 'María',
    patientStatus: 'ACTIVE',
    accountStatus: 'CONFIRMED',
    erasedAt: null,
  };
  const general: CatalogueBenefit = {
    id: 1205,
    kind: 'general',
    texts: { title: 'a.title', description: 'a.description', conditions: 'a.conditions' },
    discountPercent: null,
    countries: ['CR', 'PA'],
  };

  it('accepts an active plan of the support plan and a general benefit of its country', () => {
    expect(mismatchOf(plan, 101, general)).toBeUndefined();
    expect(mismatchOf(plan, undefined, general)).toBeUndefined();
  });

  it('refuses every other combination', () => {
    expect(mismatchOf(undefined, 101, general)).toBeDefined();
    expect(mismatchOf(plan, 102, general)).toBeDefined();
    expect(mismatchOf({ ...plan, accountStatus: 'DISABLED' }, 101, general)).toBeDefined();
    expect(mismatchOf({ ...plan, patientStatus: 'INACTIVE' }, 101, general)).toBeDefined();
    expect(mismatchOf({ ...plan, erasedAt: new Date() }, 101, general)).toBeDefined();
    expect(mismatchOf(plan, 101, undefined)).toBeDefined();
    expect(mismatchOf(plan, 101, { ...general, kind: 'discount', discountPercent: 15 })).toBeDefined();
    expect(mismatchOf({ ...plan, country: 'GT' }, 101, general)).toBeDefined();
  });
});
