// National identification numbers: the shape of each country's document, its check digit where it has one, and
// what the number itself says of the person (a CURP carries the birth date). The web wizard and the server check
// with the same functions, and each refusal names what is wrong (decision 053).
import type { CountryCode, IdentificationType } from './enums.ts';

/** What is wrong with a number, each with its own message key (`IDENTIFICATION_PROBLEM_KEYS`). */
export type IdentificationProblem = 'length' | 'characters' | 'date' | 'region' | 'checkDigit';

/** The message of each problem (the caregiver's number uses the same ones). */
export const IDENTIFICATION_PROBLEM_KEYS: Record<IdentificationProblem, string> = {
  length: 'signup.idNumber.wrongLength',
  characters: 'signup.idNumber.wrongCharacters',
  date: 'signup.idNumber.wrongDate',
  region: 'signup.idNumber.wrongRegion',
  checkDigit: 'signup.idNumber.wrongCheckDigit',
};

/** The documents whose shape is fixed; any other (type, country) takes 4-20 letters or digits. */
export type NationalDocument =
  'mxCurp' | 'gtDpi' | 'hnDni' | 'svDui' | 'crCedula' | 'crDimex' | 'doCedula' | 'paCedula' | 'ttNationalId';

/** The document a (country, type) names, as its people call it (the wizard's label and hint follow it). */
export function nationalDocumentOf(country: CountryCode, type: IdentificationType): NationalDocument | undefined {
  if (type === 'IDENTIFICATION_GT') return country === 'GT' ? 'gtDpi' : undefined;
  if (country === 'CR' && type === 'FOREIGN') return 'crDimex';
  if (type !== 'IDENTIFICATION') return undefined;
  switch (country) {
    case 'MX':
      return 'mxCurp';
    case 'HN':
      return 'hnDni';
    case 'SV':
      return 'svDui';
    case 'CR':
      return 'crCedula';
    case 'DO':
      return 'doCedula';
    case 'PA':
      return 'paCedula';
    case 'TT':
      return 'ttNationalId';
    case 'GT':
      return undefined;
  }
}

/** Digits only, of a fixed length (or lengths): the length first, then the characters. */
function digitsProblem(number: string, lengths: readonly number[]): IdentificationProblem | undefined {
  if (!lengths.includes(number.length)) return 'length';
  return /^\d+$/.test(number) ? undefined : 'characters';
}

// ---------------------------------------------------------------------------------------------------
// Mexico's CURP (RENAPO's instructivo normativo): 4 letters of the names, the birth date YYMMDD, the sex (H, M,
// or X), the state of birth, 3 consonants of the names, a differentiator (a digit for births before 2000, a
// letter from 2000) and a check digit.

const CURP_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
/** The states' codes, NE for born abroad. */
const CURP_STATES = new Set(
  'AS BC BS CC CL CM CS CH DF DG GT GR HG JC MC MN MS NT NL OC PL QT QR SP SL SR TC TS TL VZ YN ZS NE'.split(' '),
);
const CURP_SHAPE = /^[A-Z]{4}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/;

/** The CURP's check digit of its first 17 characters. */
export function curpCheckDigit(first17: string): number {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += CURP_ALPHABET.indexOf(first17[index] ?? '0') * (18 - index);
  return (10 - (sum % 10)) % 10;
}

/** The birth date a CURP carries, YYYY-MM-DD (the century from its differentiator), or undefined when it has none. */
export function birthDateOfCurp(curp: string): string | undefined {
  const match = /^[A-Z]{4}(\d{2})(\d{2})(\d{2})[A-Z\d]{6}([A-Z\d])\d$/.exec(curp);
  if (!match) return undefined;
  const [, yy, mm, dd, differentiator] = match as unknown as [string, string, string, string, string];
  const century = /\d/.test(differentiator) ? '19' : '20';
  const iso = `${century}${yy}-${mm}-${dd}`;
  return isRealDate(iso) ? iso : undefined;
}

function isRealDate(iso: string): boolean {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function curpProblem(curp: string): IdentificationProblem | undefined {
  if (curp.length !== 18) return 'length';
  if (!CURP_SHAPE.test(curp) || !CURP_STATES.has(curp.slice(11, 13))) return 'characters';
  if (!birthDateOfCurp(curp)) return 'date';
  return curpCheckDigit(curp) === Number(curp[17]) ? undefined : 'checkDigit';
}

// ---------------------------------------------------------------------------------------------------
// Guatemala's DPI (its CUI): 8 digits, a check digit (the sum of those 8 weighted 2 to 9 from the left, modulo
// 11; a remainder of 10 is never issued), then the department (01-22) and the municipality (01 onwards).

export function dpiCheckDigit(first8: string): number {
  let sum = 0;
  for (let index = 0; index < 8; index += 1) sum += Number(first8[index]) * (index + 2);
  return sum % 11;
}

function dpiProblem(dpi: string): IdentificationProblem | undefined {
  const digits = digitsProblem(dpi, [13]);
  if (digits) return digits;
  const department = Number(dpi.slice(9, 11));
  const municipality = Number(dpi.slice(11, 13));
  if (department < 1 || department > 22 || municipality < 1) return 'region';
  return dpiCheckDigit(dpi.slice(0, 8)) === Number(dpi[8]) ? undefined : 'checkDigit';
}

const GENERIC_ID_PATTERN = /^[A-Z0-9]{4,20}$/;

/**
 * What is wrong with a (normalised) identification number for its type and country, or undefined when it is
 * valid: CURP and DPI with their check digits, the other national documents by their length.
 */
export function identificationProblemOf(
  country: CountryCode,
  type: IdentificationType,
  number: string,
): IdentificationProblem | undefined {
  switch (nationalDocumentOf(country, type)) {
    case 'mxCurp':
      return curpProblem(number);
    case 'gtDpi':
      return dpiProblem(number);
    case 'hnDni':
      return digitsProblem(number, [13]);
    case 'svDui':
      return digitsProblem(number, [9]);
    case 'doCedula':
      return digitsProblem(number, [11]);
    case 'crCedula':
      return digitsProblem(number, [9]) ?? (number.startsWith('0') ? 'characters' : undefined);
    case 'crDimex':
      return digitsProblem(number, [11, 12]);
    case 'paCedula':
    case 'ttNationalId':
    case undefined:
      if (number.length < 4 || number.length > 20) return 'length';
      return GENERIC_ID_PATTERN.test(number) ? undefined : 'characters';
  }
}

/** The birth date an identification carries (a CURP's), YYYY-MM-DD, or undefined when it carries none. */
export function birthDateOfIdentification(
  country: CountryCode,
  type: IdentificationType,
  number: string,
): string | undefined {
  if (nationalDocumentOf(country, type) !== 'mxCurp' || curpProblem(number)) return undefined;
  return birthDateOfCurp(number);
}
