// The one api-client (spec section 7): bearer token, envelope unwrap, camelCase, ApiError, per-status handlers.
import type { z } from 'zod';
import { APP_VERSION_HEADER } from '@portal/contracts/constants';
import type { ErrorBody } from '@portal/contracts/errors';
import { camelCaseDeep } from './camel-case.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The documented error body (ErrorBodySchema's shape), checked by hand: this module is in the entry of every route,
 * and the contract's zod schema would bring all of zod with it (decision 021).
 */
export function asErrorBody(body: unknown): ErrorBody | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, errorId, fieldErrors, details } = body.error;
  // Any code: the catalogue lives beside the zod schemas, and only our server answers in this shape.
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (errorId !== undefined && typeof errorId !== 'string') return undefined;
  if (details !== undefined && !isRecord(details)) return undefined;
  if (
    fieldErrors !== undefined &&
    !(
      isRecord(fieldErrors) &&
      Object.values(fieldErrors).every((keys) => Array.isArray(keys) && keys.every((key) => typeof key === 'string'))
    )
  )
    return undefined;
  return body as ErrorBody;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The answer's `Retry-After` in seconds, when it said one (a 429 or a 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(asErrorBody(body)?.error.code ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The documented error, when the body is one. */
  get error(): ErrorBody['error'] | undefined {
    return asErrorBody(this.body)?.error;
  }

  get code(): string {
    return this.error?.code ?? (this.status === 0 ? 'NETWORK' : `HTTP_${this.status}`);
  }
}

type StatusHandler = (error: ApiError) => void;

interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | undefined;
  onVersion?: (version: string | null) => void;
  /** Renews an expired access token; true when a new one is ready (the request is then retried once). */
  refresh?: () => Promise<boolean>;
  fetchImpl?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined>;
interface RequestOptions<T> {
  query?: Query;
  body?: unknown;
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the registered status handlers (e.g. the login call handles its own 401). */
  skipStatusHandlers?: boolean;
  /**
   * A pharmacy's key (the pharmacy's door, decision 060): sent as `X-Api-Key` instead of the patient's token, with no
   * session renewal and no status handlers, since a refused key is not the patient's session ending.
   */
  apiKey?: string;
  /**
   * The bearer token of another door (the staff's, decision 072): sent instead of the patient's, likewise with no
   * renewal and no status handlers (the caller ends that door's session on a 401).
   */
  bearer?: string;
}

/** `Retry-After` in seconds (the form this server sends); undefined when absent or in another form. */
export function retryAfterSecondsOf(value: string | null): number | undefined {
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** `{ data }` and `{ data: { responseData } }` envelopes are unwrapped; anything else is returned as is. */
export function unwrapEnvelope(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'data' in value) {
    const data = (value as { data: unknown }).data;
    if (data !== null && typeof data === 'object' && 'responseData' in data)
      return (data as { responseData: unknown }).responseData;
    return data;
  }
  return value;
}

export function createApiClient(options: ApiClientOptions) {
  const handlers = new Map<number, StatusHandler>();
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const baseUrl = options.baseUrl ?? '';

  async function request<T = unknown>(
    method: string,
    path: string,
    requestOptions: RequestOptions<T> = {},
    isRetry = false,
  ): Promise<T> {
    const url = new URL(
      `${baseUrl}${path}`,
      typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
    );
    for (const [key, value] of Object.entries(requestOptions.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...requestOptions.headers };
    const { apiKey, bearer } = requestOptions;
    const ownDoor = apiKey === undefined && bearer === undefined;
    const token = ownDoor ? options.getToken() : bearer;
    if (apiKey !== undefined) headers['x-api-key'] = apiKey;
    else if (token) headers.authorization = `Bearer ${token}`;
    if (requestOptions.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(baseUrl ? url.toString() : `${url.pathname}${url.search}`, {
        method,
        headers,
        body: requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body),
        signal: requestOptions.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, { cause: String(cause) });
    }
    options.onVersion?.(response.headers.get(APP_VERSION_HEADER));
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Non-JSON bodies stay text.
    }
    if (!response.ok) {
      if (response.status === 401 && ownDoor && token && !isRetry && options.refresh && (await options.refresh())) {
        return request(method, path, requestOptions, true);
      }
      const error = new ApiError(response.status, body, retryAfterSecondsOf(response.headers.get('retry-after')));
      if (!requestOptions.skipStatusHandlers && ownDoor) handlers.get(response.status)?.(error);
      throw error;
    }
    const data = unwrapEnvelope(camelCaseDeep(body));
    return requestOptions.schema ? requestOptions.schema.parse(data) : (data as T);
  }

  return {
    request,
    get: <T>(path: string, opts?: RequestOptions<T>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('PUT', path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions<T>) => request<T>('DELETE', path, opts),
    /** Registers the handler for a status (one per status; the last one wins). Returns its remover. */
    onStatus(status: number, handler: StatusHandler) {
      handlers.set(status, handler);
      return () => {
        if (handlers.get(status) === handler) handlers.delete(status);
      };
    },
  };
}
