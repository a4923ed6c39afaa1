#!/usr/bin/env node
// `npm test`: installs Debian's Chromium headless shell, redis-server and a speech engine when missing, and Node 24 (an
// npm package in tools/node24, decision 083), checks PostgreSQL, builds the web app, lints the OpenAPI document, runs
// every suite (unit, API on PGlite and PostgreSQL, browser on the machine's Node; contracts and API again on Node 24)
// and ends with one line per suite, then one for all: `N passed, N failed`. Test files named after `--`
// (`npm test -- e2e/shell.test.ts`) narrow the suites to them (vitest's file filters); the checks and the build run whole.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
/** The browser tests' Chromium: Debian's headless shell (e2e/chromium.ts, decision 063). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';
const fileFilters = process.argv.slice(2);
/** The run's PGlite template (decision 036): made by the first vitest run's global setup, taken by the second. */
const pgliteTemplateDir = path.join(resultsDir, 'pglite-template');
/** Node 24 LTS from the npm registry's `node` package, in a folder of its own so that its bin shadows no npm script. */
const node24Dir = path.join(root, 'tools/node24');
const NODE24 = path.join(node24Dir, 'node_modules/node/bin/node');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/**
 * Starts a command beside the others; its output goes to `logFile` (shown once it ends, so that it does not interleave).
 * A file rather than a pipe: `run` blocks this process's event loop, which would leave a pipe unread.
 */
function runBeside(command, args, logFile, options = {}) {
  const fd = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', fd, fd], ...options });
  closeSync(fd);
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

let aptUpdated = false;
/** Installs a Debian package when `isPresent` says it is missing (as root; otherwise says what to run). */
function ensureDebianPackage(name, isPresent, extraArgs = []) {
  if (isPresent()) return;
  if (process.getuid?.() !== 0) {
    console.error(`${name} is missing. Install Debian's package: sudo apt-get install -y ${name}`);
    process.exit(1);
  }
  console.log(`Installing Debian ${name} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated && run('apt-get', ['update', '-qq'], { env }) !== 0) {
    console.error('apt-get update failed');
    process.exit(1);
  }
  aptUpdated = true;
  if (run('apt-get', ['install', '-y', '-qq', ...extraArgs, name], { env }) !== 0) {
    console.error(`apt-get could not install ${name}`);
    process.exit(1);
  }
}

function ensureChromium() {
  ensureDebianPackage('chromium-headless-shell', () => existsSync(CHROMIUM));
}

/** The fault tests start and stop a redis-server of their own (apps/api/src/test/redis-server.ts). */
/**
 * Chromium's speech engine on Linux (speech-dispatcher with its eSpeak NG module): the learning screens' Listen is
 * tested with it, silently (e2e/chromium.ts). Without recommended packages: no sound server is needed.
 */
function ensureSpeechEngine() {
  ensureDebianPackage(
    'speech-dispatcher-espeak-ng',
    () => existsSync('/usr/bin/speech-dispatcher') && existsSync('/usr/lib/speech-dispatcher-modules/sd_espeak-ng'),
    ['--no-install-recommends'],
  );
}

function ensureRedisServer() {
  ensureDebianPackage('redis-server', () => spawnSync('redis-server', ['--version']).status === 0);
}

/**
 * Prometheus and promtool (decision 082): the metrics tests lint the exposition, check and unit-test ops/alerts.yml,
 * and start a Prometheus server that scrapes two instances. Without recommended packages: no exporters are needed.
 */
function ensurePrometheus() {
  ensureDebianPackage(
    'prometheus',
    () => spawnSync('promtool', ['--version']).status === 0 && spawnSync('prometheus', ['--version']).status === 0,
    ['--no-install-recommends'],
  );
}

/** Installs tools/node24 (`npm ci` there) when its Node is missing or is not the version its lockfile pins. */
function ensureNode24() {
  const pinned = JSON.parse(readFileSync(path.join(node24Dir, 'package-lock.json'), 'utf8')).packages[
    'node_modules/node'
  ].version;
  const installed = spawnSync(NODE24, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (installed === `v${pinned}`) return;
  console.log(`Installing Node ${pinned} (npm ci in tools/node24)...`);
  if (run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: node24Dir }) !== 0 || !existsSync(NODE24)) {
    console.error('npm ci in tools/node24 could not install Node 24');
    process.exit(1);
  }
}

function postgresReachable() {
  const url = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Each failed test (or file that failed to load) of a vitest JSON report, with the start of its message. */
function failuresOf(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed)
      lines.push(`FAILED ${where} > ${a.fullName}\n  ${firstLines(a.failureMessages?.join('\n'))}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`FAILED ${where}\n  ${firstLines(file.message)}`);
  }
  return lines;
}

const firstLines = (text = '') => text.split('\n').slice(0, 6).join('\n  ').slice(0, 800);

/** What failed, repeated at the end so that the tail of the output names it. */
const failures = [];

/**
 * Runs vitest's `projects` as the suite `name`. With `nodeBinary`, under that Node (first on the PATH too, so that
 * what the tests start with `node` or `npm` runs on it as well); otherwise under the machine's.
 */
function vitest(name, projects, nodeBinary) {
  const outputFile = path.join(resultsDir, `${name}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    // A suite without any of the named files passes empty.
    ...(fileFilters.length > 0 ? [...fileFilters, '--passWithNoTests'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const env = { ...process.env, PORTAL_PGLITE_TEMPLATE_DIR: pgliteTemplateDir };
  const started = Date.now();
  const status = nodeBinary
    ? run(nodeBinary, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
        env: { ...env, PATH: `${path.dirname(nodeBinary)}${path.delimiter}${env.PATH ?? ''}` },
      })
    : run('npx', ['vitest', ...args], { env });
  const seconds = Math.round((Date.now() - started) / 1000);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    skipped = report.numPendingTests + report.numTodoTests;
    failures.push(
      ...failuresOf(report).map((line) => (nodeBinary ? line.replace('FAILED', `FAILED (${name})`) : line)),
    );
    // A suite that failed to load (e.g. a global setup error) counts as a failure too.
    if (status !== 0 && failed === 0) failed = 1;
  } else if (status !== 0) {
    failed = 1;
  }
  console.log(`\n${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds} s)`);
  return { name, status, passed, failed, skipped, seconds };
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

ensureChromium();
ensureRedisServer();
ensureSpeechEngine();
ensurePrometheus();
ensureNode24();
const hasPostgres = await postgresReachable();
const unitProjects = ['contracts', 'scripts', 'web', 'api-pglite'];
let missingPostgres = 0;
if (hasPostgres) {
  unitProjects.push('api-postgres');
} else if (requirePostgres) {
  console.error('PostgreSQL is not reachable at 127.0.0.1:5432 and REQUIRE_POSTGRES=1: failing.');
  missingPostgres = 1;
} else {
  console.warn(
    'WARNING: PostgreSQL is not reachable; the api-postgres suite is skipped (set REQUIRE_POSTGRES=1 to fail instead).',
  );
}

// The checks (types, lint, format, program files) and the web build run beside the unit suites, which read neither: a
// unit file waits on its database, on password hashing and on timers for much of its time, so the cores have room.
// Only the browser tests need the build. Brotli and gzip at a quick level (decision 036): `npm run build` alone makes
// the production build. A failed check fails the run as before; its output is shown once it ends.
const checkLog = path.join(resultsDir, 'check.log');
const checking = runBeside('npm', ['run', '--silent', 'check'], checkLog);
const buildLog = path.join(resultsDir, 'build.log');
const building = runBeside('npm', ['run', '--silent', 'build'], buildLog, {
  env: { ...process.env, PORTAL_TEST_BUILD: '1' },
});
// The OpenAPI document through Redocly's recommended rules (decision 057), beside them too: 0 errors, 0 warnings.
const lintApiLog = path.join(resultsDir, 'lint-api.log');
const lintingApi = runBeside('npm', ['run', '--silent', 'lint:api'], lintApiLog);
const suites = [vitest('unit', unitProjects)];
const buildStatus = await building;
console.log(`\nnpm run build (beside the unit suites):\n${readFileSync(buildLog, 'utf8')}`);
const lintApiStatus = await lintingApi;
console.log(`\nnpm run lint:api (beside the unit suites):\n${readFileSync(lintApiLog, 'utf8')}`);
if (lintApiStatus !== 0) failures.push('FAILED npm run lint:api (the OpenAPI document, see its output above)');
if (buildStatus === 0) suites.push(vitest('e2e', ['e2e']));
// The contracts and the API (PGlite and PostgreSQL) once more on Node 24 LTS (decision 083), after the browser tests so
// that the two never share the cores: the same PGlite template, databases of its own on PostgreSQL (a new run prefix).
suites.push(vitest('node24', ['contracts', 'api-pglite', ...(hasPostgres ? ['api-postgres'] : [])], NODE24));
const checkStatus = await checking;
console.log(`\nnpm run check (beside the suites):\n${readFileSync(checkLog, 'utf8')}`);
rmSync(pgliteTemplateDir, { recursive: true, force: true });

const passed = suites.reduce((sum, s) => sum + s.passed, 0);
const failed =
  suites.reduce((sum, s) => sum + s.failed, 0) +
  missingPostgres +
  (buildStatus === 0 ? 0 : 1) +
  (lintApiStatus === 0 ? 0 : 1) +
  (checkStatus === 0 ? 0 : 1);
const skipped = suites.reduce((sum, s) => sum + s.skipped, 0);
if (failures.length > 0) console.log(`\n${failures.join('\n')}\n`);
for (const s of suites)
  console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && suites.every((s) => s.status === 0) ? 0 : 1);
