import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerOwnLocalesDirectly, INTL_LOCALES } from './intl-locales.ts';

const originals = { number: Intl.NumberFormat.supportedLocalesOf, date: Intl.DateTimeFormat.supportedLocalesOf };

describe('answerOwnLocalesDirectly', () => {
  beforeEach(() => answerOwnLocalesDirectly());
  afterEach(() => {
    Object.defineProperty(Intl.NumberFormat, 'supportedLocalesOf', {
      value: originals.number,
      writable: true,
      configurable: true,
    });
    Object.defineProperty(Intl.DateTimeFormat, 'supportedLocalesOf', {
      value: originals.date,
      writable: true,
      configurable: true,
    });
  });

  it('answers for the portal locales what the browser answers', () => {
    for (const locale of Object.values(INTL_LOCALES)) {
      expect(Intl.NumberFormat.supportedLocalesOf(locale)).toEqual(originals.number.call(Intl.NumberFormat, locale));
      expect(Intl.NumberFormat.supportedLocalesOf([locale])).toEqual([locale]);
      expect(Intl.DateTimeFormat.supportedLocalesOf(locale)).toEqual(originals.date.call(Intl.DateTimeFormat, locale));
    }
  });

  it('leaves every other question to the browser', () => {
    expect(Intl.NumberFormat.supportedLocalesOf(['fr-FR', 'es-419'])).toEqual(
      originals.number.call(Intl.NumberFormat, ['fr-FR', 'es-419']),
    );
    expect(Intl.NumberFormat.supportedLocalesOf('es-419', { localeMatcher: 'lookup' })).toEqual(['es-419']);
    expect(Intl.DateTimeFormat.supportedLocalesOf('zz-ZZ')).toEqual(originals.date.call(Intl.DateTimeFormat, 'zz-ZZ'));
    expect(() => Intl.NumberFormat.supportedLocalesOf('not a locale!')).toThrow(RangeError);
  });

  it('is installed once', () => {
    const installed = Intl.NumberFormat.supportedLocalesOf;
    answerOwnLocalesDirectly();
    expect(Intl.NumberFormat.supportedLocalesOf).toBe(installed);
  });
});
