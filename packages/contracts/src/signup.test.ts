import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './errors.ts';
import { ageOn, normalizePhoneNumber, parseUnitAmount, unitAmountText } from './patient-fields.ts';
import { isValidIdentificationNumber } from './patient-identification.ts';
import { signupSchemaFor } from './signup.ts';
import { alivioTreatment } from './test/sample-bodies.ts';
import { PROGRAM_SLUGS, programConfigOf, readProgramJson, REPOSITORY_ROOT } from './test/program-folders.ts';

describe('sign-up contract', () => {
  it('uses only message keys that every program has in both languages', () => {
    // The sign-up's own file and the patient's fields it composes (decision 065).
    const source = ['signup.ts', 'signup-not-me.ts', 'patient-fields.ts', 'patient-identification.ts']
      .map((file) => readFileSync(path.join(REPOSITORY_ROOT, 'packages/contracts/src', file), 'utf8'))
      .join('\n');
    const keys = new Set(
      [...source.matchAll(/'((?:signup|errors|login|passwordRecovery)\.[a-zA-Z0-9.]+[a-zA-Z0-9])'/g)].map(
        (match) => match[1]!,
      ),
    );
    keys.add(ERROR_CATALOGUE.IDEMPOTENCY_KEY_REUSED.messageKey);
    expect(keys.size).toBeGreaterThan(40);
    for (const slug of PROGRAM_SLUGS) {
      for (const language of ['es', 'en']) {
        const texts = readProgramJson(slug, `texts/text-${language}.json`) as Record<string, string>;
        for (const key of keys) expect(texts[key], `${slug}/text-${language}.json: ${key}`).toBeTypeOf('string');
      }
    }
  });

  it('checks identification numbers per country and type', () => {
    expect(isValidIdentificationNumber('CR', 'IDENTIFICATION', '101110111')).toBe(true);
    expect(isValidIdentificationNumber('CR', 'IDENTIFICATION', '10111011')).toBe(false);
    expect(isValidIdentificationNumber('GT', 'IDENTIFICATION_GT', '1234567890123')).toBe(true);
    expect(isValidIdentificationNumber('GT', 'IDENTIFICATION_GT', '123456789012')).toBe(false);
    expect(isValidIdentificationNumber('PA', 'PASSPORT', 'PA12345')).toBe(true);
    expect(isValidIdentificationNumber('PA', 'PASSPORT', 'P1')).toBe(false);
  });

  it('sends the unit amount as text, "0" when it is not a finite number', () => {
    expect(unitAmountText(1.5)).toBe('1.5');
    expect(unitAmountText(Number.NaN)).toBe('0');
    expect(unitAmountText(Infinity)).toBe('0');
    expect(unitAmountText('')).toBe('0');
    expect(unitAmountText('2,5')).toBe('2.5');
    expect(parseUnitAmount('abc')).toBe(0);
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18);
    expect(normalizePhoneNumber('CR', '+506 8800-1234')).toBe('88001234');
  });

  it('applies each plan’s field settings the same way on the web and on the server', () => {
    const alivio = programConfigOf('alivio');
    const equilibrio = programConfigOf('equilibrio');
    const schemaOf = (config: ReturnType<typeof programConfigOf>, planId: number) => {
      const plan = config.supportPlans.find((item) => item.id === planId)!;
      return signupSchemaFor(plan.fieldSettings, plan, config, { today: '2026-11-21' });
    };
    const base = {
      idempotencyKey: '6a295df1-1d3c-4647-9556-ae271d5ca098',
      language: 'es',
      email: 'a@b.example',
      personalInfo: { firstName: 'Ana', lastName: 'Soto', gender: 'FEMALE' },
      birthDate: '1980-01-01',
      address: { line: 'Calle 1', location: { id: 'CR-san-jose' } },
      password: 'Secret-pass-1',
      treatments: [alivioTreatment()],
    };
    const cr = schemaOf(alivio, 101).safeParse({
      ...base,
      supportPlanId: 101,
      country: 'CR',
      identification: { type: 'IDENTIFICATION', number: '101110111' },
      contact: { phone: { country: 'CR', phoneNumber: '88001234' } },
      consent: { accepted: true, termsVersion: '3.1' },
    });
    expect(cr.success ? [] : cr.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)).toEqual([
      'personalInfo.secondSurname:signup.personalInfo.secondSurname.required',
    ]);
    const tt = schemaOf(equilibrio, 301).safeParse({
      ...base,
      supportPlanId: 301,
      country: 'TT',
      identification: { type: 'PASSPORT', number: 'TT123456' },
      contact: { phone: { country: 'TT', phoneNumber: '8686201234' } },
      consent: { accepted: true, termsVersion: '1.7' },
    });
    expect(tt.success ? [] : tt.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)).toEqual([
      'weight:signup.weight.required',
    ]);

    // A plan that requires the alternative phone and e-mail says so with their own 'required' messages.
    const plan = alivio.supportPlans.find((item) => item.id === 101)!;
    const strict = {
      ...plan.fieldSettings,
      fields: {
        ...plan.fieldSettings.fields,
        phoneAlternative: 'required' as const,
        emailAlternative: 'required' as const,
        secondSurname: 'optional' as const,
      },
    };
    const body = {
      ...base,
      supportPlanId: 101,
      country: 'CR',
      identification: { type: 'IDENTIFICATION', number: '101110111' },
      consent: { accepted: true, termsVersion: '3.1' },
    };
    const issuesOf = (contact: unknown) => {
      const result = signupSchemaFor(strict, plan, alivio, { today: '2026-11-21' }).safeParse({ ...body, contact });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    };
    expect(
      issuesOf({ phone: { country: 'CR', phoneNumber: '88001234' }, phoneAlternative: ' ', emailAlternative: '' }),
    ).toEqual([
      'contact.phoneAlternative:signup.contact.phoneAlternative.required',
      'contact.emailAlternative:signup.contact.emailAlternative.required',
    ]);
    expect(
      issuesOf({ phone: { country: 'CR', phoneNumber: '88001234' }, phoneAlternative: '1', emailAlternative: 'nope' }),
    ).toEqual([
      'contact.emailAlternative:signup.contact.emailAlternative.invalid',
      'contact.phoneAlternative:signup.contact.phoneAlternative.invalid',
    ]);
    expect(
      issuesOf({
        phone: { country: 'CR', phoneNumber: '88001234' },
        phoneAlternative: '2222 3333',
        emailAlternative: 'Otro@Example.com',
      }),
    ).toEqual([]);
  });
});
