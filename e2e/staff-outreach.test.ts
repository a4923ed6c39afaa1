// The outreach list in a real browser (decision 080): with alivio's living year seeded and refreshed, an agent made by
// `staff:add` reads the list, takes the patient at most risk (the record opens with the reason "outbound adherence
// call" already chosen), records "no answer" with the day to try again (the patient leaves the list), then takes the
// next one and records "reached, will buy". The record shows the PDC, the gap and persistence. axe 0, es and en;
// screenshots at 1366 and 768 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { refreshProgram, settingsByProgram } from '../apps/api/src/modules/adherence/public.ts';
import { seedDemoYear } from '../apps/api/src/db/demo-year.ts';
import { readProgramConfigs } from '../apps/api/src/db/seed.ts';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff } from './staff-support.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';

const heading = (page: Page, name: string | RegExp, level = 2) => page.getByRole('heading', { level, name });

async function seedYear() {
  const { database, appConfig, programs } = setup.portal.app;
  const configs = readProgramConfigs(appConfig.PROGRAMS_DIR).filter((config) => config.slug === SLUG);
  await seedDemoYear(database.db, configs, appConfig.PROGRAMS_DIR);
  const alivio = programs.get(SLUG)!;
  await refreshProgram(database.db, alivio.id, settingsByProgram(configs, [alivio])(alivio.id), new Date(), {
    full: true,
  });
}

const rows = (page: Page) => page.locator('.staff-table--outreach tbody tr');
/** The patient of the list's first row (its id, not its name: made-up names repeat). */
const firstPatient = async (page: Page) => (await rows(page).first().getAttribute('data-patient')) ?? '';
const listed = async (page: Page) =>
  rows(page).evaluateAll((found) => found.map((row) => row.getAttribute('data-patient')));

describe('the outreach list', () => {
  it('an agent takes the patient at most risk, records "no answer", then the next one "will buy"', async () => {
    await seedYear();
    const es = textsOf(SLUG, 'es');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, 'lia.agente@example.com', ['agent:alivio'], {
      firstName: 'Lía',
      lastName: 'Agente',
    });
    await page.goto(`${setup.portal.origin(SLUG)}/staff`);
    await page.getByRole('link', { name: es['staff.home.work.outreach']! }).click();
    await heading(page, es['staff.outreach.title']!).waitFor();
    await rows(page).first().waitFor();
    await expectNoAxeViolations(page, 'outreach list (es, 1366)');
    await shoot(page, 'staff-outreach-1366');

    // Take the first: the record asks for the reason with "outbound adherence call" chosen.
    const first = await firstPatient(page);
    await rows(page)
      .first()
      .getByRole('button', { name: /^Tomar a / })
      .click();
    const outbound = page.getByRole('radio', { name: es['staff.records.reason.outboundAdherenceCall']! });
    await outbound.waitFor();
    expect(await outbound.isChecked()).toBe(true);
    await page.getByRole('button', { name: es['staff.records.reason.submit']! }).click();
    await heading(page, es['staff.outreach.outcome.title']!, 3).waitFor();
    await heading(page, es['staff.adherence.title']!, 3).waitFor();
    await expectNoAxeViolations(page, 'outreach record (es, 1366)');

    // No answer: tomorrow is chosen; the patient leaves the list until then.
    await page.getByRole('radio', { name: es['staff.outreach.outcome.noAnswer']! }).check({ force: true });
    await page.getByRole('button', { name: es['staff.outreach.outcome.submit']! }).click();
    await page.getByText(/volverá a la lista/).waitFor();
    await page.getByRole('link', { name: es['staff.outreach.backToList']! }).first().click();
    await rows(page).first().waitFor();
    await expect.poll(() => listed(page)).not.toContain(first);

    // The next one: reached, will buy.
    const second = await firstPatient(page);
    await rows(page).first().getByRole('button').click();
    await page.getByRole('button', { name: es['staff.records.reason.submit']! }).click();
    await page.getByRole('radio', { name: es['staff.outreach.outcome.willBuy']! }).check({ force: true });
    await page.getByRole('button', { name: es['staff.outreach.outcome.submit']! }).click();
    await page.getByText(/volverá a la lista/).waitFor();
    await page.getByRole('link', { name: es['staff.outreach.backToList']! }).first().click();
    await rows(page).first().waitFor();
    await expect.poll(() => listed(page)).not.toContain(second);

    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolations(page, 'outreach list (es, 768)');
    await shoot(page, 'staff-outreach-768');

    // In English too.
    await page.setViewportSize(DESKTOP);
    const en = textsOf(SLUG, 'en');
    await page.goto(`${setup.portal.origin(SLUG)}/en/staff/outreach`);
    await heading(page, en['staff.outreach.title']!).waitFor();
    await rows(page).first().waitFor();
    await expectNoAxeViolations(page, 'outreach list (en, 1366)');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
