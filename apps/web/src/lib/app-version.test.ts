import { describe, expect, it, vi } from 'vitest';
import { createAppVersionTracker } from './app-version.ts';

describe('app version', () => {
  it('reloads at the next navigation when the version changes (navigation strategy)', () => {
    const reload = vi.fn();
    const tracker = createAppVersionTracker(reload);
    tracker.observe('1.0.0');
    tracker.onNavigation();
    expect(reload).not.toHaveBeenCalled();
    tracker.observe('1.0.1');
    expect(tracker.isPending).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    tracker.onNavigation();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once with the immediate strategy', () => {
    const reload = vi.fn();
    const tracker = createAppVersionTracker(reload);
    tracker.setStrategy('immediate');
    tracker.observe('1.0.0');
    tracker.observe(null);
    expect(reload).not.toHaveBeenCalled();
    tracker.observe('2.0.0');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
