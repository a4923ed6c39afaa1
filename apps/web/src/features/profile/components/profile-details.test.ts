import { describe, expect, it } from 'vitest';
import { maskIdentification } from './profile-details.tsx';

describe('identification on the profile', () => {
  it('shows only the last four characters', () => {
    expect(maskIdentification('109990003')).toBe('•••••0003');
    expect(maskIdentification('DEMO800101HDFXXX01')).toBe(`${'•'.repeat(14)}XX01`);
  });

  it('hides a number of four characters or fewer completely', () => {
    expect(maskIdentification('1234')).toBe('••••');
  });
});
