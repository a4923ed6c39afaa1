// Screen-size flags at the spec's breakpoints (mobile <= 767, tablet 768-1024, desktop >= 1025, big >= 1600).
import { useSyncExternalStore } from 'react';
import { BREAKPOINTS_PX } from '@portal/contracts/constants';

export interface ScreenFlags {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isBigDesktop: boolean;
}

export function screenFlagsFor(widthPx: number): ScreenFlags {
  return {
    isMobile: widthPx <= BREAKPOINTS_PX.mobileMax,
    isTablet: widthPx >= BREAKPOINTS_PX.tabletMin && widthPx <= BREAKPOINTS_PX.tabletMax,
    isDesktop: widthPx >= BREAKPOINTS_PX.desktopMin,
    isBigDesktop: widthPx >= BREAKPOINTS_PX.bigDesktopMin,
  };
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

export function useScreen(): ScreenFlags {
  const width = useSyncExternalStore(subscribe, () => window.innerWidth, () => 1280);
  return screenFlagsFor(width);
}
