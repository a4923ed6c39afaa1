// Environment, validated with zod at start-up: a bad value stops the server with the variable's name.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ProgramSlugSchema } from '@portal/contracts/program-files';
import { deriveSigningKeys, type SigningKeys } from './platform/crypto.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** The shortest secret accepted, in every environment: 32 characters of a random secret are beyond guessing. */
const MIN_SECRET_CHARS = 32;
const secretSchema = z.string().min(MIN_SECRET_CHARS, `must be at least ${MIN_SECRET_CHARS} characters`).optional();

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Listen address; default 127.0.0.1 outside production (a dev server is not for the café's network), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Port of the Prometheus metrics listener (GET /metrics only; decision 082); no listener unless set. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Listen address of the metrics listener; HOST unless set. */
  METRICS_HOST: z.string().min(1).optional(),
  /** Public origin used in links sent by e-mail; never taken from the Host header. */
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  PGLITE_DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data/pglite')),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
  /** Prefix of every Redis key, so that several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9:_-]{1,40}$/)
    .default('portal:'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  /**
   * Where booking notices by SMS or WhatsApp go (decision 058, addendum): a provider adapter's HTTPS endpoint that
   * takes `{ channel, to, text, id }` as JSON (credentials in the URL's user and password become Basic auth). Without
   * it, outside production, they go to the dev mailbox; in production without it, they are sent by e-mail instead.
   */
  SMS_URL: urlWithProtocols(['https:', 'http:']).optional(),
  /** Sender of every e-mail: `Name <address>` or a bare address. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be "Name <address>" or an address')
    .default('Portal <no-reply@portal.example>'),
  /** Whether this instance runs the outbox delivery worker (several instances may all run it). */
  MAIL_WORKER: booleanFromString.default(true),
  /** The session cache of decision 031 (off: every authenticated request reads the database). */
  SESSION_CACHE: booleanFromString.default(true),
  DEFAULT_PROGRAM: ProgramSlugSchema.default('alivio'),
  PROGRAMS_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'programs')),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  /**
   * How long a client may take to send a whole request, headers and body; slower ones are cut with 408 within a
   * second of it (platform/json-body.ts, `applyServerTimeouts`).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** How long a request for the server-rendered login waits for that page's first render before it gets the frame page (decision 029). */
  SERVER_RENDER_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  APP_VERSION: z
    .string()
    .regex(/^[0-9A-Za-z.+-]{1,50}$/)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFromString.optional(),
  TRUST_PROXY: booleanFromString.default(false),
  /** API calls a minute per address; sized for many patients behind one carrier NAT or clinic Wi-Fi. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(1200),
  /** How many times looser the per-address limit of an abuse-prone call is than its per-subject (e-mail, document) limit. */
  RATE_LIMIT_ADDRESS_FACTOR: z.coerce.number().int().min(1).max(1000).default(5),
  CLIENT_LOG_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  // Identity
  /** Encrypts the pools' private signing keys at rest; required in production. */
  KEY_ENCRYPTION_SECRET: secretSchema,
  /** Signs every mailed link and keys the rate-limit subjects, one key per purpose derived from it (decision 035); required in production. */
  SIGNING_SECRET: secretSchema,
  /** The old name of SIGNING_SECRET, still read when SIGNING_SECRET is not set (with a warning at start-up). */
  RECOVERY_HMAC_SECRET: secretSchema,
  LOGIN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(20),
  EMAIL_CHECK_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  RECOVERY_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(5),
  /** Exports of personal data per minute per account (decision 044); per address, the account calls' own limit. */
  EXPORT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(2),
  // Enrolment
  SIGNUP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  IDENTIFICATION_CHECK_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  CITIZEN_LOOKUP_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  PREREGISTRATION_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  // Benefits: discount codes made or renewed (PUT and POST .../renew together), per patient (decision 045)
  DISCOUNT_CODE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  /** POST /api/v1/pharmacy/verifications per minute per pharmacy key (decision 059). */
  PHARMACY_VERIFY_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(60),
  /** Of those, the lookups by identification (they tell that a person is enrolled): stricter, per key. */
  PHARMACY_IDENTIFICATION_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  /** And a day per key: reaching it mails the program's admins (decision 066). */
  PHARMACY_IDENTIFICATION_PER_DAY: z.coerce.number().int().min(1).max(100_000_000).default(100),
  // Booking: holds, bookings, moves and cancellations together, per patient (decision 058)
  BOOKING_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(20),
  /** Live holds a patient may have at once, across services (one per service at most; decision 067). */
  BOOKING_HOLDS_PER_PATIENT: z.coerce.number().int().min(1).max(100).default(2),
  /** GET /api/v1/coupon (opening a coupon link) per minute per patient plan named (× the factor per address). */
  COUPON_LINK_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(10),
  /** Base URL of the real citizen register (GET {url}/{type}/{number}); the local demo register otherwise. */
  CITIZEN_REGISTER_URL: urlWithProtocols(['http:', 'https:']).optional(),
  CITIZEN_REGISTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  // Traces (decision 084): OpenTelemetry's own variables; off unless an OTLP endpoint is set
  /** The collector's base URL; spans go to `{url}/v1/traces` (OTLP over HTTP, JSON). */
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
  /** The traces' own URL, taken as it is; wins over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('portal-api'),
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default('parentbased_always_on'),
  /** The ratio of the `traceidratio` samplers, 0 to 1 (1 by default). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** `true` turns tracing off even with an endpoint set. */
  OTEL_SDK_DISABLED: booleanFromString.default(false),
  // Password hashing (decision 043)
  /** Threads that hash passwords, apart from libuv's pool; the machine's available parallelism by default. */
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  /** Hashes that may wait for a thread; the next login (sign-up, reset, change) gets 503 at once. 32 per thread by default. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type Env = z.infer<typeof EnvSchema>;

export type AppConfig = Omit<Env, 'HOST' | 'PASSWORD_HASH_THREADS' | 'PASSWORD_HASH_QUEUE'> & {
  HOST: string;
  PASSWORD_HASH_THREADS: number;
  PASSWORD_HASH_QUEUE: number;
  PUBLIC_URL: string;
  appVersion: string;
  seedDemo: boolean;
  keyEncryptionSecret: string;
  /** The keys derived from SIGNING_SECRET, one per purpose (decision 035). */
  signingKeys: SigningKeys;
  /** What the server should say once it can log (a variable under its old name). */
  warnings: string[];
};

/**
 * Development-only secrets, so that `npm start` needs no set-up. They are published with the source, so anyone can
 * sign links or decrypt pool keys with them: production refuses to start without real ones, and with these.
 */
export const DEV_KEY_ENCRYPTION_SECRET = 'dev-only-key-encryption-secret-change-me-0001';
export const DEV_SIGNING_SECRET = 'dev-only-signing-secret-change-me-00000000001';
const DEV_SECRETS: ReadonlySet<string> = new Set([DEV_KEY_ENCRYPTION_SECRET, DEV_SIGNING_SECRET]);
/** Every variable that holds a secret; production refuses a development value in any of them. */
const SECRET_VARIABLES = [
  'KEY_ENCRYPTION_SECRET',
  'SIGNING_SECRET',
  'RECOVERY_HMAC_SECRET',
] as const satisfies (keyof Env)[];

/** The default bound of hashes waiting, per hashing thread (decision 043). */
export const HASH_QUEUE_PER_THREAD = 32;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const parsed = result.data;
  const problems: string[] = [];
  const warnings: string[] = [];
  // Operators who set the old name keep working; two different values would sign with one and leave the other unused.
  const signingSecret = parsed.SIGNING_SECRET ?? parsed.RECOVERY_HMAC_SECRET;
  if (parsed.RECOVERY_HMAC_SECRET !== undefined) {
    if (parsed.SIGNING_SECRET !== undefined && parsed.SIGNING_SECRET !== parsed.RECOVERY_HMAC_SECRET) {
      problems.push(
        'SIGNING_SECRET, RECOVERY_HMAC_SECRET: both set and different; RECOVERY_HMAC_SECRET is the old name of SIGNING_SECRET, keep only SIGNING_SECRET',
      );
    } else {
      warnings.push(
        'RECOVERY_HMAC_SECRET is the old name of SIGNING_SECRET: rename the variable (the value stays the same)',
      );
    }
  }
  if (parsed.NODE_ENV === 'production') {
    if (!parsed.KEY_ENCRYPTION_SECRET) problems.push('KEY_ENCRYPTION_SECRET: required in production');
    if (!signingSecret) problems.push('SIGNING_SECRET: required in production');
    for (const name of SECRET_VARIABLES) {
      const value = parsed[name];
      // Any published development value, whichever variable it was copied into. (Shorter than 32 characters the
      // schema has already refused, in every environment.)
      if (value !== undefined && DEV_SECRETS.has(value))
        problems.push(`${name}: is a development secret published with the source; set a random secret of your own`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  const hashThreads = parsed.PASSWORD_HASH_THREADS ?? availableParallelism();
  return {
    ...parsed,
    PASSWORD_HASH_THREADS: hashThreads,
    // About a second of waiting at most (a hash takes some 30 ms on one thread), whatever the number of threads.
    PASSWORD_HASH_QUEUE: parsed.PASSWORD_HASH_QUEUE ?? HASH_QUEUE_PER_THREAD * hashThreads,
    HOST: parsed.HOST ?? (parsed.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    // Links in e-mails point to the port this server listens on unless the deployment says otherwise.
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    appVersion: parsed.APP_VERSION ?? readPackageVersion(),
    seedDemo: parsed.SEED_DEMO ?? parsed.NODE_ENV !== 'production',
    keyEncryptionSecret: parsed.KEY_ENCRYPTION_SECRET ?? DEV_KEY_ENCRYPTION_SECRET,
    signingKeys: deriveSigningKeys(signingSecret ?? DEV_SIGNING_SECRET),
    warnings,
  };
}

function readPackageVersion(): string {
  // The root package.json's version is the product version.
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
