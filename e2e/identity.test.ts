import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isNull } from 'drizzle-orm';
import { session } from '../apps/api/src/db/schema.ts';
import { createAccount } from '../apps/api/src/test/accounts.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/api/src/test/smtp.ts';
import { expectNoAxeViolations, newPage, problemsOf, waitForTitle } from './page.ts';
import { launchBrowser, startPortal, type Portal } from './support.ts';
import { textsOf } from './texts.ts';

const DEMO_PASSWORD = 'Demo-pass-2026';
let portal: Portal;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  [portal, browser] = await Promise.all([
    startPortal({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:3000' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
});

/** Reads ICU text with values, the way the screen shows it. */
function fill(text: string, values: Record<string, string>) {
  return Object.entries(values).reduce((acc, [key, value]) => acc.replaceAll(`{${key}}`, value), text);
}

async function logIn(page: Page, texts: Record<string, string>, email: string, password: string) {
  await page.getByLabel(texts['login.email.label']!, { exact: true }).fill(email);
  await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
}

/** The recovery link of the last mail the SMTP server received for an address (quoted-printable undone). */
async function recoveryLinkFor(address: string): Promise<URL> {
  await expect
    .poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(address)).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const mail = smtp.received.filter((m) => m.envelopeTo.includes(address)).at(-1)!;
  const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = decoded.match(/https?:\/\/[^\s"<>]+\/password\/recover\?n=[A-Za-z0-9_-]+&(?:amp;)?s=[A-Za-z0-9_-]+/);
  expect(match, 'a recovery link in the mail').not.toBeNull();
  const link = new URL(match![0].replace('&amp;', '&'));
  // The mail carries the configured public origin; the test reaches the same path on the test server.
  return new URL(`${link.pathname}${link.search}`, portal.origin('alivio'));
}

describe.each(['es', 'en'] as const)('login and logout in %s', (language) => {
  const texts = textsOf('alivio', language);
  const prefix = language === 'en' ? '/en' : '';

  it('refuses a wrong password, then logs in and follows next', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin('alivio')}${prefix}/profile?tab=1`);
    await page.waitForURL((url) => url.pathname === `${prefix}/login`);
    await waitForTitle(page);
    await logIn(page, texts, 'demo@alivio.example', 'wrong-password');
    await page.getByRole('alert').filter({ hasText: texts['login.errors.notAuthorized']! }).waitFor();
    await expectNoAxeViolations(page, `login error ${language}`);
    await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/profile` && url.search === '?tab=1');
    await page
      .getByText(fill(texts['ribbon.notYou']!, { firstName: 'María', logout: texts['ribbon.logoutLink']! }))
      .waitFor();
    await expectNoAxeViolations(page, `profile ${language}`);

    // Logging out from the ribbon.
    await page.getByRole('link', { name: texts['ribbon.logoutLink']! }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/logout`);
    await page.getByText(fill(texts['logout.success']!, { 0: 'María' })).waitFor();
    await expectNoAxeViolations(page, `logout ${language}`);
    await page.getByRole('link', { name: texts['logout.continue']! }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/login`);
    expect(await page.evaluate(() => localStorage.getItem('portal.session'))).toBeNull();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});

describe('sessions', () => {
  it('sends the user to login with the session-expired message when the session ends on the server', async () => {
    const texts = textsOf('piel', 'es');
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin('piel')}/login`);
    await logIn(page, texts, 'demo@piel.example', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/home');
    await page
      .getByText(fill(texts['ribbon.notYou']!, { firstName: 'José', logout: texts['ribbon.logoutLink']! }))
      .waitFor();
    // The server revokes every session (as after a password reset elsewhere).
    await portal.app.database.db
      .update(session)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(isNull(session.revokedAt));
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('ref')).toBe('session-expired');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/home');
    await page.getByText(texts['login.sessionExpired']!).waitFor();
    await context.close();
  });

  it('logs in with the keyboard only, and the password toggle is reachable', async () => {
    const texts = textsOf('equilibrio', 'en');
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto(`${portal.origin('equilibrio')}/en/login`);
    await waitForTitle(page);
    await page.getByLabel(texts['login.email.label']!, { exact: true }).focus();
    await page.keyboard.type('demo@equilibrio.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText)).toBe(
      texts['login.showPassword'],
    );
    await page.keyboard.press('Enter');
    // At once, or once the app has hydrated the server's screen (decision 029).
    await expect
      .poll(() => page.getByLabel(texts['login.password.label']!, { exact: true }).getAttribute('type'))
      .toBe('text');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/en/home');
    await context.close();
  });
});

describe('password recovery', () => {
  it('goes from the request to the mail to a new password that works, and the old one does not', async () => {
    const texts = textsOf('alivio', 'en');
    const account = await createAccount(portal.app.database.db, 'alivio', { country: 'CR', language: 'en' });
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin('alivio')}/en/login`);
    await page.getByLabel(texts['login.email.label']!, { exact: true }).fill(account.email);
    await page.getByRole('link', { name: texts['login.forgotPassword']! }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: texts['passwordRecovery.forgot.title']! }).waitFor();
    expect(await dialog.getByLabel(texts['passwordRecovery.forgot.email.label']!).inputValue()).toBe(account.email);
    await expectNoAxeViolations(page, 'forgot dialog');
    await dialog.getByRole('button', { name: texts['passwordRecovery.forgot.send']! }).click();
    await dialog.getByRole('heading', { name: texts['passwordRecovery.forgot.sentTitle']! }).waitFor();

    const link = await recoveryLinkFor(account.email);
    expect(link.pathname).toBe('/en/password/recover');
    await page.goto(link.toString());
    await page.getByRole('heading', { name: texts['passwordRecovery.newPassword.title']! }).waitFor();
    await page.getByText(fill(texts['passwordRecovery.newPassword.subtitle']!, { 0: account.email })).waitFor();
    const password = page.getByLabel(texts['passwordRecovery.newPassword.password.label']!, { exact: true });
    await password.fill('abc');
    await page.getByRole('button', { name: texts['passwordRecovery.newPassword.save']! }).click();
    await page.getByText(texts['passwordRecovery.newPassword.minLength']!).waitFor();
    await password.fill('password1');
    await page.getByLabel(texts['passwordRecovery.newPassword.repeat.label']!, { exact: true }).fill('password1');
    await page.getByRole('meter').filter({ hasText: texts['passwordRecovery.newPassword.strength.weak']! }).waitFor();
    await page.getByRole('button', { name: texts['passwordRecovery.newPassword.save']! }).click();
    await page.getByText(texts['passwordRecovery.newPassword.tooWeak']!).waitFor();
    const strong = 'Lluvia-de-Octubre-2026!';
    await password.fill(strong);
    await page.getByLabel(texts['passwordRecovery.newPassword.repeat.label']!, { exact: true }).fill(`${strong}x`);
    await page.getByRole('meter').filter({ hasText: texts['passwordRecovery.newPassword.strength.strong']! }).waitFor();
    await page.getByRole('button', { name: texts['passwordRecovery.newPassword.save']! }).click();
    await page.getByText(texts['passwordRecovery.newPassword.mismatch']!).waitFor();
    await expectNoAxeViolations(page, 'new password');
    await page.getByLabel(texts['passwordRecovery.newPassword.repeat.label']!, { exact: true }).fill(strong);
    await page.getByRole('button', { name: texts['passwordRecovery.newPassword.save']! }).click();
    await page.getByRole('heading', { name: texts['passwordRecovery.success.title']! }).waitFor();
    await expectNoAxeViolations(page, 'password saved');

    // The link is single use: opening it again shows the invalid-link screen, which says it was used (not expired).
    await page.goto(link.toString());
    await page.getByRole('heading', { name: texts['passwordRecovery.invalidLink.title']! }).waitFor();
    await page.getByText(texts['passwordRecovery.invalidLink.used']!).waitFor();
    await page.getByRole('link', { name: texts['passwordRecovery.invalidLink.login']! }).waitFor();
    await expectNoAxeViolations(page, 'used link');

    await page.goto(`${portal.origin('alivio')}/en/login`);
    await logIn(page, texts, account.email, account.password);
    await page.getByRole('alert').filter({ hasText: texts['login.errors.notAuthorized']! }).waitFor();
    await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(strong);
    await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en/home');
    await context.close();
  });

  it('shows the invalid-link screen, whose action asks for another link', async () => {
    const texts = textsOf('piel', 'es');
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin('piel')}/password/recover?n=${'A'.repeat(32)}&s=${'B'.repeat(43)}`);
    await page.getByRole('heading', { name: texts['passwordRecovery.invalidLink.title']! }).waitFor();
    await page.getByText(texts['passwordRecovery.invalidLink.body']!).waitFor();
    await expectNoAxeViolations(page, 'invalid link');
    await page.getByRole('link', { name: texts['passwordRecovery.invalidLink.action']! }).click();
    await page.getByRole('dialog').getByRole('heading', { name: texts['passwordRecovery.forgot.title']! }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: texts['passwordRecovery.forgot.send']! }).click();
    await page.getByText(texts['passwordRecovery.forgot.email.invalid']!).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: texts['passwordRecovery.forgot.cancel']! }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it.each(['es', 'en'] as const)('sends call-center accounts to the phones (PTP00197) in %s', async (language) => {
    const texts = textsOf('alivio', language);
    const account = await createAccount(portal.app.database.db, 'alivio', { country: 'GT' });
    const { context, page } = await newPage(browser);
    await page.goto(
      `${portal.origin('alivio')}${language === 'en' ? '/en' : ''}/password/forgot?e=${encodeURIComponent(account.email)}`,
    );
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: texts['passwordRecovery.forgot.send']! }).click();
    await dialog.getByRole('heading', { name: texts['passwordRecovery.callCenter.title']! }).waitFor();
    await dialog.getByText(texts['passwordRecovery.callCenter.body']!).waitFor();
    expect(await dialog.getByRole('link', { name: /^\+502/ }).count()).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, `PTP00197 ${language}`);
    await context.close();
  });
});
