// The access matrix: every route behind a door, with the rows each module declares in its `access-rows.ts`
// (test/access-matrix.ts). A patient route is tried with another patient of the same program, a patient of another
// program, a token of each pool, no token and a pharmacy's key: another patient's id is "not found" (never their
// data, never a change to it), another patient's call without an id acts on its own data only, and a token of
// another pool, none, or a pharmacy's key is 401. A pharmacy route opens to a key of its program only, never to a
// patient's token. A staff route opens to a staff session whose member holds one of the route's roles in the host's
// program (403 for any other role, or the same role in another program), never to a patient's token or a pharmacy's
// key; and a staff token opens no patient or pharmacy route. "Changed nothing" is each module's own snapshot of the
// owner's data.
// The rows must cover the OpenAPI document, scheme by scheme, and every route without a scheme is public on purpose.
// Last, the query budgets (decision 086): each row's successful call, counted in statements sent to the database through
// the driver (platform/db.ts, countRoundTrips), stays within the budget the row declares.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { STAFF_ROLES, type StaffRole } from '@portal/contracts/staff';
import { buildApp } from '../app.ts';
import { countRoundTrips } from '../platform/db.ts';
import { routeOf, type AccessRow, type ModuleAccess, type OwnedIds, type StaffAccessRow } from './access-matrix.ts';
import { createTestDatabase, hostOf, TEST_DB, TEST_LEARNING_DIR, testAppOf, testConfig, type TestApp } from './app.ts';
import { callAs, enrolPatient, type TestPatient } from './patients.ts';
import { createTestPharmacy } from './pharmacy.ts';
import { openTestStaffSession } from './staff.ts';

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');
const moduleNames = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const undeclared = moduleNames.filter((name) => !existsSync(path.join(MODULES_DIR, name, 'access-rows.ts')));
const MODULES: [string, ModuleAccess][] = await Promise.all(
  moduleNames
    .filter((name) => !undeclared.includes(name))
    .map(
      async (name) =>
        [name, ((await import(`../modules/${name}/access-rows.ts`)) as { ACCESS: ModuleAccess }).ACCESS] as [
          string,
          ModuleAccess,
        ],
    ),
);

const PATIENT_ROWS = MODULES.flatMap(([, access]) => access.patientRows ?? []);
const PHARMACY_ROWS = MODULES.flatMap(([, access]) => access.pharmacyRows ?? []);
const PUBLIC_ROUTES = MODULES.flatMap(([, access]) => access.publicRoutes ?? []);
const STAFF_ROWS = MODULES.flatMap(([, access]) => access.staffRows ?? []);
const namesAnId = (row: AccessRow) => /\{[^}]+\}/.test(row.path);
const ID_ROWS = PATIENT_ROWS.filter(namesAnId);
const OWN_DATA_ROWS = PATIENT_ROWS.filter((row) => !namesAnId(row));
const cases = <Row extends AccessRow>(rows: Row[]) => rows.map((row) => [routeOf(row), row] as const);

let t: TestApp;
let owner: TestPatient;
let sameProgram: TestPatient;
let otherProgram: TestPatient;
let ownerIds: OwnedIds;
/** A key of an alivio pharmacy (decision 059). */
let pharmacyKey: string;
/** A staff session of an alivio agent (decision 068). */
let staffToken: string;

/** The owner's data, as each module reads it back. */
async function snapshot() {
  const parts = await Promise.all(
    MODULES.filter(([, access]) => access.snapshot).map(
      async ([name, access]) => [name, await access.snapshot!(t, owner)] as const,
    ),
  );
  return Object.fromEntries(parts);
}
const urlOf = (row: AccessRow) => row.url?.(ownerIds) ?? row.path;
const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code;
const withKey = (
  who: { slug: string; authorization?: string },
  method: AccessRow['method'],
  url: string,
  key: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: hostOf(who.slug),
      'x-api-key': key,
      ...(who.authorization ? { authorization: who.authorization } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  const config = testConfig({
    LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGNUP_PER_MINUTE: '1000',
    RECOVERY_PER_MINUTE: '1000',
  });
  const database = await createTestDatabase(config);
  const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const app = await buildApp(config, { database, logStream, learningDir: TEST_LEARNING_DIR });
  t = testAppOf(app, database, config);
  owner = await enrolPatient(t, 'alivio');
  sameProgram = await enrolPatient(t, 'alivio');
  otherProgram = await enrolPatient(t, 'equilibrio');
  ownerIds = {};
  for (const [, access] of MODULES) Object.assign(ownerIds, await access.seed?.(t, owner));
  pharmacyKey = (await createTestPharmacy(t, 'alivio', 'CR')).key;
  staffToken = await openTestStaffSession(t, ['agent:alivio']);
  // Three enrolments and every module's seed (the pharmacy's records four purchases and a free unit): on a busy
  // machine this takes longer than the default minute.
}, 180_000);
afterAll(async () => t.close());

describe(`access matrix (${TEST_DB})`, () => {
  it.each(cases(ID_ROWS))('%s: another patient of the program gets 404 and changes nothing', async (_name, row) => {
    const before = await snapshot();
    const answer = await callAs(t, sameProgram, row.method, urlOf(row), row.body?.(sameProgram, ownerIds));
    expect(answer.statusCode, answer.body).toBe(404);
    expect(codeOf(answer.body)).toBe('NOT_FOUND');
    expect(answer.body).not.toContain('Rosa');
    expect(await snapshot()).toEqual(before);
  });

  it.each(cases(OWN_DATA_ROWS))('%s: another patient’s call acts on its own data only', async (_name, row) => {
    const before = await snapshot();
    const intruder = row.spendsTheCaller ? await enrolPatient(t, 'alivio') : sameProgram;
    const answer = await callAs(t, intruder, row.method, urlOf(row), row.body?.(intruder, ownerIds));
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    expect(answer.body).not.toContain('Rosa');
    expect(answer.body).not.toContain(owner.email);
    expect(await snapshot()).toEqual(before);
  });

  it.each(cases(PATIENT_ROWS))(
    '%s: a patient of another program gets 401 on the owner’s host (and 404 for the owner’s id on its own)',
    async (_name, row) => {
      const before = await snapshot();
      if (namesAnId(row)) {
        const ownHost = await callAs(t, otherProgram, row.method, urlOf(row), row.body?.(otherProgram, ownerIds));
        expect(ownHost.statusCode, ownHost.body).toBe(404);
      }
      const ownersHost = await callAs(
        t,
        { slug: 'alivio', authorization: otherProgram.authorization },
        row.method,
        urlOf(row),
        row.body?.(owner, ownerIds),
      );
      expect(ownersHost.statusCode, ownersHost.body).toBe(401);
      expect(codeOf(ownersHost.body)).toBe('UNAUTHENTICATED');
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(cases(PATIENT_ROWS))(
    '%s: without a token, with a forged one, the owner’s on another program or a pharmacy’s key answers 401',
    async (_name, row) => {
      const before = await snapshot();
      const anonymous = await callAs(t, { slug: 'alivio' }, row.method, urlOf(row), row.body?.(owner, ownerIds));
      expect(anonymous.statusCode).toBe(401);
      const forged = await callAs(
        t,
        { slug: 'alivio', authorization: 'Bearer not-a-token' },
        row.method,
        urlOf(row),
        row.body?.(owner, ownerIds),
      );
      expect(forged.statusCode).toBe(401);
      const crossPool = await callAs(
        t,
        { slug: 'equilibrio', authorization: owner.authorization },
        row.method,
        urlOf(row),
        row.body?.(owner, ownerIds),
      );
      expect(crossPool.statusCode).toBe(401);
      const pharmacy = await withKey(
        { slug: 'alivio' },
        row.method,
        urlOf(row),
        pharmacyKey,
        row.body?.(owner, ownerIds),
      );
      expect(pharmacy.statusCode, pharmacy.body).toBe(401);
      expect(codeOf(pharmacy.body)).toBe('UNAUTHENTICATED');
      const staff = await callAs(
        t,
        { slug: 'alivio', authorization: staffToken },
        row.method,
        urlOf(row),
        row.body?.(owner, ownerIds),
      );
      expect(staff.statusCode, staff.body).toBe(401);
      expect(codeOf(staff.body)).toBe('UNAUTHENTICATED');
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(cases(PHARMACY_ROWS))('%s: a patient’s token, no key or a wrong key answers 401', async (_name, row) => {
    for (const answer of [
      await callAs(t, owner, row.method, urlOf(row)),
      await callAs(t, { slug: 'alivio' }, row.method, urlOf(row)),
      await withKey({ slug: 'alivio' }, row.method, urlOf(row), `${pharmacyKey}x`),
      await withKey({ slug: 'equilibrio' }, row.method, urlOf(row), pharmacyKey),
      await withKey(owner, row.method, urlOf(row), 'not-a-key'),
      await callAs(t, { slug: 'alivio', authorization: staffToken }, row.method, urlOf(row)),
    ]) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(codeOf(answer.body)).toBe('UNAUTHENTICATED');
    }
  });

  it.each(cases(STAFF_ROWS))(
    '%s: no token, a forged one, a patient’s token or a pharmacy’s key answers 401',
    async (_name, row) => {
      for (const answer of [
        await callAs(t, { slug: 'alivio' }, row.method, urlOf(row), row.body?.(owner, ownerIds)),
        await callAs(
          t,
          { slug: 'alivio', authorization: 'Bearer stf_not-a-token' },
          row.method,
          urlOf(row),
          row.body?.(owner, ownerIds),
        ),
        await callAs(t, owner, row.method, urlOf(row), row.body?.(owner, ownerIds)),
        await withKey({ slug: 'alivio' }, row.method, urlOf(row), pharmacyKey, row.body?.(owner, ownerIds)),
      ]) {
        expect(answer.statusCode, answer.body).toBe(401);
        expect(codeOf(answer.body)).toBe('UNAUTHENTICATED');
      }
    },
  );

  const roleCases = STAFF_ROWS.flatMap((row) =>
    STAFF_ROLES.map((role) => [`${routeOf(row)} as ${role}`, row, role] as [string, StaffAccessRow, StaffRole]),
  );
  it.each(roleCases)(
    '%s: its roles in the host’s program get in, any other role or program gets 403',
    async (_name, row, role) => {
      const lets = row.roles === 'any session' || row.roles.includes(role);
      const inProgram = await openTestStaffSession(t, [`${role}:alivio`]);
      // An action on a record is called by a session that opened it (a role that may not open it is refused there).
      if (row.opensTheRecord && lets)
        expect(
          (
            await callAs(
              t,
              { slug: 'alivio', authorization: inProgram },
              'POST',
              `/api/v1/staff/patients/${row.recordOf?.(ownerIds) ?? owner.patientId}/open`,
              { reason: 'inbound-call' },
            )
          ).statusCode,
        ).toBe(200);
      // A route with a body is called with one it would accept (a search's term, an opening's reason).
      const own = await callAs(
        t,
        { slug: 'alivio', authorization: inProgram },
        row.method,
        urlOf(row),
        row.body?.(owner, ownerIds),
      );
      if (lets) expect(own.statusCode, own.body).toBeLessThan(300);
      else {
        expect(own.statusCode, own.body).toBe(403);
        expect(codeOf(own.body)).toBe('FORBIDDEN');
      }
      if (row.roles === 'any session') return;
      // The same role, and every other, in another program only.
      const elsewhere = await openTestStaffSession(
        t,
        STAFF_ROLES.map((any) => `${any}:piel`),
      );
      const answer = await callAs(
        t,
        { slug: 'alivio', authorization: elsewhere },
        row.method,
        urlOf(row),
        row.body?.(owner, ownerIds),
      );
      expect(answer.statusCode, answer.body).toBe(403);
      expect(codeOf(answer.body)).toBe('FORBIDDEN');
    },
  );

  it('a pharmacy’s key opens its own door on its own program, and a pharmacy answer carries no patient data beyond verify’s', async () => {
    const verify = '/api/v1/pharmacy/verifications';
    const own = await withKey({ slug: 'alivio' }, 'POST', verify, pharmacyKey, { code: ownerIds.pharmacyCode });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).not.toContain(owner.email);
    const { personalInfo } = owner.body as { personalInfo: { lastName: string; secondSurname?: string } };
    expect(own.body).not.toContain(personalInfo.lastName);
    expect(own.body).not.toContain((owner.body as { identification: { number: string } }).identification.number);
    const otherProgram = await withKey({ slug: 'equilibrio' }, 'POST', verify, pharmacyKey, {
      code: ownerIds.pharmacyCode,
    });
    expect(otherProgram.statusCode, otherProgram.body).toBe(401);
  });

  it('the owner reaches every route naming its data (so a 404 above means "not yours", not "broken")', async () => {
    for (const row of ID_ROWS.filter((r) => r.method !== 'DELETE')) {
      const answer = await callAs(t, owner, row.method, urlOf(row), row.body?.(owner, ownerIds));
      expect(answer.statusCode, `${routeOf(row)}: ${answer.body}`).toBe(200);
    }
  });

  it('every module declares its access rows', () => {
    expect(undeclared, 'modules without an access-rows.ts').toEqual([]);
  });

  it('the rows cover the OpenAPI document, scheme by scheme, and every route without a scheme is public on purpose', () => {
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer' },
      pharmacyApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      staffBearer: { type: 'http', scheme: 'bearer' },
    });
    const bySchemes = new Map<string, string[]>();
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemes =
          (operation.security ?? [])
            .flatMap((requirement) => Object.keys(requirement))
            .sort()
            .join('+') || 'public';
        bySchemes.set(schemes, [...(bySchemes.get(schemes) ?? []), `${method.toUpperCase()} ${route}`]);
      }
    }
    expect([...bySchemes.keys()].sort()).toEqual(['bearer', 'pharmacyApiKey', 'public', 'staffBearer']);
    expect(bySchemes.get('bearer')!.sort()).toEqual(PATIENT_ROWS.map(routeOf).sort());
    expect(bySchemes.get('pharmacyApiKey')!.sort()).toEqual(PHARMACY_ROWS.map(routeOf).sort());
    expect(bySchemes.get('staffBearer')!.sort()).toEqual(STAFF_ROWS.map(routeOf).sort());
    expect(bySchemes.get('public')!.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  // The query budgets (decision 086), last: each row's call by a caller it lets in, counted in statements sent to the
  // database (a round trip each on PostgreSQL), against the budget the row declares. The pharmacy's calls come first
  // (the patient's own calls renew the code they use), destructive calls last.
  describe('query budgets', () => {
    const lastly = (row: AccessRow) => (row.method === 'DELETE' || row.spendsTheCaller ? 1 : 0);
    const budgetCases = [
      ...PHARMACY_ROWS.map((row) => ['pharmacy', row] as const),
      ...PATIENT_ROWS.map((row) => ['patient', row] as const),
      ...STAFF_ROWS.map((row) => ['staff', row] as const),
    ]
      .sort(([, left], [, right]) => lastly(left) - lastly(right))
      .map(([door, row]) => [`${routeOf(row)} (${door})`, door, row] as const);
    const counted: string[] = [];
    beforeAll(async () => {
      for (const [, access] of MODULES) Object.assign(ownerIds, await access.current?.(t, owner));
    });
    afterAll(() => {
      if (process.env.PRINT_ROUND_TRIPS) writeFileSync(process.env.PRINT_ROUND_TRIPS, counted.join('\n'));
    });
    it.each(budgetCases)('%s stays within its round trips', async (_name, door, row) => {
      let call: () => ReturnType<typeof callAs>;
      if (door === 'patient') {
        const caller =
          row.spendsTheCaller || row.budgetCaller === 'new patient'
            ? await enrolPatient(t, 'alivio')
            : row.budgetCaller === 'another patient'
              ? sameProgram
              : owner;
        // The door as in steady state: the caller's session just used (its lookup cached), as the bench's load has it.
        await callAs(t, caller, 'GET', '/api/v1/user');
        call = () => callAs(t, caller, row.method, urlOf(row), row.body?.(caller, ownerIds));
      } else if (door === 'pharmacy') {
        // The key of the pharmacy that recorded the owner's purchases, which may reverse them.
        const key = String(ownerIds.counterKey ?? pharmacyKey);
        await withKey({ slug: 'alivio' }, 'GET', '/api/v1/pharmacy/me', key);
        call = () => withKey({ slug: 'alivio' }, row.method, urlOf(row), key, row.body?.(owner, ownerIds));
      } else {
        const staffRow = row as StaffAccessRow;
        const role = staffRow.roles === 'any session' ? 'agent' : staffRow.roles[0]!;
        const session = { slug: 'alivio', authorization: await openTestStaffSession(t, [`${role}:alivio`]) };
        if (staffRow.opensTheRecord)
          await callAs(
            t,
            session,
            'POST',
            `/api/v1/staff/patients/${staffRow.recordOf?.(ownerIds) ?? owner.patientId}/open`,
            { reason: 'inbound-call' },
          );
        await callAs(t, session, 'GET', '/api/v1/staff/me');
        call = () => callAs(t, session, row.method, urlOf(row), row.body?.(owner, ownerIds));
      }
      const { result: answer, count } = await countRoundTrips(call);
      counted.push(`${routeOf(row)}\t${door}\t${count}\t${answer.statusCode}`);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(count, 'statements sent to the database').toBeLessThanOrEqual(row.roundTrips);
    });
  });
});
