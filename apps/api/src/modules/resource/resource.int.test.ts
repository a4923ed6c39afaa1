import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrandingResponseSchema,
  CountriesResponseSchema,
  FieldSettingsResponseSchema,
  ProgramPlanResponseSchema,
} from '@portal/contracts/resources';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { COUNTRY_CODES } from '@portal/contracts/enums';
import { eq } from 'drizzle-orm';
import { readProgramConfigs } from '../../db/seed.ts';
import { featureToggle } from '../../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';

describe(`program resources (${TEST_DB})`, () => {
  let t: TestApp;
  const configs = readProgramConfigs(new URL('../../../../../programs', import.meta.url).pathname);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists the eight countries with names in the requested language', async () => {
    const es = CountriesResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/resource/countries?lang=es' })).json(),
    );
    const en = CountriesResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/resource/countries?lang=en' })).json(),
    );
    expect(es.data.map((c) => c.code).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(es.data.find((c) => c.code === 'DO')?.name).toBe('República Dominicana');
    expect(en.data.find((c) => c.code === 'DO')?.name).toBe('Dominican Republic');
    expect(en.data.find((c) => c.code === 'TT')?.dialCode).toBe('+1');
  });

  it('answers the countries with an ETag, so that a return visit gets a 304 without the body', async () => {
    const first = await t.app.inject({ url: '/api/v1/resource/countries?lang=es' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toContain('max-age');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    expect(first.headers.vary).toContain('accept-encoding');
    // A strong ETag of the bytes themselves: the same answer on every instance, a new one when the list changes.
    expect(etag).toBe(`"${createHash('sha256').update(first.body).digest('base64url').slice(0, 22)}"`);
    const again = await t.app.inject({ url: '/api/v1/resource/countries?lang=es', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    const english = await t.app.inject({
      url: '/api/v1/resource/countries?lang=en',
      headers: { 'if-none-match': etag },
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);
  });

  it('refuses an unknown language with a documented validation error', async () => {
    const response = await t.app.inject({ url: '/api/v1/resource/countries?lang=fr' });
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fieldErrors ?? {})).toContain('lang');
  });

  it('resolves the program from the host and serves each program its own plan and branding', async () => {
    for (const config of configs) {
      const plan = ProgramPlanResponseSchema.parse(
        (await t.app.inject({ url: '/api/v1/resource/support/plan', headers: { host: hostOf(config.slug) } })).json(),
      );
      expect(plan.data.slug).toBe(config.slug);
      expect(plan.data.name).toBe(config.name);
      expect(plan.data.supportPlans.map((p) => p.id).sort()).toEqual(config.supportPlans.map((p) => p.id).sort());
      const branding = BrandingResponseSchema.parse(
        (await t.app.inject({ url: '/api/v1/resource/branding', headers: { host: hostOf(config.slug) } })).json(),
      );
      expect(branding.data.colors.primary).toBe(config.branding.colors.primary);
      expect(branding.data.logoUrl).toBe(`/program/${config.slug}/${config.branding.logoPath}`);
      // The header's mark as a PNG with its size in CSS pixels (the programs' logos are square), the tab's icon.
      expect(branding.data.mark).toEqual({ url: `/program/${config.slug}/icons/mark.png`, width: 40, height: 40 });
      expect(branding.data.iconUrl).toBe(`/program/${config.slug}/icons/icon-32.png`);
    }
    const names = new Set(configs.map((c) => c.branding.colors.primary));
    expect(names.size).toBe(configs.length);
  });

  it('serves the default program on plain localhost and on unknown subdomains', async () => {
    for (const host of ['localhost:3000', 'nope.localhost:3000']) {
      const plan = ProgramPlanResponseSchema.parse(
        (await t.app.inject({ url: '/api/v1/resource/support/plan', headers: { host } })).json(),
      );
      expect(plan.data.slug).toBe(t.config.DEFAULT_PROGRAM);
    }
  });

  it('answers the feature toggles stored in the database, per program', async () => {
    const [first, second] = configs;
    const before = (
      await t.app.inject({ url: '/api/v1/resource/features', headers: { host: hostOf(first!.slug) } })
    ).json();
    expect(before.data.featureToggles).toEqual(first!.featureToggles);
    const programId = t.app.programs.get(first!.slug)!.id;
    await t.database.db.update(featureToggle).set({ enabled: false }).where(eq(featureToggle.programId, programId));
    const after = (
      await t.app.inject({ url: '/api/v1/resource/features', headers: { host: hostOf(first!.slug) } })
    ).json();
    expect(Object.values(after.data.featureToggles).every((value) => value === false)).toBe(true);
    const other = (
      await t.app.inject({ url: '/api/v1/resource/features', headers: { host: hostOf(second!.slug) } })
    ).json();
    expect(other.data.featureToggles).toEqual(second!.featureToggles);
  });

  it('answers the field settings of a plan of the program, and 404 for another program’s plan', async () => {
    const [first, second] = configs;
    const ownPlan = first!.supportPlans[0]!;
    const own = await t.app.inject({
      url: `/api/v1/support/plan/${ownPlan.id}/field-settings`,
      headers: { host: hostOf(first!.slug) },
    });
    expect(own.statusCode).toBe(200);
    expect(FieldSettingsResponseSchema.parse(own.json()).data.fieldSettings).toEqual(ownPlan.fieldSettings);
    const foreign = await t.app.inject({
      url: `/api/v1/support/plan/${second!.supportPlans[0]!.id}/field-settings`,
      headers: { host: hostOf(first!.slug) },
    });
    expect(foreign.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(foreign.json()).error.code).toBe('SUPPORT_PLAN_NOT_FOUND');
    const bad = await t.app.inject({ url: '/api/v1/support/plan/abc/field-settings' });
    expect(bad.statusCode).toBe(400);
  });
});
