import { describe, expect, it } from 'vitest';
import { tokensOf } from './api.ts';

describe('tokensOf (a login or refresh answer checked by hand, without zod)', () => {
  it('reads the tokens of the enveloped Cognito-style answer', () => {
    expect(tokensOf({ data: { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', ExpiresIn: 900 } })).toEqual({
      accessToken: 'a',
      idToken: 'i',
      refreshToken: 'r',
    });
  });

  it('reads an answer the api-client already unwrapped and camelCased', () => {
    expect(tokensOf({ accessToken: 'a', idToken: 'i', refreshToken: 'r' })).toEqual({
      accessToken: 'a',
      idToken: 'i',
      refreshToken: 'r',
    });
  });

  it('refuses an answer without every token', () => {
    expect(() => tokensOf({ data: { AccessToken: 'a', IdToken: 'i' } })).toThrow(TypeError);
    expect(() => tokensOf(null)).toThrow(TypeError);
    expect(() => tokensOf('<html></html>')).toThrow(TypeError);
  });
});
