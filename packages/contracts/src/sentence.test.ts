import { describe, expect, it } from 'vitest';
import { formatTime } from './booking-format.ts';
import { withSinglePeriods } from './sentence.ts';

describe('a value that ends in a period at the end of a sentence', () => {
  it('keeps one period after a Spanish time ("a. m.") and leaves every other period alone', () => {
    const time = formatTime('2026-12-03T09:25:00.000Z', 'America/Costa_Rica', 'es-CR');
    expect(time.endsWith('.')).toBe(true);
    expect(withSinglePeriods(`Le apartamos este horario hasta las ${time}.`, { time })).toBe(
      `Le apartamos este horario hasta las ${time}`,
    );
    expect(withSinglePeriods('Your code is active until 12/03/2026.', { date: '12/03/2026' })).toBe(
      'Your code is active until 12/03/2026.',
    );
    expect(withSinglePeriods('Espere... ya casi.', { time })).toBe('Espere... ya casi.');
    expect(withSinglePeriods(`A las ${time}, en línea.`, { time, count: 2 })).toBe(`A las ${time}, en línea.`);
  });
});
