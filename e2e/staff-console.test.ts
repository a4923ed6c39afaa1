// The staff console's way in, in a real browser (decision 072): a member made by `staff:add` opens the set-up link,
// reads the authenticator's secret from the page's text, finishes with a code of it, sees the ten recovery codes once,
// logs in with the password and a code, sees the programs and roles at home, and logs out; then logs in with a
// recovery code, in English. axe on every screen; the home whole at 768 px; a refused session back to the login.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addStaffCommand } from '../apps/api/src/modules/staff/commands.ts';
import { totpCodeAt } from '../apps/api/src/modules/staff/totp.ts';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';
const EMAIL = 'ana.consola@example.com';
const PASSWORD = 'Faro-ciruela-nube-2026';

/** Makes a member as `npm run staff:add` does; the set-up link it prints, on this run's port. */
async function addStaff(args: string[]): Promise<string> {
  const app = setup.portal.app;
  const made = await addStaffCommand(args, { db: app.database.db, config: app.appConfig, now: new Date() });
  expect(made.status, made.stderr).toBe(0);
  const link = new URL(/https?:\/\/\S+/.exec(made.stdout)![0]);
  expect(link.pathname).toMatch(/^(\/en)?\/staff\/setup$/);
  return `${setup.portal.origin(SLUG)}${link.pathname}${link.search}`;
}

const heading = (page: Page, name: string, level = 2) => page.getByRole('heading', { level, name });

/** Every link and button of the console is a 44 px target. */
async function expectTargets(page: Page) {
  const small = await page.locator('main a, main button, main input[type="checkbox"]').evaluateAll((elements) =>
    elements
      .map((element) => {
        const box = (element.closest('label') ?? element).getBoundingClientRect();
        return { text: (element.textContent ?? '').trim(), height: box.height };
      })
      .filter((one) => one.height > 0 && one.height < 44),
  );
  expect(small).toEqual([]);
}

async function logInWithPassword(page: Page, texts: Record<string, string>) {
  await heading(page, texts['staff.login.title']!).waitFor();
  await page.getByLabel(texts['staff.login.email.label']!).fill(EMAIL);
  await page.getByLabel(texts['staff.login.password.label']!, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: texts['staff.login.submit']! }).click();
}

describe('the staff console', () => {
  it('sets up a member from the link, logs in with password and code, shows the programs, and logs out', async () => {
    const es = textsOf(SLUG, 'es');
    const origin = setup.portal.origin(SLUG);
    const link = await addStaff([EMAIL, 'admin:alivio', 'agent:alivio,piel']);
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });

    // The set-up: the e-mail, the secret as a QR code and as text.
    await page.goto(link);
    await heading(page, es['staff.setup.title']!).waitFor();
    await page.getByText(EMAIL, { exact: true }).waitFor();
    await page.getByRole('img', { name: es['staff.setup.authenticator.qrLabel']! }).waitFor();
    const secret = (await page.locator('.staff-secret code').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page, 'staff set-up (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-setup-1366');

    await page.getByLabel(es['staff.setup.firstName.label']!).fill('Ana');
    await page.getByLabel(es['staff.setup.lastName.label']!).fill('Consola Rojas');
    await page.getByRole('textbox', { name: es['staff.setup.password.label']!, exact: true }).fill(PASSWORD);
    await page.getByLabel(es['staff.setup.code.label']!).fill(totpCodeAt(secret, new Date()));
    await page.getByRole('button', { name: es['staff.setup.finish']! }).click();

    // The ten recovery codes, once; the focus on the new step's heading.
    await heading(page, es['staff.codes.title']!).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-codes-title');
    const codes = (
      await page.getByRole('list', { name: es['staff.codes.listLabel']! }).locator('li').allTextContents()
    ).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await expectNoAxeViolations(page, 'staff recovery codes (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-codes-1366');
    const next = page.getByRole('button', { name: es['staff.codes.continue']! });
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(es['staff.codes.saved']!).check();
    await next.click();

    // The login: a wrong password is refused on its field; then the password and a code of the next time step (the
    // set-up's step was used, and a code is never accepted twice).
    await heading(page, es['staff.login.title']!).waitFor();
    await page.getByLabel(es['staff.login.email.label']!).fill(EMAIL);
    await page.getByLabel(es['staff.login.password.label']!, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: es['staff.login.submit']! }).click();
    await page.getByText(es['staff.errors.loginRefused']!).waitFor();
    await expectNoAxeViolations(page, 'staff login refused (es, 1366)');
    await logInWithPassword(page, es);
    await heading(page, es['staff.login.code.title']!).waitFor();
    await expectNoAxeViolations(page, 'staff login code (es, 1366)');
    await page.getByLabel(es['staff.login.code.label']!).fill(totpCodeAt(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: es['staff.login.code.submit']! }).click();

    // Home: the member, the programs with their roles, the switch to piel's console on piel's host.
    await heading(page, 'Hola, Ana').waitFor();
    const programs = page.locator('.staff-programs__item');
    expect(await programs.count()).toBe(2);
    const alivio = (await programs.filter({ hasText: es['staff.home.programs.current']! }).textContent())!;
    expect(alivio).toContain(es['staff.roles.admin']!);
    expect(alivio).toContain(es['staff.roles.agent']!);
    // An agent here: the way to finding a patient (decision 074).
    expect(await page.getByRole('link', { name: es['staff.home.work.patients']! }).count()).toBe(1);
    const switchLink = page.getByRole('navigation', { name: es['staff.home.switch.label']! }).getByRole('link');
    expect(await switchLink.getAttribute('href')).toBe(`${setup.portal.origin('piel')}/staff`);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toContain('portal.staff.session');
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('portal.staff.session');
    await expectNoAxeViolations(page, 'staff home (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-home-1366');

    // Usable at 768 px: nothing wider than the window.
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolations(page, 'staff home (es, 768)');
    await shoot(page, 'staff-home-768');

    await page.getByRole('button', { name: es['staff.home.logout']! }).click();
    await page.getByText(es['staff.login.loggedOut']!).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('portal.staff.session'))).toBeNull();
    // The console is not open after the logout.
    await page.goto(`${origin}/staff`);
    await heading(page, es['staff.login.title']!).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('logs in with a recovery code in English, and a refused session goes back to the login', async () => {
    const en = textsOf(SLUG, 'en');
    const origin = setup.portal.origin(SLUG);
    const email = 'ben.console@example.com';
    const link = await addStaff([email, 'manager:alivio', '--language', 'en']);
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    expect(new URL(link).pathname).toBe('/en/staff/setup');
    await page.goto(link);
    await heading(page, en['staff.setup.title']!).waitFor();
    const secret = (await page.locator('.staff-secret code').textContent())!.replace(/\s+/g, '');
    await expectNoAxeViolations(page, 'staff set-up (en, 1366)');
    await page.getByLabel(en['staff.setup.firstName.label']!).fill('Ben');
    await page.getByLabel(en['staff.setup.lastName.label']!).fill('Console');
    await page.getByRole('textbox', { name: en['staff.setup.password.label']!, exact: true }).fill(PASSWORD);
    await page.getByLabel(en['staff.setup.code.label']!).fill(totpCodeAt(secret, new Date()));
    await page.getByRole('button', { name: en['staff.setup.finish']! }).click();
    await heading(page, en['staff.codes.title']!).waitFor();
    const codes = await page.getByRole('list', { name: en['staff.codes.listLabel']! }).locator('li').allTextContents();
    await expectNoAxeViolations(page, 'staff recovery codes (en, 1366)');
    await page.getByLabel(en['staff.codes.saved']!).check();
    await page.getByRole('button', { name: en['staff.codes.continue']! }).click();

    await heading(page, en['staff.login.title']!).waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/staff/login');
    await page.getByLabel(en['staff.login.email.label']!).fill(email);
    await page.getByLabel(en['staff.login.password.label']!, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en['staff.login.submit']! }).click();
    await page.getByRole('button', { name: en['staff.login.recovery.switch']! }).click();
    await heading(page, en['staff.login.recovery.title']!).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-recovery-title');
    await expectNoAxeViolations(page, 'staff login recovery code (en, 1366)');
    // A wrong code is refused on the field, with the catalogue's message.
    await page.getByRole('textbox', { name: en['staff.login.recovery.label']!, exact: true }).fill('AAAAA-AAAAA');
    await page.getByRole('button', { name: en['staff.login.code.submit']! }).click();
    await page.getByText(en['staff.errors.codeRefused']!).waitFor();
    await page
      .getByRole('textbox', { name: en['staff.login.recovery.label']!, exact: true })
      .fill(codes[0]!.trim().toLowerCase());
    await page.getByRole('button', { name: en['staff.login.code.submit']! }).click();
    await heading(page, 'Hello, Ben').waitFor();
    await page.getByText('9 codes are left').waitFor();
    expect(await page.locator('.staff-programs__item').textContent()).toContain(en['staff.roles.manager']!);
    // A manager never opens a patient's record: no way to the search.
    expect(await page.getByRole('link', { name: en['staff.home.work.patients']! }).count()).toBe(0);
    await expectNoAxeViolations(page, 'staff home (en, 1366)');
    // Nor by the search's address: told so at once, with the way home.
    await page.goto(`${origin}/en/staff/patients`);
    await heading(page, en['staff.records.notForRole.title']!).waitFor();
    expect(await page.getByRole('button', { name: en['staff.records.search.submit']! }).count()).toBe(0);
    await expectNoAxeViolations(page, 'staff patients refused to a manager (en, 1366)');
    await page.getByRole('link', { name: en['staff.records.notForRole.home']! }).click();
    await heading(page, 'Hello, Ben').waitFor();

    // The server no longer knows the session (here: a forged token): the console goes back to its login and says so.
    await page.evaluate(() =>
      sessionStorage.setItem(
        'portal.staff.session',
        JSON.stringify({ token: `stf_${'x'.repeat(43)}`, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
      ),
    );
    await page.goto(`${origin}/en/staff`);
    await page.getByText(en['staff.login.sessionEnded']!).waitFor();
    await heading(page, en['staff.login.title']!).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
