import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './terms-acceptance-card.tsx';

describe('terms versions', () => {
  it('asks when nothing was accepted or the program has a newer version, part by part as numbers', () => {
    expect(isNewerVersion('3.1', null)).toBe(true);
    expect(isNewerVersion('3.1', '3.0')).toBe(true);
    expect(isNewerVersion('3.10', '3.9')).toBe(true);
    expect(isNewerVersion('4.0', '3.9')).toBe(true);
  });

  it('does not ask when the accepted version is the latest (or newer)', () => {
    expect(isNewerVersion('3.1', '3.1')).toBe(false);
    expect(isNewerVersion('3.1', '3.2')).toBe(false);
    expect(isNewerVersion('3.9', '3.10')).toBe(false);
  });
});
