// A span per request (decision 084), named by its method and route template, with OpenTelemetry's HTTP attributes;
// never the path or the query string, which can hold personal data. The request's work runs with it as the active
// span, and the request's logger carries its trace_id and span_id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestSpan, TracingRuntime } from './tracing.ts';

const spans = new WeakMap<FastifyRequest, RequestSpan>();

export function registerRequestTracing(app: FastifyInstance, tracing: TracingRuntime, trustProxy: boolean): void {
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    const attributes: Record<string, string> = {
      'http.request.method': request.method,
      'url.scheme': request.protocol,
    };
    if (route) attributes['http.route'] = route;
    // An incoming trace is only believed from a proxy the operator trusts: otherwise anyone could join, or flood, a
    // trace of their choosing.
    const span = tracing.startRequest(
      route ? `${request.method} ${route}` : request.method,
      attributes,
      request.headers,
      trustProxy,
    );
    spans.set(request, span);
    if (span.isSampled) {
      request.log = request.log.child({ trace_id: span.traceId, span_id: span.spanId });
      reply.log = request.log;
    }
    span.run(done);
  });
  // After the body is read (its stream's events run outside the request's context), back into the request's span.
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (span) span.run(done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttributes({ 'http.response.status_code': reply.statusCode });
      // error.type is the status code for a 5xx (the HTTP conventions); a 4xx is the client's, not the server's, error.
      span.end(
        reply.statusCode >= 500
          ? Object.assign(new Error('server error'), { code: String(reply.statusCode) })
          : undefined,
      );
      spans.delete(request);
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const span = spans.get(request);
    if (span) {
      span.end(Object.assign(new Error('aborted'), { code: 'ABORTED' }));
      spans.delete(request);
    }
    done();
  });
}
