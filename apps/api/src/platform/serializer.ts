// Answers are serialised by a function compiled once per route and status from the JSON Schema of the route's zod
// schema (fast-json-stringify, Fastify's own default), not by a zod parse of every answer (decision 024). The
// answers are built by the server itself; the contract is still enforced by zod outside production: there every
// answer is parsed by its zod schema as before, and the compiled serializer must give the same JSON value, or the
// answer fails (so the whole API test suite checks both at once).
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable object or integer) as `X` with `type: [X.type, 'null']`, which
 * fast-json-stringify writes directly instead of choosing the branch with a validator on every answer.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, simplifyNullable(value)]),
  ) as JsonSchema;
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(schema).length === 1) {
    const isNull = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
    const [first, second] = branches as [JsonSchema, JsonSchema];
    const other = isNull(second) ? first : isNull(first) ? second : undefined;
    if (
      other &&
      typeof other.type === 'string' &&
      other.type !== 'null' &&
      !('anyOf' in other) &&
      !('oneOf' in other) &&
      !('$ref' in other)
    ) {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/** The compiled serializer of a zod schema, or undefined when its JSON Schema cannot describe it exactly. */
export function compileSerializer(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    // A schema that transforms its output (or is otherwise unrepresentable) keeps the zod serializer.
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(simplifyNullable(jsonSchema) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

/**
 * The serializer compiler of the app: compiled serializers in production; outside it, the zod serializer (the
 * contract) checked against the compiled one on every answer.
 */
export function createSerializerCompiler({
  checkAgainstZod,
}: {
  checkAgainstZod: boolean;
}): FastifySerializerCompiler<unknown> {
  const zodCompiler = zodSerializerCompiler as unknown as FastifySerializerCompiler<unknown>;
  return (route: RouteSchema) => {
    const compiled = compileSerializer(route.schema);
    const byZod = zodCompiler(route);
    if (!compiled) return byZod;
    if (!checkAgainstZod) return compiled;
    return (data: unknown) => {
      const expected = byZod(data);
      const actual = compiled(data);
      // The same JSON value; the order of keys may differ (fast-json-stringify writes required properties first).
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) differs from zod's: ${actual} vs ${expected}`,
        );
      }
      return actual;
    };
  };
}
