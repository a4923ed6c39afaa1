// What of an error may reach the logs. A database error's message, detail and the query around it carry the
// values (drizzle wraps each failure as "Failed query: <sql> params: <values>"; PostgreSQL writes
// 'Key (email)=(ana@…) already exists' and 'invalid input syntax for type integer: "…"'), so a database error
// is logged by its code, table, constraint and column only, with the stack frames but not the message.

export interface SafeError {
  type: string;
  message?: string;
  code?: string;
  table?: string;
  constraint?: string;
  column?: string;
  stack?: string;
}

type ErrorLike = Record<string, unknown> & { cause?: unknown };

/** A PostgreSQL error as pg and PGlite raise it: a five-character SQLSTATE and a severity. */
function isPostgresError(value: ErrorLike): boolean {
  return typeof value.code === 'string' && /^[0-9A-Z]{5}$/.test(value.code) && typeof value.severity === 'string';
}
/** drizzle's DrizzleQueryError (query and params). */
function isQueryError(value: ErrorLike): boolean {
  return 'query' in value && 'params' in value;
}

/** The stack without its first line(s): the message part of a stack repeats the message, values included. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

const optionalString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The loggable form of any thrown value. */
export function safeErrorOf(error: unknown): SafeError {
  if (typeof error !== 'object' || error === null) return { type: typeof error };
  const chain: ErrorLike[] = [];
  for (
    let current: unknown = error;
    typeof current === 'object' && current !== null && chain.length < 8;
    current = (current as ErrorLike).cause
  ) {
    chain.push(current as ErrorLike);
  }
  const top = chain[0]!;
  const database = chain.find(isPostgresError);
  if (database || chain.some(isQueryError)) {
    const fields = {
      type: 'DatabaseError',
      code: optionalString(database?.code),
      table: optionalString(database?.table),
      constraint: optionalString(database?.constraint),
      column: optionalString(database?.column),
      stack: framesOf(top.stack),
    };
    return Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    ) as unknown as SafeError;
  }
  const name =
    optionalString(top.name) ?? optionalString((top.constructor as { name?: string } | undefined)?.name) ?? 'Error';
  return {
    type: name,
    ...(optionalString(top.message) ? { message: top.message as string } : {}),
    ...(typeof top.code === 'string' ? { code: top.code } : {}),
    ...(typeof top.stack === 'string' ? { stack: top.stack } : {}),
  };
}
