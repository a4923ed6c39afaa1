// Actions on an opened record in the staff console, in a real browser (decision 078): an agent made by `staff:add`
// (set up and logged in through the API, as staff-records.test.ts does) opens the demo patient's record with a reason,
// adds a note (it shows), issues a coupon link (shown to copy, with the agent's number as iumb), and ends the
// patient's sessions after confirming; the patient then reads those actions in the access log. axe 0, es and en;
// 44 px targets; screenshots at 1366 and 768 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff } from './staff-support.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';
/** The member's names, as the screens and the access log show them. */
const TEO = { firstName: 'Teo', lastName: 'Agente' };

const heading = (page: Page, name: string | RegExp, level = 2) => page.getByRole('heading', { level, name });

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

/** Finds the demo patient by e-mail and opens the record with the reason "inbound call". */
async function openDemoRecord(page: Page, texts: Record<string, string>, prefix: string) {
  await page.goto(`${setup.portal.origin(SLUG)}${prefix}/staff/patients`);
  await heading(page, texts['staff.records.search.title']!).waitFor();
  await page.getByRole('radio', { name: texts['staff.records.search.by.email']! }).check({ force: true });
  await page.getByRole('textbox', { name: texts['staff.records.search.email.label']! }).fill('demo@alivio.example');
  await page.getByRole('button', { name: texts['staff.records.search.submit']!, exact: true }).click();
  await page.getByRole('row', { name: /María Rodríguez Solís/ }).waitFor();
  await page
    .getByRole('row', { name: /María Rodríguez Solís/ })
    .getByRole('button')
    .click();
  await page.getByRole('radio', { name: texts['staff.records.reason.inboundCall']! }).check({ force: true });
  await page.getByRole('button', { name: texts['staff.records.reason.submit']! }).click();
  await heading(page, texts['staff.actions.title']!, 3).waitFor();
}

describe('actions on an opened record', () => {
  it('an agent adds a note, issues a coupon link and ends the sessions; the patient sees each in the access log', async () => {
    const es = textsOf(SLUG, 'es');
    const origin = setup.portal.origin(SLUG);
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, 'teo.agente@example.com', ['agent:alivio'], TEO);
    await openDemoRecord(page, es, '');
    await heading(page, es['staff.notes.title']!, 3).waitFor();
    await expectNoAxeViolations(page, 'staff record actions (es, 1366)');
    await expectTargets(page);

    // A note: nothing typed is refused on the field; then the note shows, newest first, with the author.
    await page.getByRole('button', { name: es['staff.notes.submit']!, exact: true }).click();
    await page.getByText(es['staff.notes.channel.required']!).waitFor();
    await chooseOption(page, es['staff.notes.channel.label']!, es['staff.notes.channel.phoneIn']!);
    await chooseOption(page, es['staff.notes.outcome.label']!, es['staff.notes.outcome.resolved']!);
    await page.getByRole('textbox', { name: es['staff.notes.text.label']! }).fill('Preguntó cómo usar su cupón.');
    await page.getByRole('button', { name: es['staff.notes.submit']!, exact: true }).click();
    await page.getByText(es['staff.notes.added']!).waitFor();
    await page.locator('.staff-note__text', { hasText: 'Preguntó cómo usar su cupón.' }).waitFor();
    expect(await page.locator('.staff-note__meta').first().textContent()).toContain('Teo');
    expect(page.url()).not.toContain('cup');

    // A coupon link to copy: the program's general benefit, the agent's number as iumb.
    await page.getByRole('button', { name: es['staff.actions.coupon.show']!, exact: true }).click();
    const link = page.getByRole('textbox', { name: es['staff.actions.coupon.linkLabel']! });
    await link.waitFor();
    const issued = new URL(await link.inputValue());
    expect(issued.pathname).toBe('/coupon');
    expect(issued.searchParams.get('iumb')).toMatch(/^\d+$/);
    await page.getByRole('button', { name: es['staff.actions.coupon.copy']!, exact: true }).click();
    await page
      .getByText(
        new RegExp(`${es['staff.actions.coupon.copied']!}|${es['staff.actions.coupon.copyFailed']!.slice(0, 20)}`),
      )
      .waitFor();
    // The link opens the coupon.
    const coupon = await page.evaluate(
      async (search) => (await fetch(`/api/v1/coupon${search}`)).status,
      issued.search,
    );
    expect(coupon).toBe(200);

    // Ending the sessions asks first; cancelling changes nothing, confirming ends them.
    await page.getByRole('button', { name: es['staff.actions.sessions.submit']!, exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectNoAxeViolations(page, 'staff end sessions dialog (es, 1366)');
    await page.getByRole('button', { name: es['staff.actions.sessions.cancel']!, exact: true }).click();
    await page.getByRole('button', { name: es['staff.actions.sessions.submit']!, exact: true }).click();
    await page.getByRole('button', { name: es['staff.actions.sessions.confirmSubmit']!, exact: true }).click();
    await page.getByText(/se avisó a la persona por correo/).waitFor();
    await expectNoAxeViolations(page, 'staff record after actions (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-actions-1366');
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolations(page, 'staff record actions (es, 768)');
    await shoot(page, 'staff-actions-768');
    expect(problemsOf(page)).toEqual([]);
    await context.close();

    // The patient reads each action in the access log, with the opening's reason.
    const patient = await newPage(setup.browser, { viewport: DESKTOP });
    await setTestSession(patient.page, origin);
    const log = await apiAsPatient<{ entries: { what: string; reason: string }[] }>(
      patient.page,
      'GET',
      '/api/v1/user/access-log',
    );
    expect(log.status).toBe(200);
    for (const what of ['note-added', 'coupon-link-issued', 'sessions-ended'])
      expect(log.data.entries).toContainEqual(expect.objectContaining({ what, reason: 'inbound-call' }));
    await patient.context.close();
  });

  it('in English: the actions and the notes, and the pre-registration screen', async () => {
    const en = textsOf(SLUG, 'en');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, 'tess.agent@example.com', ['agent:alivio'], TEO);
    await openDemoRecord(page, en, '/en');
    await heading(page, en['staff.notes.title']!, 3).waitFor();
    await expectNoAxeViolations(page, 'staff record actions (en, 1366)');

    await page.goto(`${setup.portal.origin(SLUG)}/en/staff/patients`);
    await page.getByRole('link', { name: en['staff.preregister.link']! }).click();
    await heading(page, en['staff.preregister.title']!).waitFor();
    await expectNoAxeViolations(page, 'staff pre-registration (en, 1366)');
    await expectTargets(page);
    await chooseOption(page, en['staff.preregister.plan.label']!, 'Alivio Costa Rica');
    await page
      .getByRole('textbox', { name: en['staff.preregister.email.label']! })
      .first()
      .fill('invited.e2e@example.com');
    await page.getByRole('button', { name: en['staff.preregister.submit']!, exact: true }).click();
    await page.getByText('invited.e2e@example.com:').first().waitFor();
    expect(await page.getByText(en['staff.preregister.state.pending']!, { exact: false }).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'staff pre-registration done (en, 1366)');
    await shoot(page, 'staff-preregister-1366');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
