// More enrolment browser tests: piel's and equilibrio's own field settings in Spanish, English with axe on every step, the keyboard only,
// and an identification number that is already registered.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  accountSteps,
  cedula,
  curp,
  dpi,
  enrolAlivioCostaRica,
  enterMedicine,
  enrolAlivioThroughApi,
  enrolPielMexico,
  expectSuccessScreen,
  finishAlivioTreatment,
  hasFocus,
  logInFromSuccess,
  successHeading,
  uniqueEmail,
  wizard,
  type Person,
  type Texts,
} from './signup-support.ts';
import { expectNoAxeViolations, newPage, problemsOf, PHONE } from './page.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** The texts that describe a field (aria-describedby): its hint and its error. */
const descriptionOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const errorSummary = (page: Page, texts: Texts) =>
  page.getByRole('alert').filter({ hasText: texts['signup.errorSummary.title']! });

/** A new page (on a phone's viewport when given) at the program's sign-up in that language, and its texts. */
async function openSignup(slug: string, language: 'es' | 'en', viewport?: { width: number; height: number }) {
  const texts = textsOf(slug, language);
  const { context, page } = await newPage(setup.browser, viewport ? { viewport } : undefined);
  await page.goto(`${setup.portal.origin(slug)}${language === 'en' ? '/en' : ''}/signup`);
  return { texts, context, page };
}

/** A new patient for piel's Mexico plan: a new address and CURP, the country as the list names it in the screen's language. */
const mexicanPerson = (emailTag: string, password: string, countryName: string) => ({
  email: uniqueEmail(emailTag),
  number: curp(),
  password,
  countryName,
});

/** The wizard's first step: chooses the country and goes on to the e-mail step. */
async function chooseCountry(w: ReturnType<typeof wizard>, country: string) {
  await w.at('signup.country.title');
  await w.choose('signup.country.label', country);
  await w.next();
  await w.at('signup.email.title');
}

/** The end of a whole enrolment: its success screen, then the patient logs in from it, with nothing wrong on the way. */
async function succeedAndLogIn(
  page: Page,
  context: BrowserContext,
  texts: Texts,
  person: Person,
  success: Parameters<typeof expectSuccessScreen>[2],
) {
  await expectSuccessScreen(page, texts, success);
  await logInFromSuccess(page, texts, person);
  expect(problemsOf(page)).toEqual([]);
  await context.close();
}

describe('enrolment, more', () => {
  it('enrols a patient of piel in Mexico in Spanish (no health-center step, a custom-therapy code), axe on every step, then logs in', async () => {
    const { texts, context, page } = await openSignup('piel', 'es');
    const person = mexicanPerson('piel', 'Girasol-de-Mayo-2026!', 'México');
    const w = await enrolPielMexico(page, texts, person, { axe: true });
    // Every step Mexico's plan shows, and only those: 15 of them.
    expect(w.steps).toBe(15);
    await succeedAndLogIn(page, context, texts, person, {
      planName: 'Piel Plena México',
      notifiedEmail: person.email,
      axe: 'piel success',
    });
  });

  it('enrols a patient of equilibrio in Guatemala in Spanish (a DPI, weight in kg, no health-center step), axe on every step, with two medicines', async () => {
    const { texts, context, page } = await openSignup('equilibrio', 'es', PHONE);
    const person = {
      email: uniqueEmail('equilibrio-gt'),
      number: dpi(),
      password: 'Volcan-de-Agua-2026!',
    };
    const w = wizard(page, texts, { axe: true });
    await accountSteps(
      page,
      texts,
      w,
      {
        country: 'Guatemala',
        email: person.email,
        idType: 'identificationGt',
        number: person.number,
        firstName: 'Marta',
        lastName: 'Xicará',
        gender: 'female',
        weight: '64,5',
        birthDate: '09/15/1962',
        phone: '5512 3456',
        address: { search: 'Quetzal', pick: /Quetzaltenango/, line: '4a calle 12-30, zona 1' },
        password: person.password,
      },
      {
        // Guatemala's plan hides the alternative e-mail.
        'signup.contact.title': async () =>
          expect(await page.getByLabel(new RegExp(`^${texts['signup.contact.emailAlternative.label']}`)).count()).toBe(
            0,
          ),
      },
    );
    for (const [medicine, dose] of [
      ['Glucanor Basal 100 UI/mL', '18'],
      ['Metforal XR 750 mg', '2'],
    ] as const) {
      await enterMedicine(w, texts, {
        medicine,
        length: [1, 'year'],
        dose,
        frequency: [1, 'day'],
        doctor: ['Héctor', 'Ajú'],
        start: 'not started',
      });
      await w.anotherMedicine(medicine.startsWith('Glucanor') ? 'yes' : 'no');
    }
    await w.send();
    await succeedAndLogIn(page, context, texts, person, {
      patientName: 'Marta Xicará',
      planName: 'Equilibrio Guatemala',
      axe: 'equilibrio success (Spanish)',
    });
  });

  it('enrols a patient of alivio in English with no axe violation on any step, the success screen included', async () => {
    const { texts, context, page } = await openSignup('alivio', 'en');
    const person = { email: uniqueEmail('alivio-en'), number: cedula(), password: 'Morning-Tide-Harbour-9' };
    await page.getByRole('heading', { level: 1, name: texts['signup.title']! }).waitFor();
    const w = await enrolAlivioCostaRica(page, texts, person, { axe: true });
    await finishAlivioTreatment(w, texts);
    await expectSuccessScreen(page, texts, {
      patientName: 'Lucía Quesada',
      planName: 'Alivio Costa Rica',
      axe: 'alivio success (English)',
    });
    expect(w.steps).toBe(15);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('enrols a patient of piel in English with the keyboard only; the focus goes to each new step, to the errors, and to the field to fix', async () => {
    const { texts, context, page } = await openSignup('piel', 'en');
    const person = mexicanPerson('keys', 'Quiet-Keys-Typing-2026', 'Mexico');

    // Next with nothing chosen: the error summary takes the focus, and its link takes the person to the field.
    const w = wizard(page, texts, { keyboard: true });
    await w.at('signup.country.title');
    await w.next();
    const summary = errorSummary(page, texts);
    await expect.poll(() => hasFocus(summary), { message: 'focus on the error summary' }).toBe(true);
    await expect
      .poll(() => summary.evaluate((element) => element === document.activeElement), {
        message: 'the summary itself is focused',
      })
      .toBe(true);
    await expectNoAxeViolations(page, 'refused country step');
    await page.keyboard.press('Tab');
    const link = summary.getByRole('link', { name: texts['signup.country.required']! });
    await expect.poll(() => hasFocus(link), { message: 'Tab goes to the summary link' }).toBe(true);
    await page.keyboard.press('Enter');
    const countrySelect = page.getByRole('button', { name: new RegExp(texts['signup.country.label']!) });
    await expect.poll(() => hasFocus(countrySelect), { message: 'the link focuses the country select' }).toBe(true);

    await enrolPielMexico(page, texts, person, { keyboard: true });
    await expect
      .poll(() => hasFocus(successHeading(page, texts, 'Guadalupe Ortiz')), { message: 'focus on the success title' })
      .toBe(true);
    await logInFromSuccess(page, texts, person, { keyboard: true });
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  }, 120_000); // every step by Tab and Enter, the review's Change buttons too

  it('says on the field that an identification number is already registered in the program, and stays on that step', async () => {
    const registered = { email: uniqueEmail('first'), number: cedula() };
    await enrolAlivioThroughApi(setup.portal, registered);

    const { texts, context, page } = await openSignup('alivio', 'en');
    const w = wizard(page, texts);
    await chooseCountry(w, 'Costa Rica');
    await w.type('signup.email.label', uniqueEmail('second'));
    await w.next();
    await w.at('signup.idNumber.title');
    await w.choose('signup.idNumber.type.label', texts['signup.identification.types.identification']!);
    await w.type('signup.idNumber.label', registered.number);
    await w.next();

    const message = texts['signup.idNumber.alreadyRegistered']!;
    expect(message).toBe('this identification number is already registered in the program');
    const field = page.getByLabel(texts['signup.idNumber.label']!, { exact: true });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => descriptionOf(page, texts['signup.idNumber.label']!)).toContain(message);
    // The summary lists it too, and has the focus (as after any refused Next).
    await expect.poll(() => errorSummary(page, texts).textContent()).toContain(message);
    await expect
      .poll(() => errorSummary(page, texts).evaluate((element) => element === document.activeElement), {
        message: 'focus on the error summary',
      })
      .toBe(true);
    // Still the identification step, with what was typed.
    await w.at('signup.idNumber.title');
    expect(await page.getByRole('heading', { level: 2, name: texts['signup.personalInfo.title']! }).count()).toBe(0);
    expect(await field.inputValue()).toBe(registered.number);
    await context.close();
  });
  it('holds Next while the server checks the e-mail and the identification: pending, not pressable, one call each', async () => {
    const texts = textsOf('alivio', 'en');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    // Each check waits in the test until it is let through, so the pending state is seen without any timing.
    const held = (pattern: RegExp) => {
      const calls: string[] = [];
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      void page.route(pattern, async (route) => {
        calls.push(route.request().url());
        await gate;
        await route.continue();
      });
      return { calls, release };
    };
    const nextButton = page.getByRole('button', { name: texts['signup.next']!, exact: true });
    const expectHeld = async (check: { calls: string[] }) => {
      await expect.poll(() => check.calls.length).toBe(1);
      await expect.poll(() => nextButton.isDisabled()).toBe(true);
      expect(await nextButton.getAttribute('class')).toContain('pending-button--pending');
      expect(await page.getByRole('button', { name: texts['signup.back']!, exact: true }).isDisabled()).toBe(true);
      // A second press does nothing (the button is disabled: force the click past playwright's own check).
      await nextButton.click({ force: true });
      await nextButton.press('Enter');
      expect(check.calls).toHaveLength(1);
    };

    await page.goto(`${setup.portal.origin('alivio')}/en/signup`);
    const w = wizard(page, texts);
    await chooseCountry(w, 'Costa Rica');
    const emailCheck = held(/\/api\/v1\/cognito\/check/);
    await w.type('signup.email.label', uniqueEmail('pending'));
    await w.next();
    await expectHeld(emailCheck);
    emailCheck.release();
    await w.at('signup.idNumber.title');
    expect(await nextButton.isDisabled()).toBe(false);

    const idCheck = held(/\/api\/v1\/(plan\/\d+\/patient\/identification|citizen)/);
    await w.choose('signup.idNumber.type.label', texts['signup.identification.types.identification']!);
    await w.type('signup.idNumber.label', cedula());
    await w.next();
    await expectHeld(idCheck);
    idCheck.release();
    await w.at('signup.personalInfo.title');
    expect(idCheck.calls.filter((url) => !url.includes('/citizen/'))).toHaveLength(1);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
