// The call center's whole journey in one run, as issue 35 tells it, in a real browser with a real SMTP server: an admin
// made by `staff:add` sets up through the screens (the authenticator's secret read from the page's text), logs in with
// password and code, and adds an agent; the agent opens the link the admin was shown, sets up, logs in, finds the demo
// patient by identification, opens the record with a reason, sends a recovery link (it arrives), issues a coupon link
// (it opens the coupon) and books an appointment on her behalf (she gets the mail); the demo patient then reads those
// accesses in the privacy centre. A manager is refused the record, on the screen and at the API. axe on every step.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addStaffCommand } from '../apps/api/src/modules/staff/commands.ts';
import { parseMail } from '../apps/api/src/test/smtp.ts';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff, logInThroughScreens, setUpThroughScreens } from './staff-support.ts';
import { setTestSession, usePortalAndBrowser, waitForTitle } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser({}, { smtp: true });
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';
const DEMO = 'demo@alivio.example';
const es = textsOf(SLUG, 'es');

const heading = (page: Page, name: string | RegExp, level = 2) =>
  page.getByRole('heading', { level, name, exact: typeof name === 'string' });

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The mails the SMTP server received for `address`, decoded. */
const mailsTo = (address: string) =>
  Promise.all(
    setup.smtp.received.filter((mail) => mail.envelopeTo.includes(address)).map((mail) => parseMail(mail.raw)),
  );

/** Waits for a mail to `address` whose subject satisfies `subject`; its decoded text. */
async function awaitMail(address: string, subject: RegExp) {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const found = (await mailsTo(address)).find((mail) => subject.test(mail.header('subject') ?? ''));
        text = found?.text;
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return text ?? '';
}

describe('the call center’s journey', () => {
  it('an admin adds an agent, who gets the demo patient back in, gives a coupon and books for her; she reads it all', async () => {
    const origin = setup.portal.origin(SLUG);
    const app = setup.portal.app;

    // The first admin, as a new install makes one: `npm run staff:add`, then the set-up and login through the screens.
    const adminEmail = 'adela.journey@example.com';
    const made = await addStaffCommand([adminEmail, 'admin:alivio'], {
      db: app.database.db,
      config: app.appConfig,
      now: new Date(),
    });
    expect(made.status, made.stderr).toBe(0);
    const printed = new URL(/https?:\/\/\S+/.exec(made.stdout)![0]);
    const admin = await newPage(setup.browser, { viewport: DESKTOP });
    const adminSecret = await setUpThroughScreens(admin.page, `${origin}${printed.pathname}${printed.search}`, es, {
      firstName: 'Adela',
      lastName: 'Journey',
    });
    await logInThroughScreens(admin.page, es, adminEmail, adminSecret);
    await heading(admin.page, 'Hola, Adela').waitFor();

    // The admin adds the agent; the set-up link is shown once (and mailed).
    await admin.page
      .getByRole('navigation', { name: es['staff.home.admin.label']! })
      .getByRole('link', { name: es['staff.home.admin.members']! })
      .click();
    await heading(admin.page, es['staff.admin.members.title']!).waitFor();
    const agentEmail = 'luis.journey@example.com';
    await admin.page.getByRole('textbox', { name: es['staff.admin.add.email.label']! }).fill(agentEmail);
    await admin.page.locator('label.checkbox', { hasText: es['staff.roles.agent']! }).click();
    await admin.page.getByRole('button', { name: es['staff.admin.add.submit']! }).click();
    await heading(admin.page, es['staff.admin.link.title']!.replace('{email}', agentEmail), 3).waitFor();
    const shown = new URL((await admin.page.getByTestId('staff-setup-link-value').textContent())!.trim());
    await expectNoAxeViolations(admin.page, 'journey: agent added (es, 1366)');
    await awaitMail(agentEmail, /./);
    expect(problemsOf(admin.page)).toEqual([]);
    await admin.context.close();

    // The agent: set-up from the link, login with password and code, the search from the home.
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    const agentSecret = await setUpThroughScreens(page, `${origin}${shown.pathname}${shown.search}`, es, {
      firstName: 'Luis',
      lastName: 'Agente',
    });
    await logInThroughScreens(page, es, agentEmail, agentSecret);
    await heading(page, 'Hola, Luis').waitFor();
    await page.getByRole('link', { name: es['staff.home.work.patients']! }).click();
    await heading(page, es['staff.records.search.title']!).waitFor();

    // The demo patient calls: found by identification, opened with the reason.
    await page.getByRole('radio', { name: es['staff.records.search.by.identification']! }).check({ force: true });
    await chooseOption(page, es['staff.records.search.country.label']!, 'Costa Rica');
    await chooseOption(page, es['signup.idNumber.type.label']!, es['signup.identification.types.identification']!);
    await page.getByRole('textbox', { name: es['signup.idNumber.label']! }).fill('1-0999-0001');
    await page.getByRole('button', { name: es['staff.records.search.submit']!, exact: true }).click();
    await page.getByRole('button', { name: 'Abrir expediente de María Rodríguez Solís' }).click();
    await page.getByRole('radio', { name: es['staff.records.reason.inboundCall']! }).check({ force: true });
    await page.getByRole('button', { name: es['staff.records.reason.submit']! }).click();
    await heading(page, 'Expediente de María Rodríguez Solís').waitFor();
    const recordPath = new URL(page.url()).pathname;

    // She forgot the password: the agent confirms who is calling and sends the link to the account's e-mail.
    const recovery = page.getByRole('region', { name: es['staff.recovery.title']! });
    await recovery.getByRole('textbox', { name: es['staff.recovery.identificationNumber.label']! }).fill('1-0999-0001');
    const firstSegment = recovery
      .getByRole('group', { name: es['staff.recovery.birthDate.label']! })
      .getByRole('spinbutton')
      .first();
    await firstSegment.click();
    await page.keyboard.type((await firstSegment.getAttribute('aria-valuemax')) === '12' ? '04121968' : '12041968');
    await recovery.getByRole('textbox', { name: es['staff.recovery.phoneLastFour.label']! }).fill('1234');
    await recovery.getByRole('button', { name: es['staff.recovery.submit']! }).click();
    await recovery.getByRole('status').filter({ hasText: 'd•••@alivio.example' }).waitFor();
    await expectNoAxeViolations(page, 'journey: recovery link sent (es, 1366)');
    const recoveryText = await awaitMail(DEMO, /contraseña/i);
    const recoveryLink = new URL(/https?:\/\/\S+\/password\/recover\?\S+/.exec(recoveryText)![0]);
    const patient = await newPage(setup.browser);
    await patient.page.goto(`${origin}${recoveryLink.pathname}${recoveryLink.search}`);
    await waitForTitle(patient.page);
    await patient.page.getByText(DEMO).first().waitFor();

    // A coupon link for the program's general benefit, with the agent's number: it opens her coupon.
    await page.getByRole('button', { name: es['staff.actions.coupon.show']!, exact: true }).click();
    const couponField = page.getByRole('textbox', { name: es['staff.actions.coupon.linkLabel']! });
    await couponField.waitFor();
    const coupon = new URL(await couponField.inputValue());
    expect(coupon.searchParams.get('iumb')).toMatch(/^\d+$/);
    await patient.page.goto(`${origin}${coupon.pathname}${coupon.search}`);
    await waitForTitle(patient.page);
    expect(await patient.page.locator('h1').first().textContent()).toBe(es['coupon.title']);
    await patient.page.getByTestId('coupon-code').waitFor();
    await patient.page.getByText(es['coupon.for']!.replace('{name}', 'María'), { exact: true }).waitFor();

    // An appointment booked on her behalf, with the patients' own screens; she gets the mail.
    const booking = page.getByRole('region', { name: es['staff.booking.title']! });
    await booking
      .getByRole('button', { name: /^Reservar: / })
      .first()
      .click();
    await booking.getByRole('grid').waitFor();
    await booking.getByRole('radio').first().check({ force: true });
    await booking.getByRole('button', { name: es['booking.continue']! }).click();
    await booking.getByRole('button', { name: es['booking.confirm']! }).click();
    await booking.getByText(es['booking.onBehalf.patientNotified']!).waitFor();
    await expectNoAxeViolations(page, 'journey: booked on her behalf (es, 1366)');
    await shoot(page, 'staff-journey-1366');
    await awaitMail(DEMO, /Su cita está reservada/);
    expect(problemsOf(page)).toEqual([]);
    await context.close();

    // The demo patient reads who at the program saw her data, and what they did.
    await setTestSession(patient.page, origin);
    await patient.page.goto(`${origin}/profile`);
    const log = patient.page.getByRole('region', { name: es['account.privacy.accessLog.title']! });
    const byLuis = (what: string) =>
      log
        .getByText(new RegExp(`Luis \\(${es['account.privacy.accessLog.role.agent']!}\\) ${what}`))
        .first()
        .waitFor();
    await byLuis(es['account.privacy.accessLog.what.recordOpened']!);
    await byLuis(es['account.privacy.accessLog.what.recoveryLinkSent']!);
    await byLuis(es['account.privacy.accessLog.what.couponLinkIssued']!);
    await byLuis(es['account.privacy.accessLog.what.appointmentBooked']!);
    await expectNoAxeViolations(patient.page, 'journey: the privacy centre (es)');
    await patient.context.close();

    // A manager cannot open a record: told so on the screen, refused at the API.
    const manager = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, manager.page, 'mara.journey@example.com', ['manager:alivio'], {
      firstName: 'Mara',
      lastName: 'Gerente',
    });
    await manager.page.goto(`${origin}${recordPath}`);
    await heading(manager.page, es['staff.records.notForRole.title']!).waitFor();
    expect(await manager.page.getByRole('radio', { name: es['staff.records.reason.inboundCall']! }).count()).toBe(0);
    await expectNoAxeViolations(manager.page, 'journey: a record refused to a manager (es, 1366)');
    const refused = await manager.page.evaluate(async (patientId) => {
      const stored = JSON.parse(sessionStorage.getItem('portal.staff.session')!) as { token: string };
      const response = await fetch(`/api/v1/staff/patients/${patientId}/open`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${stored.token}` },
        body: JSON.stringify({ reason: 'inbound-call' }),
      });
      return response.status;
    }, recordPath.split('/').at(-1)!);
    expect(refused).toBe(403);
    await manager.context.close();
  });
});
