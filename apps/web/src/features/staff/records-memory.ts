// What the console remembers of a search while the tab lives, in memory only (decision 074): the terms and the
// patients found, so that going back from a record shows them again. Never in the URL, the history's state or any
// storage; forgotten when the staff session ends (log out, or the server ended it).
import type { StaffPatientSummary } from '@portal/contracts/staff-records';
import { staffSessionStore } from './staff-session.ts';

export interface SearchTerms {
  by: 'identification' | 'email' | 'phone' | 'name';
  country: string;
  identification: { type: string; number: string };
  email: string;
  phone: string;
  firstName: string;
  surname: string;
}

export interface RememberedSearch {
  terms: SearchTerms;
  patients: StaffPatientSummary[];
  isTruncated: boolean;
}

let lastSearch: RememberedSearch | undefined;

export const recordsMemory = {
  get lastSearch() {
    return lastSearch;
  },
  remember(search: RememberedSearch) {
    lastSearch = search;
  },
  /** The patient of the last search with this id: their name heads the reason's question. */
  patientOf(id: number): StaffPatientSummary | undefined {
    return lastSearch?.patients.find((patient) => patient.id === id);
  },
  forget() {
    lastSearch = undefined;
  },
};

if (typeof window !== 'undefined')
  staffSessionStore.subscribe(() => {
    if (!staffSessionStore.get()) recordsMemory.forget();
  });
