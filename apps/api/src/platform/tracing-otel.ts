// OpenTelemetry's SDK behind platform/tracing.ts (decision 084), loaded only when tracing is configured: spans made by
// hand (no auto-instrumentation), batched to an OTLP/HTTP collector as JSON, the active span kept in an
// AsyncLocalStorage context.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { AppConfig } from '../config.ts';
import type { RequestSpan, SpanAttributes, SpanHandle, TracingRuntime } from './tracing.ts';

function samplerOf(config: AppConfig): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG ?? 1);
  switch (config.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
  }
}

/** The traces' URL: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, or OTEL_EXPORTER_OTLP_ENDPOINT's `/v1/traces`. */
export function tracesUrlOf(config: AppConfig): string {
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  return `${(config.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').replace(/\/+$/, '')}/v1/traces`;
}

const handleOf = (span: Span): SpanHandle => ({
  setAttributes: (attributes) => span.setAttributes(attributes),
  end: (error) => {
    if (error !== undefined) {
      const type =
        error instanceof Error ? ((error as Error & { code?: unknown }).code?.toString() ?? error.name) : 'Error';
      span.setAttribute('error.type', type);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  },
});

export function createOtelTracing(config: AppConfig): TracingRuntime {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME,
      [ATTR_SERVICE_VERSION]: config.appVersion,
    }),
    sampler: samplerOf(config),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrlOf(config) }))],
  });
  // The context manager (AsyncLocalStorage) and the W3C propagator, registered once per process; the tracer is this
  // provider's own, so that a second app (tests) does not depend on the global one.
  provider.register();
  const tracer = provider.getTracer('portal-api');
  const propagator = new W3CTraceContextPropagator();

  const startSpan = (name: string, attributes: SpanAttributes, kind: 'client' | 'internal' = 'internal') =>
    tracer.startSpan(name, { attributes, kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL });

  return {
    startSpan: (name, attributes, kind) => handleOf(startSpan(name, attributes, kind)),
    inSpan: (name, attributes, fn) =>
      tracer.startActiveSpan(name, { attributes }, async (span) => {
        const handle = handleOf(span);
        try {
          const result = await fn();
          handle.end();
          return result;
        } catch (error) {
          handle.end(error);
          throw error;
        }
      }),
    startRequest: (name, attributes, headers, trustParent): RequestSpan => {
      const parent: Context = trustParent
        ? propagator.extract(ROOT_CONTEXT, headers, {
            get: (carrier, key) => carrier[key],
            keys: (carrier) => Object.keys(carrier),
          })
        : ROOT_CONTEXT;
      const span = tracer.startSpan(name, { attributes, kind: SpanKind.SERVER }, parent);
      const spanContext = trace.setSpan(parent, span);
      return {
        ...handleOf(span),
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
        isSampled: span.isRecording(),
        run: (fn) => context.with(spanContext, fn),
      };
    },
    shutdown: async () => {
      await provider.shutdown();
      // The next app of this process (tests) registers its own.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
