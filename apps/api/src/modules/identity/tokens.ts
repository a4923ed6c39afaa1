// Access and id tokens: short-lived JWTs signed with the pool's key; verified against that pool only.
import { jwtVerify, SignJWT, decodeProtectedHeader, type CryptoKey } from 'jose';
import { TOKEN_ALGORITHM, type PoolKeys } from './keys.ts';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const VERIFIED_CACHE_MAX = 10_000;

export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
}

export interface IdTokenProfile {
  email: string;
  givenName?: string;
  familyName?: string;
  language: string;
}

export function createTokenService(pools: Map<number, PoolKeys>, clock: () => Date) {
  // Verified tokens until their expiry: an authenticated route is not capped by signature checks.
  const verified = new Map<string, AccessClaims & { programId: number }>();

  function poolOf(programId: number): PoolKeys {
    const pool = pools.get(programId);
    if (!pool) throw new Error(`no identity pool for program ${programId}`);
    return pool;
  }

  return {
    async issue(programId: number, audience: string, userId: string, sessionId: string, profile: IdTokenProfile) {
      const pool = poolOf(programId);
      const now = Math.floor(clock().getTime() / 1000);
      const sign = (claims: Record<string, unknown>) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: pool.active.kid, typ: 'JWT' })
          .setIssuer(pool.issuer)
          .setAudience(audience)
          .setSubject(userId)
          .setIssuedAt(now)
          .setExpirationTime(now + ACCESS_TOKEN_TTL_S)
          .sign(pool.active.privateKey);
      const [accessToken, idToken] = await Promise.all([
        sign({ token_use: 'access', sid: sessionId }),
        sign({
          token_use: 'id',
          email: profile.email,
          ...(profile.givenName ? { given_name: profile.givenName } : {}),
          ...(profile.familyName ? { family_name: profile.familyName } : {}),
          locale: profile.language,
        }),
      ]);
      return { accessToken, idToken, expiresIn: ACCESS_TOKEN_TTL_S };
    },

    /** The claims of a valid access token of this program's pool, or undefined (never throws). */
    async verifyAccess(programId: number, audience: string, token: string): Promise<AccessClaims | undefined> {
      const nowS = Math.floor(clock().getTime() / 1000);
      const cached = verified.get(token);
      if (cached) {
        if (cached.programId === programId && cached.exp > nowS) return cached;
        if (cached.exp <= nowS) verified.delete(token);
        return undefined;
      }
      const pool = pools.get(programId);
      if (!pool) return undefined;
      try {
        const { kid, alg } = decodeProtectedHeader(token);
        if (alg !== TOKEN_ALGORITHM || !kid) return undefined;
        const key: CryptoKey | undefined = pool.verifying.get(kid);
        if (!key) return undefined;
        const { payload } = await jwtVerify(token, key, {
          algorithms: [TOKEN_ALGORITHM],
          issuer: pool.issuer,
          audience,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (payload.token_use !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string')
          return undefined;
        const claims = { sub: payload.sub, sid: payload.sid, exp: payload.exp as number, programId };
        if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
