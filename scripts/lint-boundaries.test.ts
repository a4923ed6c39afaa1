// The lint configuration's import boundaries (decision 037), proven on snippets linted at virtual paths: each case
// names the file that imports and what it imports; the rule judges the resolved target, so every target must exist
// (real files that do not move, or fixtures this test writes and removes). And its refusal of import cycles in the
// apps (decision 065), proven on fixture pairs that import each other.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const WEB = 'apps/web/src';
const MODULES = 'apps/api/src/modules';
const BOUNDARY_RULE = 'import-x/no-restricted-paths';

// A feature folder that exists only while the test runs: the configuration must guard it without being told.
const NEW_FEATURE = `lint-fixture-${process.pid}`;
const FIXTURES = [`${WEB}/features/${NEW_FEATURE}/y.ts`, `${WEB}/patient/${NEW_FEATURE}.ts`];
// Pairs of files for the cycle rule: `a.ts` is linted with the code of each case, `b.ts` imports it back.
const CYCLE_PAIRS = {
  web: `${WEB}/features/${NEW_FEATURE}/cycle`,
  api: `apps/api/src/platform/lint-fixture-${process.pid}`,
};
const CYCLE_RULE = 'import-x/no-cycle';
const createdFolders: string[] = [];

type Case = { name: string; file: string; imports: string; target: string };

const REFUSED: Case[] = [
  {
    name: 'a feature imports another by a relative path',
    file: `${WEB}/features/auth/x.ts`,
    imports: '../profile/api/profile-api.ts',
    target: `${WEB}/features/profile/api/profile-api.ts`,
  },
  {
    name: 'a feature imports another through features/',
    file: `${WEB}/features/auth/components/x.tsx`,
    imports: '../../../features/profile/api/profile-api.ts',
    target: `${WEB}/features/profile/api/profile-api.ts`,
  },
  {
    name: 'a feature imports another without the extension',
    file: `${WEB}/features/auth/x.ts`,
    imports: '../profile/api/profile-api',
    target: `${WEB}/features/profile/api/profile-api.ts`,
  },
  {
    name: 'a feature imports another by an absolute path',
    file: `${WEB}/features/profile/x.ts`,
    imports: path.join(REPO_ROOT, WEB, 'features/auth/login-rules.ts'),
    target: `${WEB}/features/auth/login-rules.ts`,
  },
  {
    name: 'a feature imports the app',
    file: `${WEB}/features/auth/x.ts`,
    imports: '../../app/router.tsx',
    target: `${WEB}/app/router.tsx`,
  },
  {
    name: "a feature imports the app's entry",
    file: `${WEB}/features/auth/x.ts`,
    imports: '../../main.tsx',
    target: `${WEB}/main.tsx`,
  },
  {
    name: 'another feature imports the login rules',
    file: `${WEB}/features/benefits/x.ts`,
    imports: '../auth/login-rules.ts',
    target: `${WEB}/features/auth/login-rules.ts`,
  },
  {
    name: 'a feature imports a new feature',
    file: `${WEB}/features/learning/x.ts`,
    imports: `../${NEW_FEATURE}/y.ts`,
    target: `${WEB}/features/${NEW_FEATURE}/y.ts`,
  },
  {
    name: 'a new feature folder imports another feature',
    file: `${WEB}/features/${NEW_FEATURE}/x.ts`,
    imports: '../auth/login-rules.ts',
    target: `${WEB}/features/auth/login-rules.ts`,
  },
  {
    name: 'lib imports a feature',
    file: `${WEB}/lib/x.ts`,
    imports: '../features/auth/login-rules.ts',
    target: `${WEB}/features/auth/login-rules.ts`,
  },
  {
    name: 'components import the app',
    file: `${WEB}/components/ui/x.tsx`,
    imports: '../../app/router.tsx',
    target: `${WEB}/app/router.tsx`,
  },
  {
    name: 'program imports the patient layer',
    file: `${WEB}/program/x.ts`,
    imports: `../patient/${NEW_FEATURE}.ts`,
    target: `${WEB}/patient/${NEW_FEATURE}.ts`,
  },
  {
    name: 'the patient layer imports a feature',
    file: `${WEB}/patient/x.ts`,
    imports: '../features/auth/login-rules.ts',
    target: `${WEB}/features/auth/login-rules.ts`,
  },
  {
    name: 'the patient layer imports the app',
    file: `${WEB}/patient/x.ts`,
    imports: '../app/router.tsx',
    target: `${WEB}/app/router.tsx`,
  },
  {
    name: "a module imports another module's repository",
    file: `${MODULES}/profile/x.ts`,
    imports: '../account/repository.ts',
    target: `${MODULES}/account/repository.ts`,
  },
  {
    name: 'a module file other than its repository imports another repository',
    file: `${MODULES}/signup/disown.ts`,
    imports: '../identity/repository.ts',
    target: `${MODULES}/identity/repository.ts`,
  },
  {
    name: "a module imports another module's service",
    file: `${MODULES}/profile/x.ts`,
    imports: '../account/service.ts',
    target: `${MODULES}/account/service.ts`,
  },
  {
    name: "a module imports another module's internal file (the purchases ledger)",
    file: `${MODULES}/pharmacy/service.ts`,
    imports: '../purchases/ledger.ts',
    target: `${MODULES}/purchases/ledger.ts`,
  },
  {
    name: "a module imports another module's declaration",
    file: `${MODULES}/account/x.ts`,
    imports: '../booking/module.ts',
    target: `${MODULES}/booking/module.ts`,
  },
  {
    name: "a module reaches another's internals through that module's folder by an absolute path",
    file: `${MODULES}/coupon/x.ts`,
    imports: path.join(REPO_ROOT, MODULES, 'benefits/codes.ts'),
    target: `${MODULES}/benefits/codes.ts`,
  },
  {
    name: 'the platform imports a module',
    file: 'apps/api/src/platform/x.ts',
    imports: '../modules/account/service.ts',
    target: `${MODULES}/account/service.ts`,
  },
];

const ALLOWED: Case[] = [
  {
    name: 'a feature imports its own files',
    file: `${WEB}/features/auth/components/x.tsx`,
    imports: '../login-rules.ts',
    target: `${WEB}/features/auth/login-rules.ts`,
  },
  {
    name: 'a feature imports lib',
    file: `${WEB}/features/auth/x.ts`,
    imports: '../../lib/paths.ts',
    target: `${WEB}/lib/paths.ts`,
  },
  {
    name: 'a feature imports the patient layer',
    file: `${WEB}/features/auth/x.ts`,
    imports: `../../patient/${NEW_FEATURE}.ts`,
    target: `${WEB}/patient/${NEW_FEATURE}.ts`,
  },
  {
    name: 'a feature imports the contracts',
    file: `${WEB}/features/auth/x.ts`,
    imports: '@portal/contracts/errors',
    target: 'packages/contracts/src/errors.ts',
  },
  {
    name: 'the patient layer imports lib',
    file: `${WEB}/patient/x.ts`,
    imports: '../lib/paths.ts',
    target: `${WEB}/lib/paths.ts`,
  },
  {
    name: 'the app imports a feature',
    file: `${WEB}/app/x.tsx`,
    imports: '../features/profile/api/profile-api.ts',
    target: `${WEB}/features/profile/api/profile-api.ts`,
  },
  {
    name: 'the app imports the patient layer',
    file: `${WEB}/app/x.tsx`,
    imports: `../patient/${NEW_FEATURE}.ts`,
    target: `${WEB}/patient/${NEW_FEATURE}.ts`,
  },
  {
    name: "a module imports another module's public file",
    file: `${MODULES}/pharmacy/service.ts`,
    imports: '../purchases/public.ts',
    target: `${MODULES}/purchases/public.ts`,
  },
  {
    name: "a module's test sets up data with another module's internals",
    file: `${MODULES}/account/x.int.test.ts`,
    imports: '../coupon/issue.ts',
    target: `${MODULES}/coupon/issue.ts`,
  },
  {
    name: 'the list of modules imports each declaration',
    file: 'apps/api/src/modules.ts',
    imports: './modules/booking/module.ts',
    target: `${MODULES}/booking/module.ts`,
  },
  {
    name: 'a module imports its own repository',
    file: `${MODULES}/account/x.ts`,
    imports: './repository.ts',
    target: `${MODULES}/account/repository.ts`,
  },
];

let eslint: ESLint;
let cycleEslint: ESLint;

// Loading the configuration and its plugins is the slow part: done here, under the hook's longer time-out.
const LOAD_TIMEOUT_MS = 60_000;

beforeAll(async () => {
  for (const fixture of FIXTURES) {
    const folder = mkdirSync(path.join(REPO_ROOT, path.dirname(fixture)), { recursive: true });
    if (folder) createdFolders.push(folder);
    writeFileSync(path.join(REPO_ROOT, fixture), 'export const FIXTURE = 1;\n');
  }
  for (const pair of Object.values(CYCLE_PAIRS)) {
    const folder = mkdirSync(path.join(REPO_ROOT, pair), { recursive: true });
    if (folder) createdFolders.push(folder);
    writeFileSync(path.join(REPO_ROOT, pair, 'a.ts'), 'export const A = 1;\n');
    writeFileSync(path.join(REPO_ROOT, pair, 'b.ts'), "import { A } from './a.ts';\nexport const B = A;\n");
  }
  // Created after the fixtures, so the configuration reads the new feature folder (it reads the folders when loaded).
  // Types are not needed to judge imports, and building the programs would take seconds. no-unresolved proves that
  // each snippet's import reaches its target (the boundary rule passes over an import it cannot resolve).
  // The cycle rule is judged on its own instance: on the boundary cases it would walk the whole app behind each
  // snippet (one imports the router), seconds of work that prove nothing about boundaries.
  eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: [
      tseslint.configs.disableTypeChecked,
      { rules: { 'import-x/no-unresolved': 'error', [CYCLE_RULE]: 'off' } },
    ],
  });
  cycleEslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: [tseslint.configs.disableTypeChecked, { rules: { 'import-x/no-unresolved': 'error' } }],
  });
  await eslint.calculateConfigForFile(path.join(REPO_ROOT, WEB, 'lib/paths.ts'));
  await cycleEslint.calculateConfigForFile(path.join(REPO_ROOT, WEB, 'lib/paths.ts'));
}, LOAD_TIMEOUT_MS);

afterAll(() => {
  for (const fixture of FIXTURES) rmSync(path.join(REPO_ROOT, fixture), { force: true });
  for (const pair of Object.values(CYCLE_PAIRS)) rmSync(path.join(REPO_ROOT, pair), { recursive: true, force: true });
  for (const folder of createdFolders) rmSync(folder, { recursive: true, force: true });
});

/** The boundary rule's messages for one snippet linted as `file` (which need not exist). */
async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  const messages = result?.messages ?? [];
  const problems = messages.filter((message) => message.fatal || message.ruleId === 'import-x/no-unresolved');
  expect(problems, 'the snippet parses and its import resolves').toEqual([]);
  return messages.filter((message) => message.ruleId === BOUNDARY_RULE).map((message) => message.message);
}

describe('lint boundaries', () => {
  it('every target of the cases exists, so the rule resolves it', () => {
    const missing = [...REFUSED, ...ALLOWED]
      .map((c) => c.target)
      .filter((target) => !existsSync(path.join(REPO_ROOT, target)));
    expect(missing, 'a target moved: point the case at a file that exists').toEqual([]);
  });

  it.each(REFUSED)('refuses: $name', async ({ file, imports }) => {
    expect(await boundaryMessages(file, `import { x } from '${imports}';\nexport const y = x;\n`)).toHaveLength(1);
  });

  it.each(ALLOWED)('allows: $name', async ({ file, imports }) => {
    expect(await boundaryMessages(file, `import { x } from '${imports}';\nexport const y = x;\n`)).toEqual([]);
  });

  it('judges dynamic imports and re-exports too', async () => {
    const file = `${WEB}/features/auth/x.ts`;
    expect(
      await boundaryMessages(file, "export const load = () => import('../profile/api/profile-api.ts');\n"),
    ).toHaveLength(1);
    expect(await boundaryMessages(file, "export { x } from '../profile/api/profile-api.ts';\n")).toHaveLength(1);
  });
});

/** The cycle rule's messages for `a.ts` of a fixture pair, linted with `code` (its `b.ts` imports it back). */
async function cycleMessages(pair: string, code: string): Promise<string[]> {
  const [result] = await cycleEslint.lintText(code, { filePath: path.join(REPO_ROOT, pair, 'a.ts') });
  const messages = result?.messages ?? [];
  const problems = messages.filter((message) => message.fatal || message.ruleId === 'import-x/no-unresolved');
  expect(problems, 'the snippet parses and its import resolves').toEqual([]);
  return messages.filter((message) => message.ruleId === CYCLE_RULE).map((message) => message.message);
}

describe('import cycles', () => {
  it.each(Object.entries(CYCLE_PAIRS))('refuses a static cycle in the %s app', async (_app, pair) => {
    expect(await cycleMessages(pair, "import { B } from './b.ts';\nexport const A = B;\n")).toHaveLength(1);
  });

  it('refuses a cycle through a lazy import, as the page frame and its overlays had one', async () => {
    const code = "export const A = 1;\nexport const load = () => import('./b.ts');\n";
    expect(await cycleMessages(CYCLE_PAIRS.web, code)).toHaveLength(1);
  });

  it('allows the same pair without the import back, and a cycle of type imports only', async () => {
    expect(await cycleMessages(CYCLE_PAIRS.web, 'export const A = 1;\n')).toEqual([]);
    expect(
      await cycleMessages(CYCLE_PAIRS.api, "import type { B } from './b.ts';\nexport const A: typeof B = 1;\n"),
    ).toEqual([]);
  });
});
