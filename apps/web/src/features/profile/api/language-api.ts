// PUT /api/v1/user/language: the language the signed-in patient switched the screens to becomes their profile's, and
// with it their mails' (issue 38). A file of its own, with no schema (nobody reads the answer), so that every screen
// that carries the language toggle does not carry the profile's contracts too.
import type { Language } from '@portal/contracts/enum-lists';
import { api } from '../../../lib/api.ts';

export const saveLanguage = (language: Language) => api.put<unknown>('/api/v1/user/language', { language });
