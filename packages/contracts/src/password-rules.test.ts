import { describe, expect, it } from 'vitest';
import { isCommonPassword, normalizePasswordText, passwordUserInputs } from './password-rules.ts';

const LIST = new Set(['12345678', 'password', 'password1', 'contrasena', 'qwerty', 'teamo']);

describe('the common-password rule (decision 041)', () => {
  it('refuses a listed password as typed, in capitals, with accents or symbols for letters', () => {
    for (const password of ['12345678', 'password', 'PASSWORD', 'Password1', 'Contraseña', 'p@ssw0rd', 'P4$$w0rd'])
      expect(isCommonPassword(password, LIST), password).toBe(true);
  });

  it('refuses a listed password with up to four digits or symbols appended', () => {
    for (const password of ['Password1!', 'qwerty2026', 'Teamo123', 'contraseña!'])
      expect(isCommonPassword(password, LIST), password).toBe(true);
  });

  it('accepts a password that only contains a listed one among other letters or a longer tail', () => {
    for (const password of ['Demo-pass-2026', 'password-of-mine', 'qwerty-9!x7', 'teamo84920174'])
      expect(isCommonPassword(password, LIST), password).toBe(false);
  });

  it("refuses the person's own e-mail, its parts and names, however written", () => {
    const inputs = passwordUserInputs('ana.perezsolis@example.com', 'Ana', 'Pérez Solís');
    for (const password of [
      'ana.perezsolis@example.com',
      'PerezSolis1',
      'perez solis',
      'Example2026',
      'AnaPerezSolis!',
    ])
      expect(isCommonPassword(password, LIST, inputs), password).toBe(true);
    expect(isCommonPassword('ana-likes-tea', LIST, inputs)).toBe(false);
  });

  it('reads text without case or accents', () => {
    expect(normalizePasswordText('ÁÉÍÓÚ Ñandú')).toBe('aeiou nandu');
  });
});
