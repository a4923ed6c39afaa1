// "Who at the program has seen your data" builds its text keys from the contracts' lists of roles and reasons
// (decision 074): every program has a text for each, in both languages, with the section's title, intro and empty
// state, so a role or reason added to a list cannot show as a bare key.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@portal/contracts/staff';
import { PatientAccessKindSchema, STAFF_ACCESS_REASONS } from '@portal/contracts/staff-records';
import { accessLogReasonKey, accessLogRoleKey, accessLogWhatKey } from './access-log-section.tsx';

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../programs');

describe('the access log section’s texts', () => {
  const keys = [
    'account.privacy.accessLog.title',
    'account.privacy.accessLog.intro',
    'account.privacy.accessLog.empty',
    'account.privacy.accessLog.item',
    'account.privacy.accessLog.itemUnnamed',
    ...STAFF_ROLES.map(accessLogRoleKey),
    ...STAFF_ACCESS_REASONS.map(accessLogReasonKey),
    ...PatientAccessKindSchema.options.map(accessLogWhatKey),
  ];
  for (const slug of readdirSync(PROGRAMS)) {
    for (const language of ['es', 'en']) {
      it(`${slug} (${language}) names every role, reason and action`, () => {
        const texts = JSON.parse(
          readFileSync(path.join(PROGRAMS, slug, 'texts', `text-${language}.json`), 'utf8'),
        ) as Record<string, string>;
        expect(keys.filter((key) => !texts[key])).toEqual([]);
      });
    }
  }
  it('names the section as the issue does, in Spanish and English', () => {
    const es = JSON.parse(readFileSync(path.join(PROGRAMS, 'alivio', 'texts', 'text-es.json'), 'utf8')) as Record<
      string,
      string
    >;
    const en = JSON.parse(readFileSync(path.join(PROGRAMS, 'alivio', 'texts', 'text-en.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(es['account.privacy.accessLog.title']).toBe('Quién del programa ha visto sus datos');
    expect(en['account.privacy.accessLog.title']).toBe('Who at the program has seen your data');
  });
});
