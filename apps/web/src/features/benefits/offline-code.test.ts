import { afterEach, describe, expect, it } from 'vitest';
import type { DiscountCodeCard } from '@portal/contracts/benefits';
import { sessionStore } from '../../lib/session.ts';
import { forgetCodeCard, saveCodeCard, storedCodeCard } from './offline-code.ts';
import { chooseProduct } from './components/benefits-overview.tsx';
import { spelledCode } from './components/coupon-code.tsx';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const sessionOf = (sub: string) => ({
  accessToken: 'a',
  refreshToken: 'r',
  idToken: `${base64url({ alg: 'EdDSA' })}.${base64url({ sub })}.signature`,
});

const card = (searchQuery: string, code: string): DiscountCodeCard => ({
  productId: 1,
  searchQuery,
  medicine: 'Migralen',
  presentation: { es: '50 mg', en: '50 mg' },
  discountPercent: null,
  benefits: [],
  patientFirstName: 'María',
  code: { code, validUntil: '2027-01-31', createdAt: '2026-02-01T10:00:00.000Z' },
});

afterEach(() => sessionStore.clear());

describe('the discount code kept on the device', () => {
  it('keeps the last card of each product for the account that saw it, with when it came', () => {
    sessionStore.set(sessionOf('maria'));
    saveCodeCard(card('migralen', '7K3QX-M9PD2-B'), new Date('2026-03-01T12:00:00Z'));
    saveCodeCard(card('migralen', 'AB12C-D34EF-5'), new Date('2026-03-02T12:00:00Z'));
    saveCodeCard(card('neurovia', 'ZZZZZ-YYYYY-X'));
    expect(storedCodeCard('migralen')).toEqual({
      card: card('migralen', 'AB12C-D34EF-5'),
      savedAt: '2026-03-02T12:00:00.000Z',
    });
    forgetCodeCard('migralen');
    expect(storedCodeCard('migralen')).toBeUndefined();
    expect(storedCodeCard('neurovia')?.card.code.code).toBe('ZZZZZ-YYYYY-X');
  });

  it('is never shown to another account, and goes at logout', () => {
    sessionStore.set(sessionOf('maria'));
    saveCodeCard(card('migralen', '7K3QX-M9PD2-B'));
    // Another account's session written over it (as another tab would) does not read it, and drops it.
    localStorage.setItem('portal.session', JSON.stringify(sessionOf('jorge')));
    sessionStore.reload();
    expect(storedCodeCard('migralen')).toBeUndefined();
    sessionStore.set(sessionOf('maria'));
    saveCodeCard(card('migralen', '7K3QX-M9PD2-B'));
    sessionStore.clear();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('portal.patient.'))).toEqual([]);
  });
});

describe('the product a benefits address names', () => {
  const products = [{ searchQuery: 'migralen' }, { searchQuery: 'neurovia' }] as Parameters<typeof chooseProduct>[0];

  it('is the one of the slug, the first without one, and the first with a notice for an unknown one', () => {
    expect(chooseProduct(products, 'neurovia')).toEqual({ product: products[1], isUnknown: false });
    expect(chooseProduct(products, undefined)).toEqual({ product: products[0], isUnknown: false });
    expect(chooseProduct(products, 'dermix')).toEqual({ product: products[0], isUnknown: true });
    expect(chooseProduct([], undefined)).toEqual({ product: undefined, isUnknown: false });
  });
});

it('spells a code one character at a time, group by group, for a screen reader', () => {
  expect(spelledCode('7K3QX-M9PD2-B')).toBe('7 K 3 Q X, M 9 P D 2, B');
});
