import { describe, expect, it } from 'vitest';
import { maskIdentification } from './mask.ts';

describe('maskIdentification', () => {
  it('shows only the last four characters and keeps the length', () => {
    expect(maskIdentification('109990001')).toBe('•••••0001');
    expect(maskIdentification('DEMO800101HDFXXX01')).toHaveLength(18);
  });
  it('shows a short number as it is', () => {
    expect(maskIdentification('1234')).toBe('1234');
  });
});
