import { describe, expect, it } from 'vitest';
import { amountFromTyped } from './amounts.ts';

describe('amounts as the counter types them', () => {
  it('reads digits, thousands groups and a decimal point or comma', () => {
    expect(amountFromTyped('12500')).toBe('12500');
    expect(amountFromTyped('12,500.00')).toBe('12500.00');
    expect(amountFromTyped(' 12 500,5 ')).toBe('12500.5');
    expect(amountFromTyped('9.99')).toBe('9.99');
  });

  it('refuses what is not an amount', () => {
    for (const typed of ['', 'abc', '1.234', '12,50,0', '-5', '1.2.3', '12,5000'])
      expect(amountFromTyped(typed)).toBeUndefined();
  });
});
