import { describe, expect, it } from 'vitest';
import { screenFlagsFor } from './screen.ts';

describe('screen-size flags', () => {
  it.each([
    [375, { isMobile: true, isTablet: false, isDesktop: false, isBigDesktop: false }],
    [767, { isMobile: true, isTablet: false, isDesktop: false, isBigDesktop: false }],
    [768, { isMobile: false, isTablet: true, isDesktop: false, isBigDesktop: false }],
    [1024, { isMobile: false, isTablet: true, isDesktop: false, isBigDesktop: false }],
    [1025, { isMobile: false, isTablet: false, isDesktop: true, isBigDesktop: false }],
    [1600, { isMobile: false, isTablet: false, isDesktop: true, isBigDesktop: true }],
  ])('at %i px', (width, flags) => {
    expect(screenFlagsFor(width)).toEqual(flags);
  });
});
