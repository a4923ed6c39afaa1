// The OpenAPI document as a contract (decision 057): every operation the app serves, whichever module or helper added
// it, is named, described, tagged, secured and answers its errors in the catalogue's shape; every string and array a
// caller sends is bounded. `completeDocument` is checked on its own for a pharmacy route (behind the key's door).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { API_TAGS, completeDocument } from './openapi.ts';
import { PATIENT_DOOR } from './patient-auth.ts';
import { PHARMACY_DOOR } from './pharmacy-auth.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string }>;
};
type Document = {
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    responses: Record<string, { headers?: Record<string, unknown>; content: Record<string, { schema: unknown }> }>;
  };
};

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, operation })),
  );

/** Where a string without maxLength (nor enum, const or a date/uuid format) or an array without maxItems is accepted. */
function unbounded(schema: unknown, where: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  if (node.type === 'string' && node.maxLength === undefined && node.enum === undefined && node.const === undefined)
    if (!['date', 'date-time', 'uuid'].includes(String(node.format))) found.push(`${where}: string without maxLength`);
  if (node.type === 'array' && node.maxItems === undefined) found.push(`${where}: array without maxItems`);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object')
      for (const [name, child] of Object.entries(value)) found.push(...unbounded(child, `${where}.${name}`));
    else if (['items', 'additionalProperties'].includes(key)) found.push(...unbounded(value, `${where}[]`));
    else if (['anyOf', 'oneOf', 'allOf'].includes(key) && Array.isArray(value))
      value.forEach((child, index) => found.push(...unbounded(child, `${where}|${index}`)));
  }
  return found;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ url: '/api/docs/json' })).json<Document>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names, describes and tags every operation, each operationId once', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const missing = operations.flatMap(({ name, operation }) => [
      ...(operation.operationId?.match(/^[a-z][A-Za-z0-9]+$/) ? [] : [`${name}: operationId`]),
      ...(operation.summary?.trim() ? [] : [`${name}: summary`]),
      ...(operation.description?.trim() ? [] : [`${name}: description`]),
      ...((operation.tags ?? []).length > 0 ? [] : [`${name}: tags`]),
      ...(operation.tags ?? []).filter((tag) => !(tag in API_TAGS)).map((tag) => `${name}: tag ${tag} not in API_TAGS`),
    ]);
    expect(missing, 'declare them in the route schema (house rule, decision 057)').toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.tags.map((tag) => tag.name).sort()).toEqual(
      [...new Set(operations.flatMap(({ operation }) => operation.tags ?? []))].sort(),
    );
  });

  it('declares the security of every operation, with the schemes it declares', () => {
    for (const { name, operation } of operationsOf(document)) {
      expect(operation.security, name).toBeInstanceOf(Array);
      for (const requirement of operation.security!)
        for (const scheme of Object.keys(requirement))
          expect(document.components.securitySchemes, name).toHaveProperty(scheme);
    }
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it("gives every operation the platform's error answers, each in the catalogue's shape", () => {
    for (const { name, operation } of operationsOf(document)) {
      const statuses = Object.keys(operation.responses);
      const expected = ['429', '503'];
      if (operation.requestBody || (operation.parameters ?? []).length > 0) expected.push('400');
      if ((operation.security ?? []).length > 0) expected.push('401');
      if ((operation.parameters ?? []).some((parameter) => parameter.in === 'path')) expected.push('404');
      expect(statuses, name).toEqual(expect.arrayContaining(expected));
      for (const status of statuses.filter((code) => Number(code) >= 400))
        expect(operation.responses[status]!.$ref, `${name} ${status}`).toMatch(/^#\/components\/responses\//);
    }
    const { RateLimited, ServiceUnavailable, NotFound } = document.components.responses;
    expect(Object.keys(RateLimited!.headers ?? {})).toEqual([
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'RateLimit-Policy',
      'RateLimit',
    ]);
    expect(Object.keys(ServiceUnavailable!.headers ?? {})).toEqual(['Retry-After', 'X-Error-Id']);
    expect(JSON.stringify(NotFound!.content['application/json']!.schema)).toContain('FEATURE_DISABLED');
  });

  it('bounds every string and array a caller sends', () => {
    const found = operationsOf(document).flatMap(({ name, operation }) => [
      ...(operation.parameters ?? []).flatMap((parameter) =>
        unbounded(parameter.schema, `${name} ${parameter.in} ${parameter.name}`),
      ),
      ...Object.values(operation.requestBody?.content ?? {}).flatMap((media) =>
        unbounded(media.schema, `${name} body`),
      ),
    ]);
    expect(found, 'add .max() in the contract (packages/contracts)').toEqual([]);
  });

  it('lists one server per program, on its own host', () => {
    expect(document.servers.map((server) => server.url).sort()).toEqual([
      'http://alivio.localhost:3000',
      'http://equilibrio.localhost:3000',
      'http://piel.localhost:3000',
    ]);
  });

  it('answers at the address its document gives, in the shape its document gives', async () => {
    const answer = await t.app.inject({ url: '/api/v1/user', headers: { host: 'piel.localhost:3000' } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  });
});

describe('completeDocument', () => {
  const complete = (operation: Record<string, unknown>, config?: Record<string, unknown>) =>
    completeDocument(
      {
        openapi: '3.0.3',
        components: {},
        paths: { '/api/v1/pharmacy/verify': { post: { ...operation, ...(config ?? {}) } } },
      },
      {
        version: '1.0.0',
        programOrigins: [{ slug: 'alivio', name: 'Alivio', origin: 'https://alivio.portal.example' }],
        doors: [PATIENT_DOOR, PHARMACY_DOOR],
      },
    ) as unknown as Document;

  it("secures a pharmacy route with the key's scheme and adds its 401, and only the schemes in use are declared", () => {
    const document = complete({
      tags: ['pharmacy'],
      security: [{ pharmacyApiKey: [] }],
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { 201: { description: 'Default Response' }, 409: { description: 'x' } },
    });
    const operation = document.paths['/api/v1/pharmacy/verify']!.post!;
    expect(Object.keys(operation.responses)).toEqual(['201', '400', '401', '409', '429', '503']);
    expect(operation.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(Object.keys(document.components.securitySchemes)).toEqual(['pharmacyApiKey']);
    expect(document.tags).toEqual([{ name: 'pharmacy', description: API_TAGS.pharmacy }]);
    expect(JSON.stringify(document.components.responses.Conflict)).toContain('IDEMPOTENCY_KEY_REUSED');
  });

  it('marks a route of no door public and gives a route behind a feature toggle its 404', () => {
    const document = complete({ tags: ['benefits'], responses: { 200: {} }, 'x-portal-feature': 'benefits' });
    const operation = document.paths['/api/v1/pharmacy/verify']!.post! as Operation & Record<string, unknown>;
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.responses)).toEqual(['200', '404', '429', '503']);
    expect(operation['x-portal-feature']).toBeUndefined();
  });
});
