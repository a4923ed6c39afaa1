import { describe, expect, it } from 'vitest';
import { isUnavailableError, unavailableCode } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isUnavailableError', () => {
  it.each([
    ['a refused socket', withCode('ECONNREFUSED')],
    ['an admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03')],
    ['a dropped database', withCode('3D000')],
    ['too many connections', withCode('53300')],
    ['a connection exception class', withCode('08006')],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a database refusing connections', withCode('55000', 'database "x" is not currently accepting connections')],
    ['a wrapped pg error (drizzle)', Object.assign(new Error('Failed query: select 1'), { cause: withCode('57P01') })],
  ])('recognises %s', (_name, error) => {
    expect(isUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['another 55000', withCode('55000', 'cannot drop the current database')],
    ['a plain bug', new TypeError('undefined is not a function')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s to the 500 path', (_name, error) => {
    expect(isUnavailableError(error)).toBe(false);
  });

  it('logs the innermost code, never the message', () => {
    expect(
      unavailableCode(Object.assign(new Error('Failed query: insert ... params: Ana'), { cause: withCode('57P01') })),
    ).toBe('57P01');
    expect(unavailableCode(new Error('Connection terminated'))).toBe('UNREACHABLE');
  });
});
