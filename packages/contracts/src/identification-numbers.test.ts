import { describe, expect, it } from 'vitest';
import {
  birthDateOfCurp,
  birthDateOfIdentification,
  curpCheckDigit,
  dpiCheckDigit,
  IDENTIFICATION_PROBLEM_KEYS,
  identificationProblemOf,
} from './identification-numbers.ts';
import { signupSchemaFor } from './signup.ts';
import { alivioTreatment } from './test/sample-bodies.ts';
import { PROGRAM_SLUGS, programConfigOf, readProgramJson } from './test/program-folders.ts';

describe('identification numbers', () => {
  it('accepts published CURPs and the check digit RENAPO computes', () => {
    // python-stdnum's example and two of its test values (one born from 2000: a letter as the differentiator).
    for (const curp of ['BOXW310820HNERXN09', 'HEGG560427MVZRRL04', 'TUAZ040213MCLRLFA7', 'GOMA850312MDFRRN09']) {
      expect(identificationProblemOf('MX', 'IDENTIFICATION', curp), curp).toBeUndefined();
    }
    expect(curpCheckDigit('BOXW310820HNERXN0')).toBe(9);
    // The demo patients' CURPs (demo seed and README) are valid too.
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'DEMO800101HDFXXX12')).toBeUndefined();
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'DEMO800101HDFXXX38')).toBeUndefined();
  });

  it('says what is wrong with a CURP: its length, its characters, its date, its check digit', () => {
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'BOXW310820HNERXN0')).toBe('length');
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'BOXW310820HNERXN091')).toBe('length');
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'B0XW310820HNERXN09')).toBe('characters');
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'BOXW310820HQQRXN09')).toBe('characters'); // no state QQ
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'BOXW311320HNERXN09')).toBe('date'); // month 13
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'BOXW310820HNERXN08')).toBe('checkDigit');
    // The old demo value had a wrong check digit.
    expect(identificationProblemOf('MX', 'IDENTIFICATION', 'DEMO800101HDFXXX01')).toBe('checkDigit');
  });

  it('reads the birth date of a CURP, the century from its differentiator', () => {
    expect(birthDateOfCurp('BOXW310820HNERXN09')).toBe('1931-08-20');
    expect(birthDateOfCurp('TUAZ040213MCLRLFA7')).toBe('2004-02-13');
    expect(birthDateOfIdentification('MX', 'IDENTIFICATION', 'GOMA850312MDFRRN09')).toBe('1985-03-12');
    // Only a valid CURP carries a date; other documents carry none.
    expect(birthDateOfIdentification('MX', 'IDENTIFICATION', 'GOMA850312MDFRRN08')).toBeUndefined();
    expect(birthDateOfIdentification('MX', 'PASSPORT', 'GOMA850312MDFRRN09')).toBeUndefined();
    expect(birthDateOfIdentification('CR', 'IDENTIFICATION', '101110111')).toBeUndefined();
  });

  it('checks Guatemala’s DPI: 13 digits, the check digit (modulo 11, weights 2 to 9), department and municipality', () => {
    expect(dpiCheckDigit('25478123')).toBe(3);
    expect(identificationProblemOf('GT', 'IDENTIFICATION_GT', '2547812330101')).toBeUndefined();
    expect(identificationProblemOf('GT', 'IDENTIFICATION_GT', '1234567890123')).toBeUndefined();
    expect(identificationProblemOf('GT', 'IDENTIFICATION_GT', '2547812340101')).toBe('checkDigit');
    expect(identificationProblemOf('GT', 'IDENTIFICATION_GT', '254781233010')).toBe('length');
    expect(identificationProblemOf('GT', 'IDENTIFICATION_GT', '25478123301O1')).toBe('characters');
    expect(identificationProblemOf('GT', 'IDENTIFICATION_GT', '2547812332301')).toBe('region'); // department 23
    expect(identificationProblemOf('GT', 'IDENTIFICATION_GT', '2547812330100')).toBe('region'); // municipality 00
  });

  it('checks the other national documents by their length and characters', () => {
    expect(identificationProblemOf('CR', 'IDENTIFICATION', '101110111')).toBeUndefined();
    expect(identificationProblemOf('CR', 'IDENTIFICATION', '10111011')).toBe('length');
    expect(identificationProblemOf('CR', 'IDENTIFICATION', '011101110')).toBe('characters');
    expect(identificationProblemOf('HN', 'IDENTIFICATION', '0801198501234')).toBeUndefined();
    expect(identificationProblemOf('SV', 'IDENTIFICATION', '04567890A')).toBe('characters');
    expect(identificationProblemOf('DO', 'IDENTIFICATION', '0011234567')).toBe('length');
    expect(identificationProblemOf('PA', 'IDENTIFICATION', '81234567')).toBeUndefined();
    expect(identificationProblemOf('PA', 'PASSPORT', 'P1')).toBe('length');
  });

  it('has every problem’s message in every program, in both languages', () => {
    for (const slug of PROGRAM_SLUGS) {
      for (const language of ['es', 'en']) {
        const texts = readProgramJson(slug, `texts/text-${language}.json`) as Record<string, string>;
        for (const key of Object.values(IDENTIFICATION_PROBLEM_KEYS))
          expect(texts[key], `${slug}/text-${language}.json: ${key}`).toBeTypeOf('string');
      }
    }
  });

  it('refuses at enrolment a CURP with a wrong check digit, and a birth date that is not the CURP’s', () => {
    const piel = programConfigOf('piel');
    const plan = piel.supportPlans.find((item) => item.id === 201)!;
    const schema = signupSchemaFor(plan.fieldSettings, plan, piel, { today: '2026-11-21' });
    const body = (number: string, birthDate: string) => ({
      idempotencyKey: '6a295df1-1d3c-4647-9556-ae271d5ca098',
      supportPlanId: 201,
      language: 'es',
      country: 'MX',
      email: 'a@b.example',
      identification: { type: 'IDENTIFICATION', number },
      personalInfo: { firstName: 'Ana', lastName: 'Gómez', gender: 'FEMALE' },
      birthDate,
      contact: { phone: { country: 'MX', phoneNumber: '5512345678' } },
      address: { line: 'Calle 1', location: { id: 'MX-jalisco-guadalajara' } },
      password: 'Secret-pass-1',
      consent: { accepted: true, termsVersion: piel.latestTermsVersion },
      treatments: [alivioTreatment({ customTherapy: { hasCode: false } })],
    });
    const messagesOf = (result: ReturnType<typeof schema.safeParse>) =>
      result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messagesOf(schema.safeParse(body('GOMA850312MDFRRN08', '1985-03-12')))).toMatchObject({
      'identification.number': 'signup.idNumber.wrongCheckDigit',
    });
    // Typed as a Mexican writes it (12/03/1985 read as mm/dd/yyyy): 3 December, not 12 March.
    expect(messagesOf(schema.safeParse(body('GOMA850312MDFRRN09', '1985-12-03')))).toMatchObject({
      birthDate: 'signup.birthdate.notAsIdentification',
    });
    expect(messagesOf(schema.safeParse(body('GOMA850312MDFRRN09', '1985-03-12')))).not.toHaveProperty('birthDate');
    expect(messagesOf(schema.safeParse(body('GOMA850312MDFRRN09', '1985-03-12')))).not.toHaveProperty(
      'identification.number',
    );
  });
});
