import { afterEach, describe, expect, it } from 'vitest';
import { STAFF_SESSION_KEY, staffSessionStore } from './staff-session.ts';

describe('the staff session on this tab', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept in sessionStorage, never in localStorage, and says why it ended', () => {
    staffSessionStore.set({ token: 'stf_abc', expiresAt: '2026-11-28T20:00:00.000Z' });
    expect(JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY)!)).toEqual({
      token: 'stf_abc',
      expiresAt: '2026-11-28T20:00:00.000Z',
    });
    expect(Object.keys(localStorage)).not.toContain(STAFF_SESSION_KEY);
    staffSessionStore.clear('expired');
    expect(staffSessionStore.get()).toBeNull();
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
    expect(staffSessionStore.endReason).toBe('expired');
  });
});
