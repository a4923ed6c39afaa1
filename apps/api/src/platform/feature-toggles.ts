// Feature toggles enforced by the server (decision 034): a route, or a whole scope, declares the feature it belongs
// to (`config: { feature: 'caregiver' }`, or `belongsToFeature(scope, 'caregiver')`), and a program whose toggle
// for that feature is not on answers the route with FEATURE_DISABLED before anything else runs (before the door:
// the toggles are public, GET /resource/features tells them to anyone).
//
// The toggles are the database's after the first seed (operations change them there), so they are read from it,
// per program, and kept for FEATURE_TOGGLES_TTL_MS: a change is seen within that time, and a request costs no
// query of its own. GET /resource/features reads the rows afresh (the same query, given to this cache).
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureKey } from '@portal/contracts/resources';
import { featureToggle } from '../db/schema.ts';
import type { Executor } from './db.ts';
import { AppError } from './errors.ts';

/** How long a program's toggles are kept before they are read again. */
export const FEATURE_TOGGLES_TTL_MS = 15_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature a route belongs to: off in a program, the route answers FEATURE_DISABLED. */
    feature?: FeatureKey;
  }
}

/** A program's toggle rows, as the database has them. */
export type ToggleRowsReader = (programId: number) => Promise<{ key: string; enabled: boolean }[]>;

export interface FeatureToggles {
  /** Whether `feature` is on in the program: only a toggle that says true is on (the web's rule too). */
  isEnabled(programId: number, feature: FeatureKey): Promise<boolean>;
}

export function createFeatureToggles(
  readRows: ToggleRowsReader,
  clock: () => Date,
  ttlMs = FEATURE_TOGGLES_TTL_MS,
): FeatureToggles {
  const kept = new Map<number, { readAt: number; toggles: Promise<Map<string, boolean>> }>();
  const read = (programId: number) =>
    readRows(programId).then((rows) => new Map(rows.map((row) => [row.key, row.enabled])));

  function togglesOf(programId: number): Promise<Map<string, boolean>> {
    const now = clock().getTime();
    const entry = kept.get(programId);
    if (entry && now - entry.readAt < ttlMs) return entry.toggles;
    // One read at a time per program. A failed read keeps the toggles read before, if any, for another period;
    // with none, the request fails and the next one reads again.
    const toggles = read(programId).catch((error: unknown) => {
      if (entry) return entry.toggles;
      kept.delete(programId);
      throw error;
    });
    kept.set(programId, { readAt: now, toggles });
    return toggles;
  }

  return {
    async isEnabled(programId, feature) {
      return (await togglesOf(programId)).get(feature) === true;
    },
  };
}

/** Refuses every call of a feature its program has turned off. Registered once, at the root, after program resolution. */
export function registerFeatureGate(app: FastifyInstance, toggles: FeatureToggles): void {
  // A callback hook: the routes of no feature (nearly all) pass without a promise.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const { feature } = request.routeOptions.config;
    if (!feature) return done();
    toggles.isEnabled(request.program.id, feature).then(
      (enabled) => done(enabled ? undefined : new AppError('FEATURE_DISABLED')),
      (error: unknown) => done(error as Error),
    );
  });
}

/** Declares that every route of `scope` (a plugin's own encapsulated instance) belongs to `feature`. */
export function belongsToFeature(scope: FastifyInstance, feature: FeatureKey): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, feature };
  });
}

/** A program's toggles as its rows hold them, by key. */
export async function findFeatureToggles(db: Executor, programId: number) {
  return db
    .select({ key: featureToggle.key, enabled: featureToggle.enabled })
    .from(featureToggle)
    .where(eq(featureToggle.programId, programId))
    .orderBy(asc(featureToggle.key));
}
