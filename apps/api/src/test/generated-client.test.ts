// A partner's client (decision 057): the TypeScript client generated from /api/docs/json with openapi-typescript and
// openapi-fetch, type-checked against the flows in ./client/ and driving them against the app in process (no port).
// A flow is a file of ./client/ (typed with the generated `paths`) and one `it` here: the patient's, and the
// pharmacy's (verify, four purchases, redeem; decision 059), its client made by `clientFor` with the key's `X-Api-Key`.
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { callAs, enrolPatient, MANY_PATIENTS_ENV } from './patients.ts';
import { createTestPharmacy } from './pharmacy.ts';
import { alivioBody } from './signup-bodies.ts';

const CLIENT_DIR = fileURLToPath(new URL('./client/', import.meta.url));
const GENERATED = path.join(CLIENT_DIR, 'portal-api.generated.ts');
/** The flows: each a file of ./client/ that only this test compiles (tsc -b does not see the generated types). */
const FLOWS = ['patient-flow.ts', 'pharmacy-flow.ts'];

/** A `fetch` that hands each request to the app in process (`inject`): the host names the program, as on the wire. */
function injectFetch(app: FastifyInstance) {
  const remoteAddress = `10.${randomInt(100, 200)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), host: url.host },
      remoteAddress,
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const item of [value ?? []].flat()) headers.append(name, String(item));
    const noBody = [204, 205, 304].includes(answer.statusCode);
    return new Response(noBody ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

type PatientFlow = (
  client: ReturnType<typeof clientFor>,
  signup: Record<string, unknown>,
  credentials: { email: string; password: string },
) => Promise<Record<string, unknown>>;

type PharmacyFlow = (
  client: ReturnType<typeof clientFor>,
  counter: { code: string; productId: number; purchasedAt: string; receiptPrefix: string },
) => Promise<Record<string, unknown>>;

let t: TestApp;
let document: { servers: { url: string }[] };
/** A client of a program's server (from the document's `servers`), with headers sent on every call (a key). */
const clientFor = (slug: string, headers: Record<string, string> = {}) =>
  createClient({
    baseUrl: document.servers.find((server) => new URL(server.url).hostname.startsWith(`${slug}.`))!.url,
    fetch: injectFetch(t.app),
    headers,
  });

beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV);
  await t.app.ready();
  document = t.app.swagger() as unknown as typeof document;
  const types = astToString(await openapiTS(document as never));
  writeFileSync(
    GENERATED,
    `// Generated from the OpenAPI document by generated-client.test.ts: do not edit.\n${types}`,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('the client generated from the OpenAPI document', () => {
  it('type-checks the flows against the generated types', () => {
    const base = ts.readConfigFile(fileURLToPath(new URL('../../../../tsconfig.base.json', import.meta.url)), (file) =>
      ts.sys.readFile(file),
    );
    const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, CLIENT_DIR);
    // No @types/node: a partner's code sees only the generated types and openapi-fetch's (and spares the time).
    const program = ts.createProgram(
      FLOWS.map((flow) => path.join(CLIENT_DIR, flow)),
      { ...options, types: [] },
    );
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 120_000);

  it('drives a patient through sign-up, login, profile, treatments and logout', async () => {
    const flowFile = path.join(CLIENT_DIR, 'patient-flow.ts');
    // Imported by its path, not by name: tsc -b must not follow it into the generated types it has not seen.
    const { patientFlow } = (await import(/* @vite-ignore */ flowFile)) as { patientFlow: PatientFlow };
    const body = alivioBody();
    const result = await patientFlow(clientFor('alivio'), body, {
      email: String(body.email),
      password: String(body.password),
    });
    expect(result).toEqual({
      enrolled: true,
      firstName: expect.any(String),
      email: body.email,
      liveTreatments: expect.any(Number),
      loggedOut: true,
      afterLogout: 'UNAUTHENTICATED',
      wrongPassword: 'NotAuthorizedException',
    });
    expect(result.liveTreatments).toBeGreaterThan(0);
  });

  it('drives a pharmacy through verify, four purchases and the free unit they earn', async () => {
    const flowFile = path.join(CLIENT_DIR, 'pharmacy-flow.ts');
    const { pharmacyFlow } = (await import(/* @vite-ignore */ flowFile)) as { pharmacyFlow: PharmacyFlow };
    const patient = await enrolPatient(t, 'alivio');
    const made = await callAs(t, patient, 'PUT', '/api/v1/benefits/products/1101/discount-code');
    const { code } = DiscountCodeResponseSchema.parse(made.json()).data.code;
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const result = await pharmacyFlow(clientFor('alivio', { 'X-Api-Key': counter.key }), {
      code,
      productId: 1101,
      purchasedAt: t.app.clock().toISOString(),
      receiptPrefix: `client-${randomInt(1_000_000)}`,
    });
    expect(result).toEqual({
      firstName: 'Lucía',
      freeUnitsBefore: 0,
      purchases: 4,
      freeUnitsAfterFour: 1,
      redeemed: true,
      usedPurchases: 4,
      afterRedemption: 'NO_FREE_UNIT',
      mistyped: 'VALIDATION_FAILED',
      rateLimitPolicy: expect.stringMatching(/^\d+;w=60$/),
    });
  });
});
