import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import {
  ConfigError,
  DEV_KEY_ENCRYPTION_SECRET,
  DEV_SIGNING_SECRET,
  HASH_QUEUE_PER_THREAD,
  loadConfig,
} from './config.ts';

describe('configuration', () => {
  it('has working embedded defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.appVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['SMTP_URL', 'http://mail'],
    ['DEFAULT_PROGRAM', 'Bad Slug'],
    ['PUBLIC_URL', 'not a url'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('listens on loopback outside production unless HOST says otherwise, and on every interface in production', () => {
    const secrets = { KEY_ENCRYPTION_SECRET: 'k'.repeat(32), SIGNING_SECRET: 'r'.repeat(32) };
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.2', ...secrets }).HOST).toBe('10.0.0.2');
  });

  it('never seeds demo data in production unless asked', () => {
    const secrets = { KEY_ENCRYPTION_SECRET: 'k'.repeat(32), SIGNING_SECRET: 'r'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secrets }).seedDemo).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/KEY_ENCRYPTION_SECRET: required in production/);
  });

  it('reads SIGNING_SECRET, or its old name RECOVERY_HMAC_SECRET with a warning, and stops when both differ', () => {
    const sign = (env: Record<string, string>) => loadConfig(env).signingKeys.sign('recovery-link', 'nonce');
    expect(loadConfig({ SIGNING_SECRET: 's'.repeat(32) }).warnings).toEqual([]);
    const old = loadConfig({ RECOVERY_HMAC_SECRET: 's'.repeat(32) });
    expect(old.warnings).toEqual([expect.stringMatching(/RECOVERY_HMAC_SECRET is the old name of SIGNING_SECRET/)]);
    expect(sign({ RECOVERY_HMAC_SECRET: 's'.repeat(32) })).toBe(sign({ SIGNING_SECRET: 's'.repeat(32) }));
    expect(sign({ SIGNING_SECRET: 's'.repeat(32), RECOVERY_HMAC_SECRET: 's'.repeat(32) })).toBe(
      sign({ SIGNING_SECRET: 's'.repeat(32) }),
    );
    expect(sign({ SIGNING_SECRET: 't'.repeat(32) })).not.toBe(sign({ SIGNING_SECRET: 's'.repeat(32) }));
    expect(() => loadConfig({ SIGNING_SECRET: 's'.repeat(32), RECOVERY_HMAC_SECRET: 't'.repeat(32) })).toThrow(
      /SIGNING_SECRET, RECOVERY_HMAC_SECRET: both set and different/,
    );
    expect(() => loadConfig({ SIGNING_SECRET: 'short' })).toThrow(/SIGNING_SECRET: must be at least 32 characters/);
  });

  it('requires a signing secret in production, under either name', () => {
    const key = { KEY_ENCRYPTION_SECRET: 'k'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...key })).toThrow(/SIGNING_SECRET: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', ...key, SIGNING_SECRET: 's'.repeat(32) }).NODE_ENV).toBe('production');
    expect(loadConfig({ NODE_ENV: 'production', ...key, RECOVERY_HMAC_SECRET: 's'.repeat(32) }).NODE_ENV).toBe(
      'production',
    );
  });

  it('refuses in production every development secret published in config.ts, naming the variable', () => {
    const real = { KEY_ENCRYPTION_SECRET: 'k'.repeat(32), SIGNING_SECRET: 's'.repeat(32) };
    const production = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...real, ...env });
    expect(production({ KEY_ENCRYPTION_SECRET: DEV_KEY_ENCRYPTION_SECRET })).toThrow(
      /KEY_ENCRYPTION_SECRET: is a development secret/,
    );
    expect(production({ SIGNING_SECRET: DEV_SIGNING_SECRET })).toThrow(/SIGNING_SECRET: is a development secret/);
    const { SIGNING_SECRET: _unused, ...keyOnly } = real;
    expect(() => loadConfig({ NODE_ENV: 'production', ...keyOnly, RECOVERY_HMAC_SECRET: DEV_SIGNING_SECRET })).toThrow(
      /RECOVERY_HMAC_SECRET: is a development secret/,
    );
    // A development value copied into the other variable is just as public.
    expect(production({ SIGNING_SECRET: DEV_KEY_ENCRYPTION_SECRET })).toThrow(/SIGNING_SECRET: is a development/);
    expect(production({ KEY_ENCRYPTION_SECRET: DEV_SIGNING_SECRET })).toThrow(
      /KEY_ENCRYPTION_SECRET: is a development/,
    );
    // Both at once are both named.
    expect(
      production({ KEY_ENCRYPTION_SECRET: DEV_KEY_ENCRYPTION_SECRET, SIGNING_SECRET: DEV_SIGNING_SECRET }),
    ).toThrow(/KEY_ENCRYPTION_SECRET: is a development secret[^]*SIGNING_SECRET: is a development secret/);
    // Outside production the development values stay usable, so that `npm start` needs no set-up.
    expect(
      loadConfig({ KEY_ENCRYPTION_SECRET: DEV_KEY_ENCRYPTION_SECRET, SIGNING_SECRET: DEV_SIGNING_SECRET }).NODE_ENV,
    ).toBe('development');
    expect(production({})().NODE_ENV).toBe('production');
  });

  it.each(['KEY_ENCRYPTION_SECRET', 'SIGNING_SECRET', 'RECOVERY_HMAC_SECRET'])(
    'refuses a %s shorter than 32 characters, in production too, naming it',
    (name) => {
      const env = { NODE_ENV: 'production', KEY_ENCRYPTION_SECRET: 'k'.repeat(32), SIGNING_SECRET: 's'.repeat(32) };
      expect(() => loadConfig({ ...env, [name]: 'x'.repeat(31) })).toThrow(
        new RegExp(`${name}: must be at least 32 characters`),
      );
      expect(() => loadConfig({ ...env, [name]: 'x'.repeat(31) })).toThrow(ConfigError);
    },
  );

  it('never writes the derived signing keys out', () => {
    expect(JSON.stringify(loadConfig({}).signingKeys)).toBe('"[signing keys]"');
  });

  it('sizes the password hashing to the machine unless told, and refuses no thread at all (decision 043)', () => {
    const defaults = loadConfig({});
    expect(defaults.PASSWORD_HASH_THREADS).toBe(availableParallelism());
    expect(defaults.PASSWORD_HASH_QUEUE).toBe(HASH_QUEUE_PER_THREAD * availableParallelism());
    const set = loadConfig({ PASSWORD_HASH_THREADS: '3', PASSWORD_HASH_QUEUE: '0' });
    expect([set.PASSWORD_HASH_THREADS, set.PASSWORD_HASH_QUEUE]).toEqual([3, 0]);
    expect(loadConfig({ PASSWORD_HASH_THREADS: '5' }).PASSWORD_HASH_QUEUE).toBe(5 * HASH_QUEUE_PER_THREAD);
    expect(() => loadConfig({ PASSWORD_HASH_THREADS: '0' })).toThrow(/PASSWORD_HASH_THREADS/);
    expect(() => loadConfig({ PASSWORD_HASH_QUEUE: 'many' })).toThrow(/PASSWORD_HASH_QUEUE/);
  });

  it('defaults PUBLIC_URL to the port the server listens on', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4700' }).PUBLIC_URL).toBe('http://localhost:4700');
    expect(loadConfig({ PORT: '4700', PUBLIC_URL: 'https://portal.example' }).PUBLIC_URL).toBe(
      'https://portal.example',
    );
  });
});
