// The patient's profile on a phone: view and edit, change password, download my data, terms acceptance (decision 018).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { desc, eq } from 'drizzle-orm';
import { consentRecord, outbox, patient, userAccount } from '../apps/api/src/db/schema.ts';
import type { Database } from '../apps/api/src/platform/db.ts';
import { expectNoAxeViolations, newPage, PHONE, problemsOf, waitForTitle } from './page.ts';
import { DEMO_PASSWORD, setTestSession, usePortalAndBrowser } from './support.ts';
import { cedula, enrolAlivioThroughApi } from './signup-support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

const db = () => (setup.portal.app as unknown as { database: Database }).database.db;

/** Logs an account of the program in through the API (as the login screen would). */
const signIn = (page: Page, slug: string, email: string, password = DEMO_PASSWORD) =>
  setTestSession(page, setup.portal.origin(slug), { email, password });

async function openProfile(page: Page, slug: string, language: 'es' | 'en') {
  const texts = textsOf(slug, language);
  await page.goto(`${setup.portal.origin(slug)}${language === 'en' ? '/en' : ''}/profile`);
  await waitForTitle(page);
  await page.getByRole('heading', { name: texts['profile.contactData']!, exact: true }).waitFor();
  return texts;
}

describe('profile on a phone', () => {
  it.each(['es', 'en'] as const)(
    'shows every field of the demo patient, identification masked (%s), with no axe violation',
    async (language) => {
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      await signIn(page, 'alivio', 'demo2@alivio.example');
      const texts = await openProfile(page, 'alivio', language);
      const main = page.locator('main');
      await expect.poll(() => main.innerText()).toContain('demo2@alivio.example');
      const text = await main.innerText();
      expect(text).toContain('Jorge');
      expect(text).toContain('•••••0003');
      expect(text).not.toContain('109990003');
      expect(text).toContain('07/03/1981');
      expect(text).toContain(texts['profile.callCenterToChange']!);
      expect(await page.locator('svg[data-avatar="male"]').count()).toBe(1);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page, `profile ${language}`);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    },
  );

  it('edits the phone: a wrong number is refused on its field, a right one is saved and shown', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'alivio', 'demo2@alivio.example');
    const texts = await openProfile(page, 'alivio', 'es');
    await page.getByRole('button', { name: texts['profile.edit']!, exact: true }).click();
    const form = page.getByRole('form', { name: texts['profile.edit']! });
    await form.waitFor();
    const phone = form.getByLabel(texts['profile.phone']!, { exact: true });
    await phone.fill('123');
    // Another place, chosen from the search.
    const box = form.getByRole('combobox', { name: texts['signup.address.search.label']! });
    await box.fill('');
    await box.pressSequentially('Escaz', { delay: 50 });
    await page
      .getByRole('option', { name: /Escazú/ })
      .first()
      .click();
    await form.getByRole('button', { name: texts['common.save']!, exact: true }).click();
    await form.getByText(texts['signup.contact.phone.invalid']!).first().waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'profile edit with an error');
    await phone.fill('8877-6655');
    await form.getByRole('button', { name: texts['common.save']!, exact: true }).click();
    await page.getByText(texts['profile.saved']!).waitFor();
    // Stored and shown as the national number (the contract normalises it).
    await expect.poll(() => page.locator('main').innerText()).toContain('88776655');
    const [row] = await db()
      .select({ phoneNumber: patient.phoneNumber })
      .from(patient)
      .innerJoin(userAccount, eq(userAccount.id, patient.userId))
      .where(eq(userAccount.email, 'demo2@alivio.example'));
    expect(row?.phoneNumber?.replace(/\D/g, '')).toBe('88776655');
    await context.close();
  });
});

describe('language', () => {
  it('switches the portal to the language chosen in the profile at once, after a reload and a new login, then back to Spanish', async () => {
    const person = {
      email: `idioma-${randomUUID().slice(0, 8)}@test.example`,
      number: cedula(),
      password: 'Camino-del-Valle-2026',
    };
    await enrolAlivioThroughApi(setup.portal, person);
    const es = textsOf('alivio', 'es');
    const en = textsOf('alivio', 'en');
    const languageOf = async () =>
      (
        await db()
          .select({ language: userAccount.language })
          .from(userAccount)
          .where(eq(userAccount.email, person.email))
      )[0]?.language;
    const expectEnglish = async (page: Page, path: string) => {
      await page.waitForURL((url) => url.pathname === `/en${path}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByText(en['ribbon.logoutLink']!).first().waitFor();
    };
    const chooseLanguage = async (page: Page, texts: Record<string, string>, option: string) => {
      await page.getByRole('button', { name: texts['profile.edit']!, exact: true }).click();
      const form = page.getByRole('form', { name: texts['profile.edit']! });
      await form.getByRole('radio', { name: texts[option]!, exact: true }).check({ force: true });
      await form.getByRole('button', { name: texts['common.save']!, exact: true }).click();
    };

    // Spanish to English in the profile: the screens follow at once; the account records it (its mails follow it:
    // 'mails in the language the patient chose' in the profile module's API tests).
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'alivio', person.email, person.password);
    await openProfile(page, 'alivio', 'es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await chooseLanguage(page, es, 'profile.language.en');
    await expectEnglish(page, '/profile');
    await page.getByText(en['profile.saved']!).waitFor();
    await page.getByRole('heading', { name: en['profile.contactData']!, exact: true }).waitFor();
    await expect.poll(languageOf).toBe('en');
    await expectNoAxeViolations(page, 'profile after switching to English');

    // A reload keeps it.
    await page.reload();
    await expectEnglish(page, '/profile');
    await page.getByRole('heading', { name: en['profile.contactData']!, exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();

    // So does a new login on another device, started from the Spanish login page.
    const next = await newPage(setup.browser, { viewport: PHONE });
    await next.page.goto(`${setup.portal.origin('alivio')}/login`);
    await waitForTitle(next.page);
    await next.page.getByLabel(es['login.email.label']!, { exact: true }).fill(person.email);
    await next.page.getByLabel(es['login.password.label']!, { exact: true }).fill(person.password);
    await next.page.getByRole('button', { name: es['login.submit']!, exact: true }).click();
    await expectEnglish(next.page, '/home');

    // Back to Spanish.
    await next.page.goto(`${setup.portal.origin('alivio')}/en/profile`);
    await next.page.getByRole('heading', { name: en['profile.contactData']!, exact: true }).waitFor();
    await chooseLanguage(next.page, en, 'profile.language.es');
    await next.page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => next.page.evaluate(() => document.documentElement.lang)).toBe('es');
    await next.page.getByText(es['profile.saved']!).waitFor();
    await next.page.getByRole('heading', { name: es['profile.contactData']!, exact: true }).waitFor();
    await expect.poll(languageOf).toBe('es');
    expect(problemsOf(next.page)).toEqual([]);
    await next.context.close();
    // Two logins, a reload and two saves: more than the default minute on a loaded machine.
  }, 120_000);
});

describe('account', () => {
  it('changes the password, then logs in with the new one', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'piel', 'demo2@piel.example');
    const texts = await openProfile(page, 'piel', 'es');
    const form = page.getByRole('form', { name: texts['account.password.title']! });
    await form.getByLabel(texts['account.password.current.label']!, { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel(texts['account.password.new.label']!, { exact: true }).fill('Nueva-Clave-Segura-2026!');
    await form.getByRole('button', { name: texts['account.password.submit']!, exact: true }).click();
    await page.getByText(texts['account.password.changed']!).waitFor();
    await context.close();

    const next = await newPage(setup.browser, { viewport: PHONE });
    await next.page.goto(`${setup.portal.origin('piel')}/login`);
    await waitForTitle(next.page);
    await next.page.getByLabel(texts['login.email.label']!, { exact: true }).fill('demo2@piel.example');
    await next.page.getByLabel(texts['login.password.label']!, { exact: true }).fill('Nueva-Clave-Segura-2026!');
    await next.page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
    await next.page.waitForURL((url) => url.pathname === '/home');
    await next.context.close();
  });

  it('downloads my data as a JSON file with my profile and treatments, after asking for the password', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'equilibrio', 'demo2@equilibrio.example');
    const texts = await openProfile(page, 'equilibrio', 'en');
    await page.getByRole('button', { name: texts['account.privacy.download']!, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: texts['account.privacy.download']! });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'download my data dialog');
    const password = dialog.getByLabel(texts['account.privacy.downloadDialog.password']!, { exact: true });
    const download = dialog.getByRole('button', {
      name: texts['account.privacy.downloadDialog.confirm']!,
      exact: true,
    });
    // Empty, then wrong: the field says why, and nothing is downloaded.
    await download.click();
    await dialog.getByText(texts['account.password.current.required']!).waitFor();
    await password.fill('not-my-password');
    await download.click();
    await dialog.getByText(texts['account.password.current.invalid']!).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await password.fill(DEMO_PASSWORD);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    await dialog.waitFor({ state: 'detached' });
    const downloaded = file;
    expect(downloaded.suggestedFilename()).toBe('equilibrio-my-data.json');
    const data = JSON.parse(await readFile((await downloaded.path())!, 'utf8'));
    expect(data.account.email).toBe('demo2@equilibrio.example');
    expect(data.patient.firstName).toBe('Pedro');
    expect(data.treatments).toHaveLength(1);
    await context.close();
  });

  it.each(['es', 'en'] as const)(
    'asks for the new terms, readable in place, and records the acceptance (%s)',
    async (language) => {
      const email = 'demo@equilibrio.example';
      const [who] = await db()
        .select({ id: patient.id })
        .from(patient)
        .innerJoin(userAccount, eq(userAccount.id, patient.userId))
        .where(eq(userAccount.email, email));
      await db().update(patient).set({ latestTermsAccepted: '0.9' }).where(eq(patient.id, who!.id));
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      await signIn(page, 'equilibrio', email);
      const texts = await openProfile(page, 'equilibrio', language);
      const card = page.locator('section.terms-card');
      await card.waitFor();
      const toggle = card.getByRole('button', { name: texts['common.readMore']!, exact: true });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(
        await card.getByRole('button', { name: texts['common.readLess']!, exact: true }).getAttribute('aria-expanded'),
      ).toBe('true');
      await expectNoAxeViolations(page, `terms ${language}`);
      const before = await db().select().from(consentRecord).where(eq(consentRecord.patientId, who!.id));
      await card.getByRole('button', { name: texts['account.terms.accept']!, exact: true }).click();
      await page.getByText(texts['account.terms.accepted']!).waitFor();
      const [row] = await db()
        .select({ version: patient.latestTermsAccepted })
        .from(patient)
        .where(eq(patient.id, who!.id));
      const after = await db().select().from(consentRecord).where(eq(consentRecord.patientId, who!.id));
      expect(row?.version).not.toBe('0.9');
      expect(after.length).toBeGreaterThan(before.length);
      await context.close();
    },
  );

  it('changes the login e-mail only when the link mailed to the new address is opened', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'piel', 'demo@piel.example');
    const texts = await openProfile(page, 'piel', 'es');
    const form = page.getByRole('form', { name: texts['account.email.title']! });
    await form.getByLabel(texts['account.email.new.label']!, { exact: true }).fill('nuevo-demo@piel.example');
    await form.getByLabel(texts['account.password.current.label']!, { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: texts['account.email.submit']!, exact: true }).click();
    await page.getByText(texts['account.email.sent']!.replace('{newEmail}', 'nuevo-demo@piel.example')).waitFor();
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'nuevo-demo@piel.example'))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail?.kind).toBe('email-change-confirm');
    const link = new URL(String(mail!.payload.link));
    const [before] = await db()
      .select({ email: userAccount.email })
      .from(userAccount)
      .where(eq(userAccount.email, 'demo@piel.example'));
    expect(before?.email).toBe('demo@piel.example');
    await page.goto(`${setup.portal.origin('piel')}${link.pathname}${link.search}`);
    await page.getByText(texts['account.email.confirm.done']!.replace('{email}', 'nuevo-demo@piel.example')).waitFor();
    await expectNoAxeViolations(page, 'e-mail confirmed');
    const [after] = await db()
      .select({ id: userAccount.id })
      .from(userAccount)
      .where(eq(userAccount.email, 'nuevo-demo@piel.example'));
    expect(after).toBeDefined();
    // Single use: the same link again says it is no longer valid.
    await page.reload();
    await page.getByText(texts['account.email.confirm.invalid']!).waitFor();
    await context.close();
  });

  it('closes the account from a dialog confirmed with the password, and signs out', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'alivio', 'demo2@alivio.example');
    const texts = await openProfile(page, 'alivio', 'en');
    await page.getByRole('button', { name: texts['account.close.confirm']!, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'close account dialog');
    await dialog.getByLabel(texts['account.close.passwordLabel']!, { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: texts['account.close.confirm']!, exact: true }).click();
    await dialog.getByText(texts['account.password.current.invalid']!).waitFor();
    await dialog.getByLabel(texts['account.close.passwordLabel']!, { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: texts['account.close.confirm']!, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en/login');
    const [account] = await db()
      .select({ status: userAccount.status, eraseAfter: userAccount.eraseAfter })
      .from(userAccount)
      .where(eq(userAccount.email, 'demo2@alivio.example'));
    expect(account?.status).toBe('DISABLED');
    expect(account?.eraseAfter).not.toBeNull();
    await context.close();
  });
});

describe('my sessions on a phone', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  it('lists this device and another, ends the other after a confirmation (its token is then refused), with no axe violation in es and en', async () => {
    const person = {
      email: `sesiones-${randomUUID().slice(0, 8)}@test.example`,
      number: cedula(),
      password: 'Camino-del-Valle-2026',
    };
    await enrolAlivioThroughApi(setup.portal, person);
    // Another device: a login through the API from an iPhone.
    const host = `alivio.localhost:${setup.portal.port}`;
    const other = await setup.portal.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { host, 'user-agent': IPHONE },
      payload: { email: person.email, password: person.password },
    });
    expect(other.statusCode, other.body).toBe(200);
    const otherToken = (other.json() as { data: { AccessToken: string } }).data.AccessToken;
    const otherCall = () =>
      setup.portal.app.inject({
        method: 'GET',
        url: '/api/v1/user',
        headers: { host, authorization: `Bearer ${otherToken}` },
      });
    expect((await otherCall()).statusCode).toBe(200);

    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'alivio', person.email, person.password);
    for (const language of ['es', 'en'] as const) {
      const texts = await openProfile(page, 'alivio', language);
      const card = page.getByRole('region', { name: texts['account.sessions.title']!, exact: true });
      const items = card.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(2);
      const otherDevice = texts['account.sessions.device']!.replace('{browser}', 'Safari').replace(
        '{system}',
        texts['account.sessions.system.ios']!,
      );
      await card.getByText(texts['account.sessions.current']!, { exact: true }).waitFor();
      await card.getByText(otherDevice, { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page, `my sessions ${language}`);
    }

    const texts = textsOf('alivio', 'en');
    const card = page.getByRole('region', { name: texts['account.sessions.title']!, exact: true });
    const otherDevice = `Safari on ${texts['account.sessions.system.ios']!}`;
    // Each end button names the session it ends (device, when it began, when it was last active), never the bare
    // "End session" of the real logout.
    const endOther = card.getByRole('button', { name: `End this session: ${otherDevice}, signed in on ` });
    expect(await endOther.getAttribute('aria-label')).toMatch(/, active (now|\d+ minutes? ago)$/);
    expect(await card.getByRole('button', { name: texts['account.sessions.end']!, exact: true }).count()).toBe(0);
    await endOther.click();
    const dialog = page.getByRole('alertdialog', { name: texts['account.sessions.endConfirm.title']! });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'end a session dialog');
    await dialog.getByRole('button', { name: texts['account.sessions.end']!, exact: true }).click();
    await card.getByText(texts['account.sessions.ended']!).waitFor();
    await card.getByText(texts['account.sessions.onlyThis']!).waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(1);
    // The other device's access token is refused at its next call; this one goes on.
    expect((await otherCall()).statusCode).toBe(401);
    await page.reload();
    await card.getByText(texts['account.sessions.current']!, { exact: true }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('shows this device and the four most recent others of a long list, each end button naming its session, and all on request', async () => {
    const person = {
      email: `muchas-${randomUUID().slice(0, 8)}@test.example`,
      number: cedula(),
      password: 'Camino-del-Valle-2026',
    };
    await enrolAlivioThroughApi(setup.portal, person);
    const host = `alivio.localhost:${setup.portal.port}`;
    // Seven more sessions of one browser on one system: only when they began and were used tells them apart.
    for (let index = 0; index < 7; index += 1) {
      const login = await setup.portal.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { host, 'user-agent': IPHONE },
        payload: { email: person.email, password: person.password },
      });
      expect(login.statusCode, login.body).toBe(200);
    }
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await signIn(page, 'alivio', person.email, person.password);
    const texts = await openProfile(page, 'alivio', 'es');
    const card = page.getByRole('region', { name: texts['account.sessions.title']!, exact: true });
    const items = card.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(5);
    await expect.poll(() => items.first().textContent()).toContain(texts['account.sessions.current']!);
    const showAll = card.getByRole('button', { name: 'Ver las 8 sesiones', exact: true });
    expect(await showAll.getAttribute('aria-expanded')).toBe('false');
    await showAll.click();
    await expect.poll(() => items.count()).toBe(8);
    const labels = await card
      .getByRole('button', { name: /^Cerrar esta sesión: / })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(labels).toHaveLength(7);
    await expectNoAxeViolations(page, 'my sessions, all of a long list');
    await card.getByRole('button', { name: texts['account.sessions.showFewer']!, exact: true }).click();
    await expect.poll(() => items.count()).toBe(5);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
