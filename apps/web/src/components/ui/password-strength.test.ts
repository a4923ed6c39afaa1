import { describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { isCommonPassword, passwordUserInputs } from '@portal/contracts/password-rules';
import { measurePasswordStrength, strengthOfScore } from './password-strength.ts';

describe('password strength', () => {
  it('maps zxcvbn scores to Weak, Medium and Strong', () => {
    expect([0, 1, 2, 3, 4].map(strengthOfScore)).toEqual(['weak', 'weak', 'medium', 'strong', 'strong']);
  });

  it('calls weak every password the server refuses, and lets through the strong ones it accepts (decision 041)', async () => {
    const commonPasswords = new Set(dictionary['passwords-common']);
    const inputs = passwordUserInputs('lucia.zeledon@test.example', 'Lucía', 'Zeledón');
    const refused = ['12345678', 'password', 'Password1', 'Qwerty2026!', 'Contraseña1', 'P@ssw0rd', 'LuciaZeledon1'];
    // Every 500th long entry of the list, as typed (and a word with a capital and a digit): the list, not only examples.
    const sample = dictionary['passwords-common']
      .filter((entry) => entry.length >= 8)
      .filter((_entry, index) => index % 500 === 0)
      .flatMap((entry) => (/^[a-z]/.test(entry) ? [entry, `${entry[0]!.toUpperCase()}${entry.slice(1)}1`] : [entry]));
    for (const password of [...refused, ...sample]) {
      expect(isCommonPassword(password, commonPasswords, inputs), password).toBe(true);
      expect(await measurePasswordStrength(password, inputs), password).toBe('weak');
    }
    for (const password of [
      'Demo-pass-2026',
      'Volcan-de-Agua-2026!',
      'Orchid-Valley-Morning-7',
      'Otra-clave-segura-7',
    ]) {
      expect(isCommonPassword(password, commonPasswords, inputs), password).toBe(false);
      expect(await measurePasswordStrength(password, inputs), password).not.toBe('weak');
    }
    // Loading and measuring with the dictionaries takes seconds of CPU: more than the default 5 s on a loaded machine.
  }, 60_000);
});
