// What a domain module brings, declared in one place of its own (`modules/<name>/module.ts`, decision 064): its routes
// per door, the doors it opens, its feature toggle, its jobs, the audit actions it records, the mail kinds it sends
// and its part of the patient's data. `app.ts` assembles the list in `modules.ts` and names no domain: adding a module
// is a folder and one line.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FeatureKey } from '@portal/contracts/resources';
import type { AppConfig } from '../config.ts';
import type { AuditAction } from './audit.ts';
import type { Database, Db } from './db.ts';
import type { Door, DoorResolver } from './door.ts';
import type { Job } from './jobs.ts';
import type { MailKind } from './mail/kinds.ts';
import type { Metrics } from './metrics.ts';
import type { PasswordHashing } from './passwords.ts';
import type { PatientDataPart } from './patient-data.ts';
import type { ProgramPictures } from './program-icons.ts';
import type { ProgramRegistry } from './programs.ts';
import type { RedisConnection } from './redis.ts';

/** What the platform gives every module when the app is built. */
export interface ModuleContext {
  /** The app: its logger, and the place for a decoration a module owns (`app.identity`). */
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  db: Db;
  /** The time of every rule with a deadline; tests move it. */
  clock: () => Date;
  /** Shared counters across instances (decision 011); none in the embedded default. */
  redis: RedisConnection | undefined;
  passwords: PasswordHashing;
  programs: ProgramRegistry;
  pictures: ProgramPictures;
  /** Where the lesson files are read (tests' own lessons; otherwise PROGRAMS_DIR). */
  learningDir: string;
  /** Wakes the outbox worker after a transaction that queued a mail has committed. */
  mailQueued: () => void;
  /** Every part of the patient's data, the platform's and each module's (`src/patient-data.ts`): the export's. */
  patientData: readonly PatientDataPart[];
  /** The app's metrics (decision 082): a module counts its program's events through it. */
  metrics: Metrics;
}

/**
 * Where a module's routes sit: `root` outside the API (health, files), `public` in /api/v1 with no door, or the name
 * of a door (`patient`, `pharmacy`): every route of that scope is behind that door.
 */
export type RouteScope = string;

/** A door a module opens: the door, and how it resolves a request's credential to who acts and whose care. */
export interface OpenDoor {
  door: Door<unknown>;
  resolve: DoorResolver<unknown>;
}

/** What a module makes from the context: its route plugins per scope, the doors it opens, its jobs. */
export interface ModuleParts {
  routes?: Partial<Record<RouteScope, FastifyPluginAsync>>;
  doors?: OpenDoor[];
  jobs?: Job[];
}

/**
 * `Data` is the type of the module's part of the patient's data, kept so that `src/patient-data.ts` can check, from
 * the list of modules, that every table of schema.ts is covered by one part (none for a module without one).
 */
export interface PortalModule<Data extends PatientDataPart | undefined = PatientDataPart | undefined> {
  /** The module's folder name. */
  name: string;
  /**
   * The tables it owns, each classified as a patient's data or not, with what the data export and `accounts:purge`
   * do with them: its own `patient-data.ts`, made with `definePatientData` (platform/patient-data.ts, decision 033).
   */
  patientData?: Data;
  /** The program feature toggle its routes belong to (off: FEATURE_DISABLED before the door, decision 034). */
  feature?: FeatureKey;
  /** The audit actions it records (platform/audit.ts keeps the catalogue; each action belongs to one module). */
  auditActions?: readonly AuditAction[];
  /** The kinds of mail it sends: each kind's payload schema, texts and what it adds when rendered (platform/mail/kinds.ts). */
  mailKinds?: readonly MailKind[];
  build(context: ModuleContext): ModuleParts | Promise<ModuleParts>;
}

/** A module's declaration, checked by its type, with its part of the patient's data's own type. */
export const defineModule = <Data extends PatientDataPart | undefined = undefined>(
  module: PortalModule<Data>,
): PortalModule<Data> => module;

/** A door with its resolver, typed together: the resolver answers the door's own kind of caller. */
export const openDoor = <TCaller>(door: Door<TCaller>, resolve: DoorResolver<TCaller>): OpenDoor => ({
  door: door as Door<unknown>,
  resolve,
});
