// The managers' figures in a real browser (decision 081): a manager made by `staff:add` (set up and logged in through
// the API) goes from the console's home to the figures, switches a chart to its table view, downloads its CSV (counts
// only, no one's data) and filters by country; an agent sees no link to them. axe at 1366 px and 768 px.
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { program } from '../apps/api/src/db/schema.ts';
import { seedDemoYear } from '../apps/api/src/db/demo-year.ts';
import { readProgramConfigs } from '../apps/api/src/db/seed.ts';
import { refreshProgram, settingsByProgram } from '../apps/api/src/modules/adherence/public.ts';
import { computeProgramFigures } from '../apps/api/src/modules/figures/public.ts';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff } from './staff-support.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';

describe('the managers’ figures', () => {
  it('reads the figures, shows a chart as its table, downloads its CSV; an agent has no link to them', async () => {
    const es = textsOf(SLUG, 'es');
    const origin = setup.portal.origin(SLUG);
    const db = setup.portal.app.database.db;
    const [alivio] = await db
      .select({ id: program.id, slug: program.slug })
      .from(program)
      .where(eq(program.slug, SLUG));
    // The demo's living year (decision 080): figures with bars, and small cells for the rule to hide.
    const configs = readProgramConfigs(setup.portal.app.appConfig.PROGRAMS_DIR).filter((one) => one.slug === SLUG);
    await seedDemoYear(db, configs, setup.portal.app.appConfig.PROGRAMS_DIR);
    await refreshProgram(db, alivio!.id, settingsByProgram(configs, [alivio!])(alivio!.id), new Date(), { full: true });
    await computeProgramFigures(db, alivio!.id, new Date());
    const marker = randomBytes(3).toString('hex');

    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, `marta.${marker}@example.com`, ['manager:alivio'], {
      firstName: 'Marta',
      lastName: 'Gerente',
    });
    await page.goto(`${origin}/staff`);
    const nav = page.getByRole('navigation', { name: es['staff.home.manager.label']! });
    await nav.waitFor();
    await nav.getByRole('link', { name: es['staff.home.manager.figures']! }).click();
    await page.getByRole('heading', { level: 2, name: es['staff.figures.title']! }).waitFor();
    const enrolments = page.locator('[data-figure="enrolments"]');
    await enrolments.getByText(/inscripciones en/).waitFor();
    await expectNoAxeViolations(page, 'figures (es, 1366)');
    await shoot(page, 'staff-figures-1366');

    // The chart as a table: the same figures, read by a screen reader and printed.
    await enrolments.getByRole('button', { name: es['staff.figures.tableView']! }).click();
    await enrolments.getByRole('table').waitFor();
    expect(
      await enrolments.getByRole('button', { name: es['staff.figures.tableView']! }).getAttribute('aria-pressed'),
    ).toBe('true');
    await expectNoAxeViolations(page, 'figures, a table view (es, 1366)');

    // Its CSV, made in the browser: the header and a row per week, counts or "<5", no one's data.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      enrolments.getByRole('button', { name: es['staff.figures.downloadCsv']! }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('enrolments.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(`"${es['staff.figures.week']}","${es['staff.figures.enrolments.title']}"`);
    for (const line of lines.slice(1)) expect(line).toMatch(/^"\d{4}-\d{2}-\d{2}","(\d+|<5)"$/);
    expect(csv).not.toMatch(/@/);

    // Filtered by a country.
    await page.getByRole('combobox', { name: es['staff.figures.country']! }).selectOption('CR');
    await page.getByRole('button', { name: es['staff.figures.apply']! }).click();
    await page.locator('.staff-figures__country', { hasText: 'Costa Rica' }).waitFor();

    // Usable at 768 px.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= 768, undefined, { timeout: 5_000 })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolations(page, 'figures (es, 768)');
    await shoot(page, 'staff-figures-768');
    expect(problemsOf(page)).toEqual([]);
    await context.close();

    // An agent: no link to the figures, and the screen says it is for managers.
    const agent = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, agent.page, `ines.${marker}@example.com`);
    await agent.page.goto(`${origin}/staff`);
    await agent.page.getByRole('navigation', { name: es['staff.home.work.label']! }).waitFor();
    expect(await agent.page.getByRole('link', { name: es['staff.home.manager.figures']! }).count()).toBe(0);
    await agent.page.goto(`${origin}/staff/figures`);
    await agent.page.getByRole('heading', { name: es['staff.figures.notForRole.title']! }).waitFor();
    await agent.context.close();
  }, 120_000);
});
