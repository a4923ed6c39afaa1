// Assisted recovery in a real browser, with a real SMTP server (decision 076): a patient who cannot recover alone calls;
// the agent opens the record with the reason, types what the caller says (a wrong birth date is marked on its field),
// and sends a link to the account's e-mail, which arrives and lets the patient choose a password; then, for a caller
// who lost the mailbox, changes the e-mail with all three answers; the old address's "this wasn't me" page gives it
// back. The patient reads both actions in the privacy centre. axe on every screen, es and en.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { alivioBody, uniqueEmail } from '../apps/api/src/test/signup-bodies.ts';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff } from './staff-support.ts';
import { usePortalAndBrowser, waitForTitle } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser({}, { smtp: true });
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';

/** Enrols a patient through the API (Lucía Quesada: born 1985-03-14, phone 8800-1234); their id, e-mail and number. */
async function enrol(language: 'es' | 'en') {
  const body = alivioBody({ language });
  const answer = await setup.portal.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: `${SLUG}.localhost:${setup.portal.port}` },
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const { data } = answer.json<{ data: { patientId: number } }>();
  return {
    patientId: data.patientId,
    email: String(body.email),
    password: String(body.password),
    number: (body.identification as { number: string }).number,
  };
}

/** The link of the last mail to `address` whose decoded text has `path`, on the test server's origin. */
async function linkMailedTo(address: string, path: string): Promise<URL> {
  const find = () =>
    setup.smtp.received
      .filter((mail) => mail.envelopeTo.includes(address))
      .map((mail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '='))
      .map((raw) => new RegExp(`https?://[^\\s"<>]+${path}\\?n=[A-Za-z0-9_-]+&(?:amp;)?s=[A-Za-z0-9_-]+`).exec(raw))
      .filter(Boolean)
      .at(-1);
  await expect.poll(() => Boolean(find()), { timeout: 15_000 }).toBe(true);
  const link = new URL(find()![0].replace('&amp;', '&'));
  return new URL(`${link.pathname}${link.search}`, setup.portal.origin(SLUG));
}

async function openRecord(page: Page, texts: Record<string, string>, prefix: string, patientId: number) {
  await page.goto(`${setup.portal.origin(SLUG)}${prefix}/staff/patients/${patientId}`);
  await page.getByRole('radio', { name: texts['staff.records.reason.inboundCall']! }).check({ force: true });
  await page.getByRole('button', { name: texts['staff.records.reason.submit']! }).click();
  await page.getByRole('heading', { level: 3, name: texts['staff.recovery.title']! }).waitFor();
}

async function answer(page: Page, texts: Record<string, string>, number: string, birthDate: string, lastFour: string) {
  const recovery = page.getByRole('region', { name: texts['staff.recovery.title']! });
  await recovery.getByRole('textbox', { name: texts['staff.recovery.identificationNumber.label']! }).fill(number);
  const [year, month, day] = birthDate.split('-');
  const first = recovery
    .getByRole('group', { name: texts['staff.recovery.birthDate.label']! })
    .getByRole('spinbutton')
    .first();
  await first.click();
  // The date's segments in the language's order: the first one is the month when it goes up to 12.
  const monthFirst = (await first.getAttribute('aria-valuemax')) === '12';
  await page.keyboard.type(monthFirst ? `${month}${day}${year}` : `${day}${month}${year}`);
  await recovery.getByRole('textbox', { name: texts['staff.recovery.phoneLastFour.label']! }).fill(lastFour);
  return recovery;
}

describe('assisted recovery', () => {
  it('an agent confirms who is calling and sends a link to the account’s e-mail; the patient chooses a password; a lost e-mail is changed and given back', async () => {
    const es = textsOf(SLUG, 'es');
    const patient = await enrol('es');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, 'rita.agente@example.com');
    await openRecord(page, es, '', patient.patientId);
    await expectNoAxeViolations(page, 'staff record with recovery (es, 1366)');

    // A wrong birth date: marked on its field, nothing sent.
    let recovery = await answer(page, es, patient.number, '1985-03-15', '1234');
    await recovery.getByRole('button', { name: es['staff.recovery.submit']! }).click();
    await recovery.getByText(es['staff.recovery.answer.noMatch']!).waitFor();
    await recovery.getByRole('alert').filter({ hasText: es['staff.errors.identityNotConfirmed']! }).waitFor();
    await expectNoAxeViolations(page, 'staff recovery refused (es, 1366)');

    // The right answers: the link goes to the account's e-mail, read back masked.
    recovery = await answer(page, es, patient.number, '1985-03-14', '1234');
    await recovery.getByRole('button', { name: es['staff.recovery.submit']! }).click();
    const masked = `${patient.email.slice(0, 1)}•••@test.example`;
    await recovery.getByRole('status').filter({ hasText: masked }).waitFor();
    await shoot(page, 'staff-recovery-1366');

    // The mail arrives; the patient opens it and chooses a password.
    const patientPage = await newPage(setup.browser);
    await patientPage.page.goto((await linkMailedTo(patient.email, '/password/recover')).toString());
    await waitForTitle(patientPage.page);
    await patientPage.page.getByText(patient.email).first().waitFor();
    await patientPage.context.close();

    // A caller who lost the mailbox: all three answers, a new e-mail; the old one hears of it.
    const newEmail = uniqueEmail();
    recovery = await answer(page, es, patient.number, '1985-03-14', '1234');
    await recovery.getByRole('radio', { name: es['staff.recovery.sendTo.newEmail']! }).check({ force: true });
    await recovery.getByRole('textbox', { name: es['staff.recovery.newEmail.label']! }).fill(newEmail);
    await recovery.getByRole('button', { name: es['staff.recovery.submit']! }).click();
    await recovery
      .getByRole('status')
      .filter({ hasText: `${newEmail.slice(0, 1)}•••@test.example` })
      .waitFor();
    await linkMailedTo(newEmail, '/password/recover');
    expect(problemsOf(page)).toEqual([]);
    await context.close();

    // "This wasn't me" on the old address: one button, the address back.
    const owner = await newPage(setup.browser);
    await owner.page.goto((await linkMailedTo(patient.email, '/email/not-me')).toString());
    await waitForTitle(owner.page);
    await owner.page.getByRole('heading', { level: 1, name: es['account.email.notMe.title']! }).waitFor();
    await expectNoAxeViolations(owner.page, 'email not-me (es)');
    await owner.page.getByRole('button', { name: es['account.email.notMe.submit']! }).click();
    await owner.page.getByRole('status').filter({ hasText: es['account.email.notMe.done']! }).waitFor();
    await expectNoAxeViolations(owner.page, 'email not-me done (es)');
    // The link works once: opened again, it says so, with the call center's phones and the way to the login.
    await owner.page.reload();
    await owner.page.getByRole('button', { name: es['account.email.notMe.submit']! }).click();
    await owner.page.getByText(es['account.email.notMe.invalid']!).waitFor();
    await owner.page.locator('main .phones-by-country a[href^="tel:"]').first().waitFor();
    await owner.page.getByRole('link', { name: es['account.email.notMe.toLogin']! }).waitFor();
    await expectNoAxeViolations(owner.page, 'email not-me used twice (es)');

    // The patient, back on the old address, reads what the agent did in the privacy centre.
    await owner.page.goto(`${setup.portal.origin(SLUG)}/login`);
    await owner.page.getByLabel(es['login.email.label']!, { exact: true }).fill(patient.email);
    await owner.page.getByLabel(es['login.password.label']!, { exact: true }).fill(patient.password);
    await owner.page.getByRole('button', { name: es['login.submit']!, exact: true }).click();
    await owner.page.waitForURL(/\/home$/);
    await owner.page.goto(`${setup.portal.origin(SLUG)}/profile`);
    const log = owner.page.getByRole('region', { name: es['account.privacy.accessLog.title']! });
    await log.getByText(new RegExp(es['account.privacy.accessLog.what.recoveryLinkSent']!)).first().waitFor();
    await log.getByText(new RegExp(es['account.privacy.accessLog.what.emailChanged']!)).waitFor();
    await log
      .getByText(/Inés \(agente de atención\) abrió su expediente, por una llamada suya/)
      .first()
      .waitFor();
    await expectNoAxeViolations(owner.page, 'privacy centre with actions (es)');
    await owner.context.close();
  });

  it('in English: the form, a refusal on the field, and the link sent', async () => {
    const en = textsOf(SLUG, 'en');
    const patient = await enrol('en');
    const { context, page } = await newPage(setup.browser, { viewport: { width: 768, height: 1024 } });
    await logInNewStaff(setup.portal, page, 'rick.agent@example.com');
    await openRecord(page, en, '/en', patient.patientId);
    let recovery = await answer(page, en, '99999999', '1985-03-14', '1234');
    await recovery.getByRole('button', { name: en['staff.recovery.submit']! }).click();
    await recovery.getByText(en['staff.recovery.answer.noMatch']!).waitFor();
    await expectNoAxeViolations(page, 'staff recovery refused (en, 768)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    recovery = await answer(page, en, patient.number, '1985-03-14', '0000');
    await recovery.getByRole('button', { name: en['staff.recovery.submit']! }).click();
    await recovery
      .getByRole('status')
      .filter({ hasText: `${patient.email.slice(0, 1)}•••@test.example` })
      .waitFor();
    await shoot(page, 'staff-recovery-768-en');
    await linkMailedTo(patient.email, '/password/recover');
    await context.close();
  });
});
