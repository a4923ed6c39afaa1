// Lint: typescript-eslint's type-checked rules, React hooks, the house's import boundaries (decision 037) and no import
// cycles in the apps (decision 065).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const REPO_ROOT = import.meta.dirname;
const WEB_SRC = 'apps/web/src';
const API_MODULES = 'apps/api/src/modules';
// The app layer: its folder and the entry files beside it.
const WEB_APP = [`${WEB_SRC}/app`, `${WEB_SRC}/main.tsx`, `${WEB_SRC}/boot.ts`, `${WEB_SRC}/entry-server.tsx`];

// Imports that break a boundary today and are kept on purpose, each with its reason (decision 037).
const KNOWN_EXCEPTIONS = [];

/** The folder names directly inside `folder` (read at lint time, so a new folder is covered from its first file). */
function listFolders(folder) {
  try {
    return readdirSync(path.join(REPO_ROOT, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * The zones of `import-x/no-restricted-paths`: checked on the resolved file, however the import is spelled.
 * Web: lib, components, program -> patient -> features/<x> -> app; a feature never imports another feature.
 * API: a module reaches another module only through its public file (`public.ts`); platform never imports modules.
 */
function buildBoundaryZones() {
  // The features are the folders that exist: a new one is guarded from its first file, and none is named ahead.
  const features = listFolders(`${WEB_SRC}/features`).sort();
  const modules = listFolders(API_MODULES);
  return [
    {
      target: [`${WEB_SRC}/lib`, `${WEB_SRC}/components`, `${WEB_SRC}/program`],
      from: [`${WEB_SRC}/patient`, `${WEB_SRC}/features`, ...WEB_APP],
      message: 'Shared code (lib, components, program) must not import the patient layer, a feature or the app.',
    },
    {
      target: `${WEB_SRC}/patient`,
      from: [`${WEB_SRC}/features`, ...WEB_APP],
      message: 'The patient layer must not import a feature or the app.',
    },
    { target: `${WEB_SRC}/features`, from: WEB_APP, message: 'A feature must not import the app.' },
    ...features.map((feature) => ({
      target: `${WEB_SRC}/features/${feature}`,
      from: `${WEB_SRC}/features`,
      except: [`./${feature}`],
      message: 'A feature must not import another feature: move what both need to the patient layer or to shared code.',
    })),
    ...moduleZones(modules),
    { target: 'apps/api/src/platform', from: API_MODULES, message: 'The platform must not import a module.' },
  ];
}

/** A module reaches another only through that module's public file (decision 064), never its internals. */
function moduleZones(modules) {
  return modules.flatMap((module) =>
    modules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `${API_MODULES}/${module}`,
        from: `${API_MODULES}/${other}`,
        except: ['./public.ts'],
        message: `A module must not reach into another module's internals: import what ${other} offers from ${other}/public.ts.`,
      })),
  );
}

/** The zones without the one import that `exception` allows (for a config block of its file only). */
function withoutException(zones, exception) {
  return zones
    .map((zone) => ({ ...zone, from: [zone.from].flat().filter((from) => from !== exception.imports) }))
    .filter((zone) => zone.from.length > 0);
}

const BOUNDARY_ZONES = buildBoundaryZones();
// The API's tests set up data across the house (a patient with a row in every table, a purge after a disowning):
// they may use another module's internals; the code they test may not.
const MODULE_ZONE_MESSAGES = new Set(moduleZones(listFolders(API_MODULES)).map((zone) => zone.message));
const API_TEST_ZONES = BOUNDARY_ZONES.filter((zone) => !MODULE_ZONE_MESSAGES.has(zone.message));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/dev-dist/**',
      '.data/**',
      'apps/api/src/db/migrations/**',
      // Typed by the client generated from the OpenAPI document, which only its test makes and compiles (decision 057).
      'apps/api/src/test/client/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is typed by the nearest tsconfig that includes it (apps/web, apps/api, packages/contracts);
        // the root vitest.config.ts is in none, so it gets the base options.
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: REPO_ROOT,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // The files import-x reads to follow imports: without .ts and .tsx, no-cycle would see no dependency of ours.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // React discards what an event handler returns, and react-hook-form's handleSubmit is a promise by design:
      // a `void` around each form's submit would change nothing (decision 037). Other places are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Deferred: many hits that are style or test-double noise, not bugs; each can be turned on with its own
      // clean-up commit once the files settle (decision 037).
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': ['error', { basePath: REPO_ROOT, zones: BOUNDARY_ZONES }],
    },
  },
  ...KNOWN_EXCEPTIONS.map((exception) => ({
    files: [exception.file],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: REPO_ROOT, zones: withoutException(BOUNDARY_ZONES, exception) },
      ],
    },
  })),
  {
    // e2e/tsconfig.json types e2e/, bench/ and scripts/: the project service would not find it from bench/ and
    // scripts/, and one program for the three costs less than two.
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './e2e/tsconfig.json' } },
  },
  {
    // The JavaScript config and scripts are in no tsconfig: they are linted without types.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // No import cycle in the apps' source, dynamic imports included (a lazy chunk that imports its loader is one).
    // Scoped to the two apps' source; ignoreExternal keeps the walk out of node_modules. No maxDepth: the whole rule
    // costs about a second of a cold lint (decision 065).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/api/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: REPO_ROOT, zones: API_TEST_ZONES }] },
  },
  {
    files: ['scripts/**', 'bench/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
