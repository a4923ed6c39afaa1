import { describe, expect, it } from 'vitest';
import { normalizeGender, LOG_LEVELS } from './enums.ts';
import { ERROR_CATALOGUE, ErrorBodySchema, statusOf } from './errors.ts';
import { ClientLogEntrySchema } from './resources.ts';

describe('contracts', () => {
  it('reads any gender outside FEMALE/MALE/OTHER as OTHER', () => {
    expect(normalizeGender('FEMALE')).toBe('FEMALE');
    expect(normalizeGender('MALE')).toBe('MALE');
    expect(normalizeGender('female')).toBe('OTHER');
    expect(normalizeGender(undefined)).toBe('OTHER');
  });

  it('keeps the spec codes with their spelling and a status for every code', () => {
    expect(statusOf('NotAuthorizedException')).toBe(400);
    expect(statusOf('PTP00197')).toBeGreaterThanOrEqual(400);
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.messageKey, code).toMatch(/^[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+$/);
    }
  });

  it('refuses an error body with an undocumented code', () => {
    expect(ErrorBodySchema.safeParse({ error: { code: 'WHATEVER', message: 'x' } }).success).toBe(false);
  });

  it('has the spec log levels and refuses "off" as an entry level', () => {
    expect(LOG_LEVELS).toEqual({ debug: 1, notice: 2, warning: 3, error: 4, off: 9 });
    expect(ClientLogEntrySchema.safeParse({ level: 'off', message: 'x' }).success).toBe(false);
  });
});
