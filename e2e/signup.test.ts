import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/api/src/test/smtp.ts';
import {
  cedula,
  enrolAlivioCostaRica,
  enterMedicine,
  expectSuccessScreen,
  fill,
  finishAlivioTreatment,
  logInFromSuccess,
  wizard,
} from './signup-support.ts';
import { expectNoAxeViolations, newPage, problemsOf, PHONE } from './page.ts';
import { launchBrowser, startPortal, type Portal } from './support.ts';
import { configOf, textsOf } from './texts.ts';

let portal: Portal;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  [portal, browser] = await Promise.all([startPortal({ SMTP_URL: smtp.url }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await smtp?.close();
});

describe('enrolment', () => {
  it('enrols a patient of alivio in Spanish, mails them, and the new account logs in', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const person = {
      email: `nueva-${randomUUID().slice(0, 8)}@test.example`,
      number: cedula(),
      password: 'Lluvia-de-Octubre-2026!',
    };
    await page.goto(`${portal.origin('alivio')}/signup`);
    await page.getByRole('heading', { level: 1, name: texts['signup.title']! }).waitFor();
    const w = await enrolAlivioCostaRica(page, texts, person, { axe: true });

    // A dose above the approved maximum is refused with the spec's message.
    await w.type('signup.details.dose.label', '9');
    await w.type('signup.details.frequency.times.label', '1');
    await w.choose('signup.details.frequency.interval.label', texts['signup.details.frequency.intervals.day']!);
    await w.next();
    await page.getByText(texts['signup.details.doseNotApproved']!).first().waitFor();
    await finishAlivioTreatment(w, texts);

    await expectSuccessScreen(page, texts, {
      patientName: 'Lucía Quesada',
      notifiedEmail: person.email,
      axe: 'signup success',
    });

    await expect
      .poll(() => smtp.received.some((mail) => mail.envelopeTo.includes(person.email)), { timeout: 15_000 })
      .toBe(true);

    await logInFromSuccess(page, texts, person);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000); // a whole enrolment with axe on every step, the review included, then a login

  it('keeps the data after a reload, and asks before leaving (the browser’s question on unload; Stay here, then Exit, by a link and by Back)', async () => {
    const texts = textsOf('alivio', 'en');
    const { context, page } = await newPage(browser);
    // From the login screen's link once the app runs it (the server-rendered screen starts the app on a first touch,
    // decision 029): the browser's Back then stays within the app.
    await page.goto(`${portal.origin('alivio')}/en/login`);
    await page.getByLabel(texts['login.email.label']!, { exact: true }).focus();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')),
    );
    await page.getByRole('link', { name: texts['login.signupLink']! }).click();
    await page.waitForURL((url) => url.pathname === '/en/signup');
    const w = wizard(page, texts);
    await w.at('signup.country.title');
    await w.choose('signup.country.label', 'Costa Rica');
    await w.next();
    await w.at('signup.email.title');
    const email = `kept-${randomUUID().slice(0, 8)}@test.example`;
    await w.type('signup.email.label', email);
    await w.next();
    await w.at('signup.idNumber.title');
    // Reloading (or closing the tab) asks the browser's own question first; a reload keeps what was typed.
    const unloadQuestions: string[] = [];
    page.on('dialog', (question) => {
      unloadQuestions.push(question.type());
      void question.accept();
    });
    await page.reload();
    await w.at('signup.idNumber.title');
    expect(unloadQuestions).toEqual(['beforeunload']);
    await page.getByRole('button', { name: texts['signup.back']!, exact: true }).click();
    await w.at('signup.email.title');
    expect(await page.getByLabel(texts['signup.email.label']!, { exact: true }).inputValue()).toBe(email);

    await page.getByRole('link', { name: configOf('alivio').name }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByRole('heading', { name: fill(texts['signup.exit.title']!, { 0: configOf('alivio').name }) })
      .waitFor();
    await expectNoAxeViolations(page, 'exit dialog');
    await dialog.getByRole('button', { name: texts['signup.exit.stay']! }).click();
    await w.at('signup.email.title');
    // The browser's Back goes to the step before (decision 053); on the first step it asks the same question,
    // and staying puts the address back.
    await page.goBack();
    await w.at('signup.country.title');
    await page.goBack();
    await dialog
      .getByRole('heading', { name: fill(texts['signup.exit.title']!, { 0: configOf('alivio').name }) })
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/en/signup');
    await dialog.getByRole('button', { name: texts['signup.exit.stay']! }).click();
    await w.at('signup.country.title');
    expect(new URL(page.url()).pathname).toBe('/en/signup');
    // Back again, and Exit: the login screen it came from.
    await page.goBack();
    await page.getByRole('alertdialog').getByRole('button', { name: texts['signup.exit.leave']! }).click();
    await page.waitForURL((url) => url.pathname === '/en/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Forward returns to the enrolment without a question (its draft was cleared), then a link away from it.
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/en/signup');
    await w.at('signup.country.title');
    await page.getByRole('link', { name: configOf('alivio').name }).click();
    await page.waitForURL((url) => url.pathname === '/en/login');
    // Exit ended the registration: nothing is asked any more.
    await page.reload();
    expect(unloadQuestions).toEqual(['beforeunload']);
    await context.close();
  });

  it('refuses an e-mail that is already registered', async () => {
    const texts = textsOf('piel', 'es');
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin('piel')}/signup`);
    const w = wizard(page, texts);
    await w.at('signup.country.title');
    await w.choose('signup.country.label', 'México');
    await w.next();
    await w.at('signup.email.title');
    await w.type('signup.email.label', 'demo@piel.example');
    await w.next();
    await page.getByText(texts['signup.email.alreadyRegistered']!).first().waitFor();
    await context.close();
  });

  it('prefills a Costa Rican citizen from the register', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin('alivio')}/signup`);
    const w = wizard(page, texts);
    await w.at('signup.country.title');
    await w.choose('signup.country.label', 'Costa Rica');
    await w.next();
    await w.at('signup.email.title');
    await w.type('signup.email.label', `citizen-${randomUUID().slice(0, 8)}@test.example`);
    await w.next();
    await w.at('signup.idNumber.title');
    await w.choose('signup.idNumber.type.label', texts['signup.identification.types.identification']!);
    await w.type('signup.idNumber.label', '101110111');
    await w.next();
    await w.at('signup.personalInfo.title');
    expect(await page.getByLabel(texts['signup.personalInfo.firstName.label']!, { exact: true }).inputValue()).toBe(
      'María Fernanda',
    );
    expect(await page.getByLabel(texts['signup.personalInfo.lastName.label']!, { exact: true }).inputValue()).toBe(
      'Quesada',
    );
    await context.close();
  });

  it('enrols a patient of equilibrio in English: Trinidad and Tobago asks the weight in pounds and no second surname', async () => {
    const texts = textsOf('equilibrio', 'en');
    const { context, page } = await newPage(browser);
    const email = `tt-${randomUUID().slice(0, 8)}@test.example`;
    await page.goto(`${portal.origin('equilibrio')}/en/signup`);
    const w = wizard(page, texts);
    await w.at('signup.country.title');
    await w.choose('signup.country.label', 'Trinidad and Tobago');
    await w.next();
    await w.at('signup.email.title');
    await w.type('signup.email.label', email);
    await w.next();
    await w.at('signup.idNumber.title');
    await w.choose('signup.idNumber.type.label', texts['signup.identification.types.passport']!);
    await w.type('signup.idNumber.label', `TT${randomInt(1_000_000, 9_999_999)}`);
    await w.next();
    await w.at('signup.personalInfo.title');
    expect(await page.getByLabel(texts['signup.personalInfo.secondSurname.label']!).count()).toBe(0);
    await w.type('signup.personalInfo.firstName.label', 'Kevin');
    await w.type('signup.personalInfo.lastName.label', 'Ramdial');
    await w.radio(texts['signup.personalInfo.gender.male']!);
    await w.next();
    await w.at('signup.weight.title');
    await w.next();
    await page.getByText(texts['signup.weight.required']!).first().waitFor();
    await w.type('signup.weight.label', '180');
    await w.next();
    await w.at('signup.birthdate.title');
    await w.date('signup.birthdate.label', '06/01/1970');
    await w.next();
    await w.at('signup.caregiver.title');
    await w.radio(texts['common.no']!);
    await w.next();
    await w.at('signup.contact.title');
    await w.type('signup.contact.phone.label', '6201234');
    await w.next();
    await w.at('signup.address.title');
    await w.type('signup.address.line.label', '12 Frederick Street');
    await w.search('signup.address.search.label', 'Scarb', /Scarborough/);
    await w.next();
    await w.at('signup.password.title');
    await w.password('Sunny-Harbour-Morning-7');
    await w.next();
    await w.at('signup.consent.title');
    await w.next();
    await page.getByText(texts['signup.consent.accept.required']!).first().waitFor();
    await w.tick(texts['signup.consent.accept.label']!);
    await w.next();
    await enterMedicine(w, texts, {
      medicine: 'Glucanor Basal 100 UI/mL',
      length: [1, 'year'],
      dose: '20',
      frequency: [1, 'day'],
      doctor: ['Anil', 'Persad'],
      start: '10/01/2026',
    });
    // No health-center or custom-therapy step on this plan: after 'another medicine?', the enrolment is sent.
    await w.anotherMedicine('no');
    await w.send();
    await expectSuccessScreen(page, texts, { patientName: 'Kevin Ramdial', axe: 'equilibrio success' });
    await context.close();
  });

  it('asks a minor for a caregiver, and warns when an age has no medicines', async () => {
    const texts = textsOf('alivio', 'en');
    const { context, page } = await newPage(browser);
    await page.goto(`${portal.origin('alivio')}/en/signup`);
    const w = wizard(page, texts, { axe: true });
    await w.at('signup.country.title');
    await w.choose('signup.country.label', 'Costa Rica');
    await w.next();
    await w.at('signup.email.title');
    await w.type('signup.email.label', `minor-${randomUUID().slice(0, 8)}@test.example`);
    await w.next();
    await w.at('signup.idNumber.title');
    await w.choose('signup.idNumber.type.label', texts['signup.identification.types.typeMinor']!);
    await w.type('signup.idNumber.label', cedula());
    await w.next();
    await w.at('signup.personalInfo.title');
    await w.type('signup.personalInfo.firstName.label', 'Sofía');
    await w.type('signup.personalInfo.lastName.label', 'Quesada');
    await w.type('signup.personalInfo.secondSurname.label', 'Mora');
    await w.radio(texts['signup.personalInfo.gender.female']!);
    await w.next();
    await w.at('signup.birthdate.title');
    await w.date('signup.birthdate.label', '02/10/2024');
    await w.next();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: texts['signup.birthdate.noMedicines.title']! }).waitFor();
    await expectNoAxeViolations(page, 'no medicines dialog');
    await dialog.getByRole('button').first().click();
    await w.date('signup.birthdate.label', '02/10/2015');
    await w.next();
    await w.at('signup.caregiver.title');
    await page.getByText(texts['signup.caregiver.minorNotice']!).waitFor();
    await w.next();
    await page.getByRole('alert').first().waitFor();
    await w.radio(texts['signup.caregiver.relation.directFamily']!);
    await w.type('signup.caregiver.firstName.label', 'Ana');
    await w.type('signup.caregiver.lastName.label', 'Mora');
    await w.choose('signup.caregiver.idType.label', texts['signup.identification.types.identification']!);
    await w.type('signup.caregiver.idNumber.label', cedula());
    await w.type('signup.caregiver.phone.label', '88004321');
    await expectNoAxeViolations(page, 'caregiver step, filled in');
    await w.next();
    await w.at('signup.contact.title');
    await context.close();
  });

  it('enrols without a password (v=sp) and mails the link to choose one', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(browser);
    const person = { email: `sp-${randomUUID().slice(0, 8)}@test.example`, number: cedula() };
    await page.goto(`${portal.origin('alivio')}/signup?v=sp`);
    // The same path as a full enrolment, without the password step.
    const w = await enrolAlivioCostaRica(page, texts, person);
    await finishAlivioTreatment(w, texts);
    await page
      .getByRole('heading', { name: fill(texts['signup.success.title']!, { patientName: 'Lucía Quesada' }) })
      .waitFor({ timeout: 20_000 });
    await expect
      .poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(person.email)).length, { timeout: 15_000 })
      .toBe(2);
    const raw = smtp.received
      .filter((mail) => mail.envelopeTo.includes(person.email))
      .map((mail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '='))
      .join('\n');
    expect(raw).toMatch(/\/password\/recover\?n=/);
    await context.close();
  });
});
