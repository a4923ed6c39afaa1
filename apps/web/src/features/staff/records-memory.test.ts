import { afterEach, describe, expect, it } from 'vitest';
import { recordsMemory } from './records-memory.ts';
import { staffSessionStore } from './staff-session.ts';

const maria = {
  id: 7,
  firstName: 'María',
  lastName: 'Rodríguez',
  secondLastName: 'Solís',
  identification: { type: 'IDENTIFICATION', masked: '******001' },
  country: 'CR',
  program: { slug: 'alivio', name: 'Alivio' },
  status: 'ACTIVE',
};
const terms = {
  by: 'name' as const,
  country: '',
  identification: { type: '', number: '' },
  email: '',
  phone: '',
  firstName: 'mar',
  surname: '',
};

describe('what the console remembers of a search', () => {
  afterEach(() => {
    recordsMemory.forget();
    sessionStorage.clear();
  });

  it('keeps the patients found in memory only, and forgets them when the staff session ends', () => {
    staffSessionStore.set({ token: 'stf_abc', expiresAt: '2026-11-28T20:00:00.000Z' });
    recordsMemory.remember({ terms, patients: [maria], isTruncated: false });
    expect(recordsMemory.patientOf(7)?.firstName).toBe('María');
    expect(recordsMemory.patientOf(8)).toBeUndefined();
    // Nothing of it in any storage.
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('María');
    staffSessionStore.clear('logout');
    expect(recordsMemory.lastSearch).toBeUndefined();
    expect(recordsMemory.patientOf(7)).toBeUndefined();
  });
});
