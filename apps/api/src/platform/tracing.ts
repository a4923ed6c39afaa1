// Traces (decision 084): the seam the app, the database, the outbox and the job runner call. It imports nothing of
// OpenTelemetry: with no OTLP endpoint set, `startTracing` loads nothing and every span call here is one check of
// `active`; with one, it loads platform/tracing-otel.ts (the SDK) by a dynamic import.
import type { AppConfig } from '../config.ts';

export type SpanAttributes = Record<string, string | number | boolean>;

export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
  /** Ends the span; with an error, marks it failed (its type only: a message may hold personal data). */
  end(error?: unknown): void;
}

/** A request's span: its context to run the request's work in, and its ids for the logs. */
export interface RequestSpan extends SpanHandle {
  traceId: string;
  spanId: string;
  /** Whether the span is recorded and sent (the sampler's choice); the logs carry the ids of sampled ones only. */
  isSampled: boolean;
  /** Runs `fn` with this span as the active one (what runs from it is its child). */
  run<T>(fn: () => T): T;
}

export interface TracingRuntime {
  /** A span, child of the active one (or a root), started now; `internal` unless `kind` says otherwise. */
  startSpan(name: string, attributes: SpanAttributes, kind?: 'client' | 'internal'): SpanHandle;
  /** Runs `fn` in a new span, child of the active one, ended when `fn` settles. */
  inSpan<T>(name: string, attributes: SpanAttributes, fn: () => Promise<T>): Promise<T>;
  /** A server span for an incoming request; its parent is the `traceparent` header's only when `trustParent`. */
  startRequest(
    name: string,
    attributes: SpanAttributes,
    headers: Record<string, string | string[] | undefined>,
    trustParent: boolean,
  ): RequestSpan;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

/** The running tracing of this process, if any: one app at a time sets it (tests build one app with tracing on). */
let active: TracingRuntime | undefined;

export const activeTracing = (): TracingRuntime | undefined => active;

/** Whether the configuration asks for traces: an OTLP endpoint set, and OTEL_SDK_DISABLED not true. */
export function isTracingConfigured(config: AppConfig): boolean {
  return (
    !config.OTEL_SDK_DISABLED &&
    (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined || config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined)
  );
}

/** Starts the tracing the configuration asks for, or nothing (and loads nothing) when it asks for none. */
export async function startTracing(config: AppConfig): Promise<TracingRuntime | undefined> {
  if (!isTracingConfigured(config)) return undefined;
  const { createOtelTracing } = await import('./tracing-otel.ts');
  const runtime = createOtelTracing(config);
  active = runtime;
  return {
    ...runtime,
    shutdown: async () => {
      if (active === runtime) active = undefined;
      await runtime.shutdown();
    },
  };
}

/** Runs `fn` in a span when tracing is on; otherwise just runs it. */
export function withSpan<T>(name: string, attributes: SpanAttributes, fn: () => Promise<T>): Promise<T> {
  return active ? active.inSpan(name, attributes, fn) : fn();
}

const OPERATION = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*([a-z]+)/i;
const COLLECTION = /\b(?:from|into|update|join)\s+"?([a-z_][a-z0-9_]*)"?/i;

/**
 * A query's span name and attributes (OpenTelemetry's database conventions): the operation and the first table it
 * names, read from the statement's text. Never the text itself or a parameter: the statements are parameterised, but
 * a few build literals, and the values are patients' data.
 */
export function querySpanOf(text: string | undefined): { name: string; attributes: SpanAttributes } {
  const operation = OPERATION.exec(text ?? '')?.[1]?.toUpperCase() ?? 'QUERY';
  const collection = COLLECTION.exec(text ?? '')?.[1];
  const attributes: SpanAttributes = { 'db.system.name': 'postgresql', 'db.operation.name': operation };
  if (collection) attributes['db.collection.name'] = collection;
  return { name: collection ? `${operation} ${collection}` : operation, attributes };
}

/** Starts a query's span when tracing is on: `end` it when the query settles. */
export function startQuerySpan(text: string | undefined, engine: 'postgres' | 'pglite'): SpanHandle | undefined {
  if (!active) return undefined;
  const { name, attributes } = querySpanOf(text);
  return active.startSpan(name, { ...attributes, 'portal.db.engine': engine }, 'client');
}
