import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client.ts';
import { sessionStore } from './session.ts';

describe('the query client', () => {
  afterEach(() => sessionStore.clear());

  it('forgets what was read for a patient when the session ends, and keeps it while it is renewed', () => {
    sessionStore.set({ accessToken: 'a', idToken: 'i', refreshToken: 'r' });
    queryClient.setQueryData(['user'], { firstName: 'Ana' });
    sessionStore.set({ accessToken: 'a2', idToken: 'i2', refreshToken: 'r2' });
    expect(queryClient.getQueryData(['user'])).toEqual({ firstName: 'Ana' });
    sessionStore.clear('expired');
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
  });
});
