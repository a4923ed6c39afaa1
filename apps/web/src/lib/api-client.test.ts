import { describe, expect, it, vi } from 'vitest';
import { ApiError, asErrorBody, createApiClient, retryAfterSecondsOf, unwrapEnvelope } from './api-client.ts';
import { camelCaseKey } from './camel-case.ts';

function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  );
}

describe('api-client', () => {
  it('sends the bearer token and unwraps and camelCases the answer', async () => {
    const fetchImpl = fakeFetch(200, {
      data: { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', plan_patient: { id_plan: 3 } },
    });
    const client = createApiClient({ getToken: () => 'tok', fetchImpl });
    const answer = await client.post('/api/v1/login', { email: 'x' });
    expect(answer).toEqual({ accessToken: 'a', idToken: 'i', refreshToken: 'r', planPatient: { idPlan: 3 } });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(init.body).toBe('{"email":"x"}');
  });

  it('unwraps data.responseData', () => {
    expect(unwrapEnvelope({ data: { responseData: [1, 2] } })).toEqual([1, 2]);
    expect(unwrapEnvelope([1])).toEqual([1]);
  });

  it('adds the query and sends no token when logged out', async () => {
    const fetchImpl = fakeFetch(200, { data: [] });
    const client = createApiClient({ getToken: () => undefined, fetchImpl });
    await client.get('/api/v1/resource/countries', { query: { lang: 'en', skip: undefined } });
    expect(String(fetchImpl.mock.calls[0]![0] as string)).toBe('/api/v1/resource/countries?lang=en');
    expect((fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('raises an error with body and status, and calls the handler of that status', async () => {
    const body = { error: { code: 'UNAUTHENTICATED', message: 'errors.sessionExpired' } };
    const client = createApiClient({ getToken: () => 't', fetchImpl: fakeFetch(401, body) });
    const onUnauthorized = vi.fn();
    client.onStatus(401, onUnauthorized);
    const error = await client.get('/api/v1/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body).toEqual(body);
    expect((error as ApiError).code).toBe('UNAUTHENTICATED');
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('reports the app version of every response', async () => {
    const onVersion = vi.fn();
    const client = createApiClient({
      getToken: () => undefined,
      onVersion,
      fetchImpl: fakeFetch(500, 'oops', { 'x-app-version': '1.2.3' }),
    });
    await expect(client.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(onVersion).toHaveBeenCalledWith('1.2.3');
  });

  it('turns network failures into status 0 errors', async () => {
    const client = createApiClient({
      getToken: () => undefined,
      fetchImpl: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const error = (await client.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK');
  });

  it('camelCases keys of every style', () => {
    expect(camelCaseKey('AccessToken')).toBe('accessToken');
    expect(camelCaseKey('id_plan_patient')).toBe('idPlanPatient');
    expect(camelCaseKey('ID_PLAN')).toBe('idPlan');
    expect(camelCaseKey('userId')).toBe('userId');
  });
});

describe('api-client token renewal', () => {
  it('renews an expired access token once and retries the request', async () => {
    let token = 'old';
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string>).authorization;
      return auth === 'Bearer new'
        ? new Response(JSON.stringify({ data: { ok: true } }), { status: 200 })
        : new Response('{}', { status: 401 });
    });
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const client = createApiClient({ getToken: () => token, fetchImpl, refresh });
    expect(await client.get('/api/v1/user')).toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledOnce();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up and calls the 401 handler when renewal fails', async () => {
    const client = createApiClient({
      getToken: () => 'old',
      fetchImpl: vi.fn(async () => new Response('{}', { status: 401 })),
      refresh: vi.fn(async () => false),
    });
    const onUnauthorized = vi.fn();
    client.onStatus(401, onUnauthorized);
    await expect(client.get('/api/v1/user')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('api-client with a pharmacy key (decision 060)', () => {
  it('sends the key instead of the patient token, and a refused key neither renews nor ends the session', async () => {
    const fetchImpl = fakeFetch(401, { error: { code: 'UNAUTHENTICATED', message: 'errors.sessionExpired' } });
    const refresh = vi.fn(async () => true);
    const client = createApiClient({ getToken: () => 'patient-token', fetchImpl, refresh });
    const onUnauthorized = vi.fn();
    client.onStatus(401, onUnauthorized);
    await expect(client.get('/api/v1/pharmacy/me', { apiKey: 'psp_test_key' })).rejects.toMatchObject({ status: 401 });
    const headers = fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['x-api-key']).toBe('psp_test_key');
    expect(headers.authorization).toBeUndefined();
    expect(refresh).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the Retry-After of a refusal, in seconds', async () => {
    const client = createApiClient({
      getToken: () => undefined,
      fetchImpl: fakeFetch(
        429,
        { error: { code: 'RATE_LIMITED', message: 'errors.rateLimited' } },
        { 'retry-after': '42' },
      ),
    });
    await expect(client.post('/api/v1/pharmacy/verifications', {}, { apiKey: 'k' })).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 42,
    });
    expect(retryAfterSecondsOf(null)).toBeUndefined();
    expect(retryAfterSecondsOf('Wed, 21 Oct 2015 07:28:30 GMT')).toBeUndefined();
  });
});

describe('api-client with a staff bearer (decision 072)', () => {
  it("sends the staff token instead of the patient's, and a refused one neither renews nor ends the patient's session", async () => {
    const fetchImpl = fakeFetch(401, { error: { code: 'UNAUTHENTICATED', message: 'errors.sessionExpired' } });
    const refresh = vi.fn(async () => true);
    const client = createApiClient({ getToken: () => 'patient-token', fetchImpl, refresh });
    const onUnauthorized = vi.fn();
    client.onStatus(401, onUnauthorized);
    await expect(client.get('/api/v1/staff/me', { bearer: 'stf_token' })).rejects.toMatchObject({ status: 401 });
    const headers = fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer stf_token');
    expect(refresh).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('asErrorBody (the error body checked by hand, without zod)', () => {
  it('accepts the documented body and refuses anything else', () => {
    const body = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'errors.validation',
        fieldErrors: { email: ['login.email.invalid'] },
        details: { a: 1 },
      },
    };
    expect(asErrorBody(body)).toBe(body);
    expect(asErrorBody('<html>Bad gateway</html>')).toBeUndefined();
    expect(asErrorBody({ error: { code: 7, message: 'x' } })).toBeUndefined();
    expect(asErrorBody({ error: { code: 'X' } })).toBeUndefined();
    expect(asErrorBody({ error: { code: 'X', message: 'm', fieldErrors: { email: 'not a list' } } })).toBeUndefined();
    expect(asErrorBody({ error: { code: 'X', message: 'm', errorId: 5 } })).toBeUndefined();
    expect(asErrorBody({ error: { code: 'X', message: 'm', details: [] } })).toBeUndefined();
  });
});
