// Finding a patient and opening the record in the staff console, in a real browser (decision 074): an agent made by
// `staff:add` (set up and logged in through the API, as staff-console.test.ts does it through the screens) finds the
// demo patient by identification and by name, gives the reason, reads the record; the patient then reads the opening
// in the access log. The terms never reach the URL; a reload of the record asks for the reason again. axe everywhere.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff } from './staff-support.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { configOf, textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';

const heading = (page: Page, name: string | RegExp, level = 2) =>
  page.getByRole('heading', { level, name, exact: typeof name === 'string' });

/** Every link and button of the console is a 44 px target. */
async function expectTargets(page: Page) {
  const small = await page.locator('main a, main button, main label:has(input[type="radio"])').evaluateAll((elements) =>
    elements
      .map((element) => ({
        text: (element.textContent ?? '').trim(),
        height: element.getBoundingClientRect().height,
      }))
      .filter((one) => one.height > 0 && one.height < 44),
  );
  expect(small).toEqual([]);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('finding a patient and opening the record', () => {
  it('an agent finds the demo patient by identification and by name, opens the record with a reason, and the patient sees it', async () => {
    const es = textsOf(SLUG, 'es');
    const origin = setup.portal.origin(SLUG);
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, 'ines.agente@example.com');

    // Home: the way to the search, for an agent.
    await page.goto(`${origin}/staff`);
    await page.getByRole('link', { name: es['staff.home.work.patients']! }).click();
    await heading(page, es['staff.records.search.title']!).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-search-title');
    await expectNoAxeViolations(page, 'staff search (es, 1366)');
    await expectTargets(page);

    // A term missing: the catalogue's message on the field, no call.
    await page.getByRole('radio', { name: es['staff.records.search.by.email']! }).check({ force: true });
    await page.getByRole('button', { name: es['staff.records.search.submit']!, exact: true }).click();
    await page.getByText(es['login.email.required']!).first().waitFor();

    // By identification: the country, the type as it is called there, the number.
    await page.getByRole('radio', { name: es['staff.records.search.by.identification']! }).check({ force: true });
    await chooseOption(page, es['staff.records.search.country.label']!, 'Costa Rica');
    await chooseOption(page, es['signup.idNumber.type.label']!, es['signup.identification.types.identification']!);
    await page.getByRole('textbox', { name: es['signup.idNumber.label']! }).fill('1-0999-0001');
    await page.getByRole('button', { name: es['staff.records.search.submit']!, exact: true }).click();
    const row = page.getByRole('row', { name: /María Rodríguez Solís/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('******001');
    expect(await page.getByRole('table').locator('tbody tr').count()).toBe(1);
    expect(page.url()).not.toMatch(/0999|1099/);
    await expectNoAxeViolations(page, 'staff search results (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-search-1366');

    // By name: the starts of the first name and the surname, whatever the case and accents.
    await page.getByRole('radio', { name: es['staff.records.search.by.name']! }).check({ force: true });
    await page.getByRole('textbox', { name: es['staff.records.search.firstName.label']! }).fill('mari');
    await page.getByRole('textbox', { name: es['staff.records.search.surname.label']! }).fill('RODRI');
    await page.getByRole('button', { name: es['staff.records.search.submit']!, exact: true }).click();
    await page.getByRole('button', { name: 'Abrir expediente de María Rodríguez Solís' }).waitFor();
    expect(page.url()).toBe(`${origin}/staff/patients`);

    // Nobody: the empty state.
    await page.getByRole('textbox', { name: es['staff.records.search.firstName.label']! }).fill('zzqx');
    await page.getByRole('button', { name: es['staff.records.search.submit']!, exact: true }).click();
    await page.getByText(es['staff.records.results.empty']!).waitFor();
    await page.getByRole('textbox', { name: es['staff.records.search.firstName.label']! }).fill('mari');
    await page.getByRole('button', { name: es['staff.records.search.submit']!, exact: true }).click();

    // The reason first, nothing of the record before it.
    await page.getByRole('button', { name: 'Abrir expediente de María Rodríguez Solís' }).click();
    await heading(page, '¿Por qué abre el expediente de María Rodríguez Solís?').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-reason-title');
    expect(await page.getByRole('heading', { name: es['staff.records.record.treatments.title']! }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/staff\/patients\/\d+$/);
    // "Other" asks for a short text, with the hint not to write personal details.
    await page.getByRole('radio', { name: es['staff.records.reason.other']! }).check({ force: true });
    await page.getByText(es['staff.records.reasonText.hint']!).waitFor();
    await page.getByRole('button', { name: es['staff.records.reason.submit']! }).click();
    await page.getByText(es['staff.records.reasonText.required']!).waitFor();
    await expectNoAxeViolations(page, 'staff record reason (es, 1366)');
    await expectTargets(page);
    await page.getByRole('radio', { name: es['staff.records.reason.inboundCall']! }).check({ force: true });
    await page.getByRole('button', { name: es['staff.records.reason.submit']! }).click();

    // The record: her name, a treatment of the program's medicines, the sections.
    await heading(page, 'Expediente de María Rodríguez Solís').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-record-title');
    const treatments = page.getByRole('region', { name: es['staff.records.record.treatments.title']! }).first();
    const medicines = configOf(SLUG).products.map((product) => product.medicine);
    const firstTreatment = (await treatments.locator('tbody tr').first().textContent()) ?? '';
    expect(medicines.some((medicine) => firstTreatment.includes(medicine))).toBe(true);
    for (const key of [
      'profile',
      'caregiver',
      'codes',
      'fourPlusOne',
      'appointments',
      'purchases',
      'lessons',
      'sessions',
      'consents',
    ])
      await heading(page, es[`staff.records.record.${key}.title`]!, 3).waitFor();
    expect(await page.getByText('109990001').count()).toBe(0);
    await expectNoAxeViolations(page, 'staff record (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-record-1366');
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolations(page, 'staff record (es, 768)');
    await shoot(page, 'staff-record-768');

    // A reload asks for the reason again: opening is what the log records.
    await page.reload();
    await heading(page, es['staff.records.reason.title']!).waitFor();
    expect(await page.getByRole('heading', { name: 'Expediente de María Rodríguez Solís', exact: true }).count()).toBe(
      0,
    );
    expect(problemsOf(page)).toEqual([]);
    await context.close();

    // The patient reads the opening in the access log.
    const patient = await newPage(setup.browser, { viewport: DESKTOP });
    await setTestSession(patient.page, origin);
    const log = await apiAsPatient<{ entries: { what: string; reason: string; staff: { firstName: string } }[] }>(
      patient.page,
      'GET',
      '/api/v1/user/access-log',
    );
    expect(log.status).toBe(200);
    expect(log.data.entries).toContainEqual(
      expect.objectContaining({
        what: 'record-opened',
        reason: 'inbound-call',
        staff: expect.objectContaining({ firstName: 'Inés' }),
      }),
    );
    await patient.context.close();
  });

  it('in English: the search and a failed call with Try again', async () => {
    const en = textsOf(SLUG, 'en');
    const origin = setup.portal.origin(SLUG);
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, 'ivy.agent@example.com');
    await page.goto(`${origin}/en/staff/patients`);
    await heading(page, en['staff.records.search.title']!).waitFor();
    await expectNoAxeViolations(page, 'staff search (en, 1366)');
    await page.getByRole('radio', { name: en['staff.records.search.by.email']! }).check({ force: true });
    await page.getByRole('textbox', { name: en['staff.records.search.email.label']! }).fill('demo@alivio.example');
    // The first call fails on the way: the region says so and tries again.
    let failOnce = true;
    await page.route('**/api/v1/staff/patients/search', async (route) => {
      if (failOnce) {
        failOnce = false;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"errors.general"}}',
        });
      } else await route.continue();
    });
    await page.getByRole('button', { name: en['staff.records.search.submit']!, exact: true }).click();
    await page.getByRole('button', { name: en['common.retry']! }).click();
    await page.getByRole('row', { name: /María Rodríguez Solís/ }).waitFor();
    await expectNoAxeViolations(page, 'staff search results (en, 1366)');
    await page.getByRole('button', { name: 'Open record of María Rodríguez Solís' }).click();
    await heading(page, 'Why are you opening the record of María Rodríguez Solís?').waitFor();
    await expectNoAxeViolations(page, 'staff record reason (en, 1366)');
    await page.getByRole('radio', { name: en['staff.records.reason.patientEmail']! }).check({ force: true });
    await page.getByRole('button', { name: en['staff.records.reason.submit']! }).click();
    await heading(page, 'Record of María Rodríguez Solís').waitFor();
    await expectNoAxeViolations(page, 'staff record (en, 1366)');
    // Back to the search: the patients found are still there, from memory.
    await page.getByRole('link', { name: en['staff.records.record.backToSearch']! }).click();
    await page.getByRole('row', { name: /María Rodríguez Solís/ }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
