// The home's first answers, carried by the login's answer (decision 088): the calls the home makes first, answered by
// this server's own routes for the new session (its door, its checks, its serializer), so there is one definition of
// each answer. A patient on a 400 ms round trip otherwise waits for them after the login has answered.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_HOME_USER_EXPAND, type FirstHomeAnswers } from '@portal/contracts/way-in';

const FIRST_HOME_CALLS = {
  user: `/user?expand=${encodeURIComponent(FIRST_HOME_USER_EXPAND)}`,
  treatments: '/treatments',
  consents: '/consents',
} as const satisfies Record<keyof FirstHomeAnswers, string>;

/**
 * Each of the home's first calls, made for `accessToken` as the caller of `request` would make it (same host, same
 * address, so the same program and the same limits). A call that does not answer 200 is left out: the home makes it.
 */
export async function firstHomeAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  accessToken: string,
): Promise<FirstHomeAnswers> {
  const entries = await Promise.all(
    Object.entries(FIRST_HOME_CALLS).map(async ([name, path]) => {
      const answer = await app.inject({
        method: 'GET',
        url: `${app.prefix}${path}`,
        remoteAddress: request.ip,
        headers: {
          host: request.headers.host ?? '',
          accept: 'application/json',
          authorization: `Bearer ${accessToken}`,
          ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
        },
      });
      if (answer.statusCode !== 200) return undefined;
      return [name, (answer.json() as { data: unknown }).data] as const;
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== undefined)) as FirstHomeAnswers;
}
