// Security headers on every response, the refusals made before routing included; no-store on the API.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { errorBody } from './errors.ts';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  // Old browsers that ignore frame-ancestors: no framing either (clickjacking).
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers helmet writes with these options, computed once: every directive is a constant, so the answer is
 * the same for every request (decision 024: @fastify/helmet built a new helmet and its CSP string per response).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options', { cause: failure });
  return headers;
}

/**
 * The one set of security headers of every answer, computed once at start (decision 024): the routed answers
 * and the 400 without Host (the onRequest hook below), the 417 for an unknown Expect, the framework's refusals
 * (`frameworkErrors`) and the answers written on the raw socket for what Node's HTTP parser refuses
 * (`clientErrorHandler`) all send these (decision 039).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...securityHeaders(),
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
});

/**
 * The policy of the one page that may use the camera, the pharmacy counter's (its scanner, decision 060): the camera
 * for this origin only, the rest as everywhere. A page's policy is its document's, so only its own HTML sends it.
 */
export const CAMERA_PAGE_PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=()';

/**
 * Node would answer an HTTP/1.1 request without Host by itself, with a bare 400 the app never sees (RFC 9112
 * 3.2 requires the 400); the app turns Node's check off (`requireHostHeader: false`) so that it gives that 400
 * here, with the security headers and the error shape. HTTP/1.0 requests may omit Host, as before.
 */
function lacksRequiredHost(request: IncomingMessage): boolean {
  return request.httpVersionMajor === 1 && request.httpVersionMinor >= 1 && request.headers.host === undefined;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Node answers an `Expect` other than 100-continue with a bare 417 by itself unless the server listens for it
  // (RFC 9110 10.1.1 allows the 417); the same 417, with the headers. Body-less, as the catalogue has no 417.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(417, {
      ...SECURITY_HEADERS,
      'cache-control': 'no-store',
      connection: 'close',
      'content-length': 0,
    });
    response.end();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (lacksRequiredHost(request.raw)) {
      void reply
        .status(400)
        .header('cache-control', 'no-store')
        .header('connection', 'close')
        .send(errorBody('BAD_REQUEST'));
      return;
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // API answers are private unless a route says otherwise (static answers such as the countries revalidate).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
