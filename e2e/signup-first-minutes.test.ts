// A patient's first minutes in the sign-up (issue 24, items 4-7; decision 053), on a phone in both languages: the
// browser's Back walks the steps and asks before leaving from the first one; Mexico asks for the CURP with a hint and
// says what is wrong with one; the birth date shows in words and must be the CURP's; a review with Change comes
// before Send, and the step counter gives every screen its own number.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  accountSteps,
  curp,
  fill,
  enterMedicine,
  logInFromSuccess,
  PIEL_MEXICO_CHOICE,
  PIEL_MEXICO_DETAILS,
  successHeading,
  uniqueEmail,
  wizard,
  type Texts,
} from './signup-support.ts';
import { expectNoAxeViolations, newPage, PHONE, problemsOf } from './page.ts';
import { usePortalAndBrowser } from './support.ts';
import { configOf, textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** E2E_SCREENSHOT_DIR=<folder> keeps a picture of each screen this file changed, to look at. */
async function picture(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The wizard's "Step N of M". */
const progressOf = (page: Page) => page.locator('.signup__progress-text').textContent();

/** From the server-rendered login screen, once the app runs, to the sign-up by its link: Back then has a page behind. */
async function openSignupFromLogin(page: Page, texts: Texts, slug: string, prefix: string) {
  await page.goto(`${setup.portal.origin(slug)}${prefix}/login`);
  await page.getByLabel(texts['login.email.label']!, { exact: true }).focus();
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')),
  );
  await page.getByRole('link', { name: texts['login.signupLink']! }).click();
  await page.waitForURL((url) => url.pathname === `${prefix}/signup`);
}

const WORDS = {
  es: { misread: '3 de diciembre de 1985', right: '12 de marzo de 1985' },
  en: { misread: 'December 3, 1985', right: 'March 12, 1985' },
} as const;

for (const language of ['es', 'en'] as const) {
  const prefix = language === 'en' ? '/en' : '';

  describe(`a patient's first minutes in the sign-up (${language}, 390 px)`, () => {
    it('goes back a step with the browser’s Back, as with Back, and asks before leaving from the first step', async () => {
      const texts = textsOf('alivio', language);
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      await openSignupFromLogin(page, texts, 'alivio', prefix);
      const w = wizard(page, texts);
      await w.at('signup.country.title');
      await w.choose('signup.country.label', 'Costa Rica');
      await w.next();
      await w.at('signup.email.title');
      const email = uniqueEmail('back');
      await w.type('signup.email.label', email);
      await w.next();
      await w.at('signup.idNumber.title');
      expect(await progressOf(page)).toMatch(/3/);

      // The browser's Back: the e-mail step, with what was typed; then the country step.
      await page.goBack();
      await w.at('signup.email.title');
      expect(await page.getByLabel(texts['signup.email.label']!, { exact: true }).inputValue()).toBe(email);
      await page.goBack();
      await w.at('signup.country.title');
      // Next and Back (the wizard's) go the same way.
      await w.next();
      await w.at('signup.email.title');
      await w.press(texts['signup.back']!);
      await w.at('signup.country.title');
      expect(new URL(page.url()).pathname).toBe(`${prefix}/signup`);

      // On the first step the browser's Back would leave: the spec's exit dialog asks first.
      await page.goBack();
      const dialog = page.getByRole('alertdialog');
      await dialog
        .getByRole('heading', { name: fill(texts['signup.exit.title']!, { 0: configOf('alivio').name }) })
        .waitFor();
      await expectNoAxeViolations(page, `exit dialog on Back (${language})`);
      await picture(page, `signup-exit-dialog-${language}`);
      await dialog.getByRole('button', { name: texts['signup.exit.stay']! }).click();
      await w.at('signup.country.title');
      expect(new URL(page.url()).pathname).toBe(`${prefix}/signup`);
      // Exit leaves for the page before.
      await page.goBack();
      await dialog.getByRole('button', { name: texts['signup.exit.leave']! }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/login`);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    });

    it('asks Mexico for the CURP with a hint, says what is wrong, checks the birth date against it in words, and reviews everything before Send', async () => {
      const texts = textsOf('piel', language);
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      await page.goto(`${setup.portal.origin('piel')}${prefix}/signup`);
      const w = wizard(page, texts, { axe: true });
      // Every screen's counter, in order: each has its own number, and the last is "N of N".
      const counters: string[] = [];
      const at = w.at.bind(w);
      w.at = async (key: string) => {
        await at(key);
        counters.push((await progressOf(page)) ?? '');
      };
      const person = {
        email: uniqueEmail(`mx-${language}`),
        number: curp('1985-03-12'),
        password: 'Girasol-de-Marzo-2026!',
      };
      const curpLabel = texts['signup.identification.types.curp']!;

      await accountSteps(
        page,
        texts,
        w,
        {
          country: language === 'es' ? 'México' : 'Mexico',
          email: person.email,
          idType: 'curp',
          number: person.number,
          firstName: 'Guadalupe',
          lastName: 'Gómez',
          gender: 'female',
          birthDate: '03/12/1985',
          phone: '5512345678',
          address: { search: 'Guadala', pick: /Guadalajara/, line: 'Avenida Juárez 120, colonia Centro' },
          password: person.password,
        },
        {
          'signup.idNumber.title': async () => {
            // Mexico names its document: the CURP, never a "cédula".
            await page
              .locator('.field')
              .filter({ has: page.getByText(texts['signup.idNumber.type.label']!, { exact: true }) })
              .locator('button')
              .first()
              .click();
            const options = await page.getByRole('option').allTextContents();
            expect(options).toContain(curpLabel);
            expect(options).not.toContain(texts['signup.identification.types.identification']!);
            await page.getByRole('option', { name: curpLabel, exact: true }).click();
            // The hint gives the length and an example.
            await page.getByText(texts['signup.idNumber.hints.mxCurp']!).waitFor();
            // What is wrong, said as such: the length, then the check digit.
            await w.type('signup.idNumber.label', person.number.slice(0, 17));
            await w.next();
            await page.getByText(texts['signup.idNumber.wrongLength']!).first().waitFor();
            await picture(page, `signup-curp-length-${language}`);
            await w.type(
              'signup.idNumber.label',
              `${person.number.slice(0, 17)}${(Number(person.number[17]) + 1) % 10}`,
            );
            await w.next();
            await page.getByText(texts['signup.idNumber.wrongCheckDigit']!).first().waitFor();
            await expectNoAxeViolations(page, `refused CURP (${language})`);
            await picture(page, `signup-curp-check-digit-${language}`);
          },
          'signup.birthdate.title': async () => {
            // 12/03/1985 as a Mexican writes 12 March: the field says in words which date that is.
            await w.date('signup.birthdate.label', '12/03/1985');
            await page
              .getByText(fill(texts['common.dateInWords']!, { date: WORDS[language].misread }), { exact: true })
              .waitFor();
            await w.next();
            await page.getByText(texts['signup.birthdate.notAsIdentification']!).first().waitFor();
            await page
              .getByText(fill(texts['signup.birthdate.identificationSays']!, { date: WORDS[language].right }))
              .waitFor();
            await expectNoAxeViolations(page, `birth date not the CURP's (${language})`);
            await picture(page, `signup-birthdate-disagrees-${language}`);
            await w.date('signup.birthdate.label', '03/12/1985');
            await page
              .getByText(fill(texts['common.dateInWords']!, { date: WORDS[language].right }), { exact: true })
              .waitFor();
            await picture(page, `signup-birthdate-words-${language}`);
          },
        },
      );
      await enterMedicine(w, texts, { ...PIEL_MEXICO_CHOICE, ...PIEL_MEXICO_DETAILS, therapyCode: null });
      await page.getByRole('heading', { level: 2, name: texts['signup.anotherTreatment.title']! }).waitFor();
      counters.push((await progressOf(page)) ?? '');
      await w.anotherMedicine('no');
      await w.send(async () => {
        counters.push((await progressOf(page)) ?? '');
        // Every screen had its own number, and the review is the last: "N of N".
        expect(new Set(counters).size, counters.join(' | ')).toBe(counters.length);
        const numbers = counters.at(-1)!.match(/\d+/g)!;
        expect(numbers[0]).toBe(numbers[1]);
        expect(Number(numbers[1])).toBe(counters.length);
        // The birth date in words beside mm/dd/yyyy; the CURP as typed.
        const review = page.locator('.review');
        await review.getByText(WORDS[language].right, { exact: true }).waitFor();
        await review.getByText('(03/12/1985)', { exact: true }).waitFor();
        await review.getByText(person.number, { exact: true }).waitFor();
        await review.getByText(curpLabel, { exact: true }).waitFor();
        // Each "Change" is a 44 px target.
        for (const box of await review
          .getByRole('button', { name: texts['signup.review.change']!, exact: true })
          .all()) {
          const size = await box.boundingBox();
          expect(size!.height).toBeGreaterThanOrEqual(44);
          expect(size!.width).toBeGreaterThanOrEqual(44);
        }
        await picture(page, `signup-review-${language}`);
        // Change the e-mail: its step, then straight back to the review with the new one.
        await page
          .getByRole('button', {
            name: fill(texts['signup.review.changePart']!, { part: texts['signup.email.label']! }),
          })
          .click();
        await w.at('signup.email.title');
        person.email = uniqueEmail(`mx2-${language}`);
        await w.type('signup.email.label', person.email);
        await w.next();
        await page.getByRole('heading', { level: 2, name: texts['signup.review.title']! }).waitFor();
        await review.getByText(person.email, { exact: true }).waitFor();
      });
      await successHeading(page, texts, 'Guadalupe Gómez').waitFor({ timeout: 20_000 });

      // The profile shows the birth date in words beside mm/dd/yyyy, and the document by its name.
      await logInFromSuccess(page, texts, person);
      await page.goto(`${setup.portal.origin('piel')}${prefix}/profile`);
      await page.getByText(WORDS[language].right, { exact: true }).waitFor();
      await page.getByText('(03/12/1985)', { exact: true }).waitFor();
      await page.getByText(curpLabel, { exact: false }).first().waitFor();
      await expectNoAxeViolations(page, `profile (${language})`);
      await picture(page, `profile-birth-date-${language}`);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    }, 180_000); // a whole enrolment with axe on every step, then the profile: longer than one page's test
  });
}
