// The app's api-client instance: the session's token, its renewal and the app-version tracker are wired here once.
import type { FirstHomeAnswers } from '@portal/contracts/way-in';
import { createApiClient, unwrapEnvelope } from './api-client.ts';
import { appVersion } from './app-version.ts';
import { camelCaseDeep } from './camel-case.ts';
import { sessionStore } from './session.ts';

interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/**
 * The tokens of a login or refresh answer (LoginResponseSchema's `data`, enveloped or not, either case), checked by
 * hand: zod's schema would put all of zod in the entry (decision 021). Throws on anything else.
 */
export function tokensOf(answer: unknown): Tokens {
  const data = camelCaseDeep(unwrapEnvelope(answer)) as Partial<Record<keyof Tokens, unknown>> | null;
  const { accessToken, idToken, refreshToken } = data ?? {};
  if (typeof accessToken !== 'string' || typeof idToken !== 'string' || typeof refreshToken !== 'string')
    throw new TypeError('not a token answer');
  return { accessToken, idToken, refreshToken };
}

type FirstAnswersTaker = (answers: FirstHomeAnswers) => void;
let keptFirstAnswers: FirstHomeAnswers | undefined;
let firstAnswersTaker: FirstAnswersTaker | undefined;

/**
 * Keeps the home's first answers that a login's answer carries (its `home`, camelCased as every answer; decision 088)
 * from the login, whose route has no query library (decision 028), until the screens' query client takes them. Here,
 * beside `tokensOf`, so that the login route loads no chunk of its own for them.
 */
export function keepFirstAnswers(answers: unknown): void {
  if (typeof answers !== 'object' || answers === null) return;
  if (firstAnswersTaker) firstAnswersTaker(answers as FirstHomeAnswers);
  else keptFirstAnswers = answers as FirstHomeAnswers;
}

/** The screens' query client takes the first answers: those kept already at once, any later ones as they come. */
export function takeFirstAnswers(take: FirstAnswersTaker): void {
  firstAnswersTaker = take;
  if (keptFirstAnswers) take(keptFirstAnswers);
  keptFirstAnswers = undefined;
}

let refreshing: Promise<boolean> | undefined;

/** Trades the refresh token for new tokens (rotated on every use); concurrent callers share one call. */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const current = sessionStore.get();
    if (!current) return false;
    try {
      const response = await fetch('/api/v1/token/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refreshToken: current.refreshToken }),
      });
      appVersion.observe(response.headers.get('x-app-version'));
      if (!response.ok) return false;
      const tokens = tokensOf(await response.json());
      sessionStore.set({ accessToken: tokens.accessToken, idToken: tokens.idToken, refreshToken: tokens.refreshToken });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

export const api = createApiClient({
  getToken: () => sessionStore.get()?.accessToken,
  onVersion: (version) => appVersion.observe(version),
  refresh: refreshSession,
});
