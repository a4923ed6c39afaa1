import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('never seeds demo data in production unless asked', () => {
    const secrets = { KEY_ENCRYPTION_SECRET: 'k'.repeat(32), RECOVERY_HMAC_SECRET: 'r'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ...secrets }).seedDemo).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/KEY_ENCRYPTION_SECRET: required in production/);
  });

  it('defaults PUBLIC_URL to the port the server listens on', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4700' }).PUBLIC_URL).toBe('http://localhost:4700');
    expect(loadConfig({ PORT: '4700', PUBLIC_URL: 'https://portal.example' }).PUBLIC_URL).toBe('https://portal.example');
  });
});
