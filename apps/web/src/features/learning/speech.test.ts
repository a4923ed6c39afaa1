import { describe, expect, it } from 'vitest';
import { voiceFor } from './speech.ts';

const voice = (lang: string, isDefault = false) => ({ lang, default: isDefault, name: lang });

describe('voiceFor', () => {
  it("takes the browser's default voice when it speaks the language, else Mexico's or Latin America's, else any", () => {
    expect(voiceFor([voice('es-ES'), voice('es-419'), voice('es-MX')], 'es')?.lang).toBe('es-MX');
    expect(voiceFor([voice('es-ES'), voice('es-419')], 'es')?.lang).toBe('es-419');
    expect(voiceFor([voice('es-ES'), voice('es-MX'), voice('es-AR', true)], 'es')?.lang).toBe('es-AR');
    expect(voiceFor([voice('en-GB'), voice('es')], 'es')?.lang).toBe('es');
    expect(voiceFor([voice('en-GB'), voice('en_US')], 'en')?.lang).toBe('en_US');
  });

  it('has none for a language no voice speaks (Listen is not shown)', () => {
    expect(voiceFor([], 'es')).toBeUndefined();
    expect(voiceFor([voice('en-US', true), voice('eu-ES'), voice('est')], 'es')).toBeUndefined();
  });
});
