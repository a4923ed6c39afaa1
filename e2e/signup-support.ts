// Enrolment browser-test helpers: a person going through the wizard, with a pointer or with the keyboard only,
// and the enrolment paths that several tests share.
import { randomInt, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { curpCheckDigit, dpiCheckDigit } from '../packages/contracts/src/identification-numbers.ts';
import { alivioBody } from '../apps/api/src/test/signup-bodies.ts';
import { expectNoAxeViolations } from './page.ts';
import { type Portal } from './support.ts';
import { configOf } from './texts.ts';

export type Texts = Record<string, string>;
export const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((acc, [key, value]) => acc.replaceAll(`{${key}}`, value), text);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const cedula = () => `${randomInt(1, 8)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const CONSONANTS = 'BCDFGHJKLMNPQRSTVWXYZ';
/**
 * A Mexican CURP of someone born on `birthDate` (YYYY-MM-DD; before 2000), new each call: its consonants and
 * differentiator at random, its check digit computed (decision 053).
 */
export const curp = (birthDate = '1979-07-21') => {
  const consonants = Array.from({ length: 3 }, () => CONSONANTS[randomInt(0, CONSONANTS.length)]).join('');
  const first17 = `QUMA${birthDate.slice(2).replaceAll('-', '')}HJC${consonants}${randomInt(0, 10)}`;
  return `${first17}${curpCheckDigit(first17)}`;
};
/** A Guatemalan DPI (13 digits: 8, the check digit, department 01-22, municipality 01), new each call. */
export const dpi = (): string => {
  const first8 = String(randomInt(10_000_000, 100_000_000));
  const check = dpiCheckDigit(first8);
  if (check === 10) return dpi();
  return `${first8}${check}${String(randomInt(1, 23)).padStart(2, '0')}01`;
};
export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@test.example`;

export interface Person {
  email: string;
  number: string;
  password?: string;
}

export interface WizardOptions {
  /** Run axe on each step reached. */
  axe?: boolean;
  /** Only page.keyboard acts on the controls (Tab, Shift+Tab, Enter, Space, arrows, typing); focus is checked after each Next. */
  keyboard?: boolean;
}

/** Whether the element (or something inside it, e.g. a radio of a group) has the focus. */
export const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** A short description of the focused element, for failure messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (body)';
    const label =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    return `<${element.tagName.toLowerCase()} role=${element.getAttribute('role') ?? ''}> "${label.trim().slice(0, 60)}"`;
  });

/** Tabs (forwards, or backwards when the target comes before the focus) until the target has the focus, as a person would. */
export async function tabTo(page: Page, target: Locator, what: string) {
  await target.waitFor();
  for (let presses = 0; presses < 40; presses += 1) {
    const where = await target.evaluate((element) => {
      const active = document.activeElement;
      if (active === element || element.contains(active)) return 'here';
      if (!active || active === document.body) return 'after';
      return element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before' : 'after';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'before' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${what}; the focus is on ${await focused(page)}`);
}

/** A person's view of the wizard: find things by their label, as a patient would. */
export function wizard(page: Page, texts: Texts, options: WizardOptions = {}) {
  const title = (key: string) => page.getByRole('heading', { level: 2, name: texts[key]! });
  const keys = page.keyboard;
  let stepCount = 0;
  let advanced = false;
  // A label may carry more after the text (the dose's unit, '(optional)'): match its beginning.
  const input = (labelKey: string) => page.getByLabel(new RegExp(`^${escapeRegExp(texts[labelKey]!)}( \\(.*\\))?$`));
  const selectButton = (labelKey: string) =>
    page
      .locator('.field')
      .filter({ has: page.getByText(texts[labelKey]!, { exact: true }) })
      .locator('button')
      .first();
  /** With an open list (real focus on its options), arrows down to the option and takes it. */
  const pickFocusedOption = async (optionText: string) => {
    const current = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'option'
          ? document.activeElement.textContent?.trim()
          : undefined,
      );
    await expect.poll(current, { message: 'an option has the focus' }).toBeDefined();
    for (let presses = 0; (await current()) !== optionText; presses += 1) {
      if (presses > 60) throw new Error(`no option '${optionText}'`);
      await keys.press('ArrowDown');
    }
    await keys.press('Enter');
  };
  return {
    async at(key: string) {
      try {
        await title(key).waitFor();
      } catch (error) {
        // E2E_SCREENSHOT_DIR=<folder> keeps a picture of the screen a step never reached.
        if (process.env.E2E_SCREENSHOT_DIR)
          await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/signup-${key}.png`, fullPage: true });
        throw error;
      }
      stepCount += 1;
      // After Next, the new step's title has the focus: a screen reader says where the person is.
      if (options.keyboard && advanced)
        await expect.poll(() => hasFocus(title(key)), { message: `focus on the title of ${key}` }).toBe(true);
      advanced = false;
      if (options.axe) await expectNoAxeViolations(page, `signup step ${key}`);
    },
    async next() {
      advanced = true;
      await this.press(texts['signup.next']!);
    },
    /** Presses a button (or follows a link) by its name. */
    async press(name: string, role: 'button' | 'link' = 'button') {
      const target = page.getByRole(role, { name, exact: true }).first();
      if (!options.keyboard) return target.click();
      await tabTo(page, target, `the ${role} '${name}'`);
      await keys.press('Enter');
    },
    async type(labelKey: string, value: string) {
      if (!options.keyboard) return input(labelKey).fill(value);
      await tabTo(page, input(labelKey), `the field '${texts[labelKey]}'`);
      await keys.press('ControlOrMeta+A');
      if (value) await keys.type(value);
      else await keys.press('Delete');
    },
    async choose(labelKey: string, optionText: string) {
      if (!options.keyboard) {
        await selectButton(labelKey).click();
        await page.getByRole('option', { name: optionText, exact: true }).click();
        return;
      }
      await tabTo(page, selectButton(labelKey), `the select '${texts[labelKey]}'`);
      await keys.press('ArrowDown');
      await pickFocusedOption(optionText);
      await expect.poll(() => selectButton(labelKey).textContent()).toContain(optionText);
    },
    async radio(optionText: string) {
      const radio = page.getByRole('radio', { name: optionText, exact: true });
      if (!options.keyboard) return radio.check({ force: true });
      const group = page.getByRole('radiogroup').filter({ has: radio });
      await tabTo(page, group, `the group of '${optionText}'`);
      // Arrows move along the group (and choose); Space chooses the focused one.
      for (let presses = 0; !(await hasFocus(radio)); presses += 1) {
        if (presses > 10) throw new Error(`arrows never reached '${optionText}'`);
        await keys.press('ArrowDown');
      }
      await keys.press('Space');
      await expect.poll(() => radio.isChecked()).toBe(true);
    },
    async date(labelKey: string, mmddyyyy: string) {
      const month = page.getByRole('group', { name: texts[labelKey]! }).first().getByRole('spinbutton').first();
      if (options.keyboard) await tabTo(page, month, `the date '${texts[labelKey]}'`);
      else await month.click();
      await keys.type(mmddyyyy.replaceAll('/', ''));
    },
    /** The password step's two fields; then, as a person would, waits for the strength meter's verdict. */
    async password(value: string) {
      await this.type('signup.password.password.label', value);
      await this.type('signup.password.repeat.label', value);
      const verdicts = ['strong', 'medium', 'weak'].map((level) => texts[`signup.password.strength.${level}`]!);
      // The meter loads its word lists on first use: on a busy machine that takes more than poll's one second.
      await expect
        .poll(() => page.locator('.strength__value').textContent(), { timeout: 15_000 })
        .toSatisfy((text: string | null) => verdicts.includes(text ?? ''));
    },
    /** A checkbox, by the text of its label. */
    async tick(labelText: string) {
      if (!options.keyboard) return page.getByText(labelText, { exact: true }).click();
      const box = page.getByLabel(labelText, { exact: true });
      await tabTo(page, box, `the checkbox '${labelText}'`);
      await keys.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    },
    /** A search box with suggestions: types, then takes the first suggestion that matches. */
    async search(labelKey: string, text: string, option: RegExp) {
      const box = page.getByRole('combobox', { name: texts[labelKey]! });
      const suggestion = page.getByRole('option', { name: option }).first();
      if (!options.keyboard) {
        await box.fill(text);
        await suggestion.click();
        return;
      }
      await tabTo(page, box, `the search '${texts[labelKey]}'`);
      await keys.type(text);
      await suggestion.waitFor();
      // The list keeps the focus in the box (aria-activedescendant): arrows move the highlighted suggestion.
      const highlighted = () =>
        box.evaluate(
          (element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '',
        );
      for (let presses = 0; !option.test(await highlighted()); presses += 1) {
        if (presses > 20) throw new Error(`no suggestion ${option}`);
        await keys.press('ArrowDown');
      }
      await keys.press('Enter');
      await expect.poll(() => box.inputValue()).toMatch(option);
    },
    /**
     * After the last step, when the plan offers another medicine: 'Do you use another medicine of the program?'.
     * Not one of the plan's steps (not counted in `steps`); its title gets the focus like a step's.
     */
    async anotherMedicine(answer: 'yes' | 'no') {
      await title('signup.anotherTreatment.title').waitFor();
      if (options.keyboard)
        await expect
          .poll(() => hasFocus(title('signup.anotherTreatment.title')), {
            message: 'focus on the title of anotherTreatment',
          })
          .toBe(true);
      if (options.axe) await expectNoAxeViolations(page, 'signup another medicine');
      await this.radio(texts[answer === 'yes' ? 'signup.anotherTreatment.yes' : 'signup.anotherTreatment.no']!);
      advanced = true;
      await this.press(texts['signup.next']!);
    },
    /**
     * The review, the wizard's last step (like 'another medicine?', not one of the plan's steps: not counted in
     * `steps`): what will be sent, each part with Change; `check` looks at it first; then Send.
     */
    async send(check?: () => Promise<void>) {
      await title('signup.review.title').waitFor();
      if (options.keyboard && advanced)
        await expect
          .poll(() => hasFocus(title('signup.review.title')), { message: 'focus on the title of the review' })
          .toBe(true);
      advanced = false;
      if (options.axe) await expectNoAxeViolations(page, 'signup review');
      await check?.();
      advanced = true;
      await this.press(texts['signup.review.submit']!);
    },
    get steps() {
      return stepCount;
    },
  };
}
export type Wizard = ReturnType<typeof wizard>;

export const successHeading = (page: Page, texts: Texts, patientName: string) =>
  page.getByRole('heading', { name: fill(texts['signup.success.title']!, { patientName }) });

/** The success screen: the patient's name in its title, the plan's name, the mail it says was sent; axe-checked when `axe` names it. */
export async function expectSuccessScreen(
  page: Page,
  texts: Texts,
  expected: { patientName?: string; planName?: string; notifiedEmail?: string; axe?: string },
) {
  if (expected.patientName) await successHeading(page, texts, expected.patientName).waitFor({ timeout: 20_000 });
  if (expected.planName)
    await page.getByText(fill(texts['signup.success.account']!, { planName: expected.planName })).waitFor();
  if (expected.notifiedEmail)
    await page.getByText(fill(texts['signup.success.notified']!, { patientEmail: expected.notifiedEmail })).waitFor();
  if (expected.axe) await expectNoAxeViolations(page, expected.axe);
}

/** From the success screen, through the login screen, to the patient's home. */
export async function logInFromSuccess(page: Page, texts: Texts, person: Person, options: WizardOptions = {}) {
  const w = wizard(page, texts, options);
  await w.press(texts['signup.success.enterAction']!, 'link');
  await page.getByLabel(texts['login.email.label']!, { exact: true }).waitFor();
  await w.type('login.email.label', person.email);
  await w.type('login.password.label', person.password!);
  await w.press(texts['login.submit']!);
  await page.waitForURL((url) => url.pathname.endsWith('/home'));
}

/** The answers of the steps before the medicines; a step the plan does not show is left out. */
export interface AccountAnswers {
  /** The country as the list shows it. */
  country: string;
  email: string;
  /** The identification type's text key under signup.identification.types (e.g. 'identificationGt'). */
  idType: string;
  number: string;
  firstName: string;
  lastName: string;
  secondSurname?: string;
  gender: 'female' | 'male' | 'other';
  weight?: string;
  /** mm/dd/yyyy */
  birthDate: string;
  phone: string;
  phoneAlternative?: string;
  emailAlternative?: string;
  /** What to type in the place search, the suggestion to take, and the exact address line. */
  address: { search: string; pick: RegExp; line: string };
  /** Absent in skip-password mode. */
  password?: string;
  /** Opens 'read more' on the consent step before accepting. */
  readConsent?: boolean;
}

/**
 * From the country step to the accepted consent, as a person answers them; `checks` run on a step once it shows
 * (keyed by the step's title key), for what a test wants to see there.
 */
export async function accountSteps(
  page: Page,
  texts: Texts,
  w: Wizard,
  a: AccountAnswers,
  checks: Record<string, () => Promise<void>> = {},
) {
  const at = async (key: string) => {
    await w.at(key);
    await checks[key]?.();
  };
  await at('signup.country.title');
  await w.choose('signup.country.label', a.country);
  await w.next();
  await at('signup.email.title');
  await w.type('signup.email.label', a.email);
  await w.next();
  await at('signup.idNumber.title');
  await w.choose('signup.idNumber.type.label', texts[`signup.identification.types.${a.idType}`]!);
  await w.type('signup.idNumber.label', a.number);
  await w.next();
  await at('signup.personalInfo.title');
  await w.type('signup.personalInfo.firstName.label', a.firstName);
  await w.type('signup.personalInfo.lastName.label', a.lastName);
  if (a.secondSurname) await w.type('signup.personalInfo.secondSurname.label', a.secondSurname);
  await w.radio(texts[`signup.personalInfo.gender.${a.gender}`]!);
  await w.next();
  if (a.weight) {
    await at('signup.weight.title');
    await w.type('signup.weight.label', a.weight);
    await w.next();
  }
  await at('signup.birthdate.title');
  await w.date('signup.birthdate.label', a.birthDate);
  await w.next();
  await at('signup.caregiver.title');
  await w.radio(texts['common.no']!);
  await w.next();
  await at('signup.contact.title');
  await w.type('signup.contact.phone.label', a.phone);
  if (a.phoneAlternative) await w.type('signup.contact.phoneAlternative.label', a.phoneAlternative);
  if (a.emailAlternative) await w.type('signup.contact.emailAlternative.label', a.emailAlternative);
  await w.next();
  await at('signup.address.title');
  await w.search('signup.address.search.label', a.address.search, a.address.pick);
  await w.type('signup.address.line.label', a.address.line);
  await w.next();
  if (a.password) {
    await at('signup.password.title');
    await w.password(a.password);
    await w.next();
  }
  await at('signup.consent.title');
  if (a.readConsent) {
    await w.press(texts['common.readMore']!);
    await page.getByRole('button', { name: texts['common.readLess']! }).first().waitFor();
  }
  await w.tick(texts['signup.consent.accept.label']!);
  await w.next();
}

export async function enrolAlivioCostaRica(page: Page, texts: Texts, person: Person, options: WizardOptions = {}) {
  const w = wizard(page, texts, options);
  await accountSteps(page, texts, w, {
    country: 'Costa Rica',
    email: person.email,
    idType: 'identification',
    number: person.number,
    firstName: 'Lucía',
    lastName: 'Quesada',
    secondSurname: 'Mora',
    gender: 'female',
    birthDate: '03/14/1985',
    phone: '88001234',
    address: { search: 'Escaz', pick: /Escaz/, line: 'De la iglesia 200 m al norte, casa 12' },
    ...(person.password ? { password: person.password } : {}),
    readConsent: true,
  });
  await chooseMedicine(w, texts, { medicine: 'Migralen 50 mg', length: [6, 'month'] });
  await w.at('signup.details.title');
  return w;
}

type Interval = 'day' | 'week' | 'month' | 'year';

/** The answers of one medicine, on the treatment steps; a step the plan does not show is left out. */
export interface MedicineAnswers {
  medicine: string;
  /** e.g. [1, 'year'] */
  length: [number, Interval];
  dose: string;
  frequency: [number, Interval];
  doctor?: [string, string];
  /** mm/dd/yyyy, or 'not started'. */
  start?: string;
  healthCenter?: [string, 'public' | 'private'];
  /** A custom-therapy code, or null for 'no'. */
  therapyCode?: string | null;
}

/** The treatment step: the medicine and the length of the treatment. */
export async function chooseMedicine(w: Wizard, texts: Texts, answers: Pick<MedicineAnswers, 'medicine' | 'length'>) {
  await w.at('signup.treatment.title');
  await w.choose('signup.treatment.medicine.label', answers.medicine);
  await w.type('signup.treatment.length.amount.label', String(answers.length[0]));
  await w.choose('signup.treatment.length.interval.label', texts[`signup.treatment.intervals.${answers.length[1]}`]!);
  await w.next();
}

/** From the details step (already shown) to the last treatment question of the plan. */
export async function medicineDetails(w: Wizard, texts: Texts, answers: Omit<MedicineAnswers, 'medicine' | 'length'>) {
  await w.type('signup.details.dose.label', answers.dose);
  await w.type('signup.details.frequency.times.label', String(answers.frequency[0]));
  await w.choose(
    'signup.details.frequency.interval.label',
    texts[`signup.details.frequency.intervals.${answers.frequency[1]}`]!,
  );
  await w.next();
  if (answers.doctor) {
    await w.at('signup.doctor.title');
    await w.type('signup.doctor.firstName.label', answers.doctor[0]);
    await w.type('signup.doctor.lastName.label', answers.doctor[1]);
    await w.next();
  }
  if (answers.start) {
    await w.at('signup.startDate.title');
    if (answers.start === 'not started') await w.tick(texts['signup.startDate.notStarted']!);
    else await w.date('signup.startDate.label', answers.start);
    await w.next();
  }
  if (answers.healthCenter) {
    await w.at('signup.healthCenter.title');
    await w.type('signup.healthCenter.name.label', answers.healthCenter[0]);
    await w.radio(texts[`signup.healthCenter.type.${answers.healthCenter[1]}`]!);
    await w.next();
  }
  if (answers.therapyCode !== undefined) {
    await w.at('signup.customTherapy.title');
    await w.radio(texts[answers.therapyCode === null ? 'signup.customTherapy.no' : 'signup.customTherapy.yes']!);
    if (answers.therapyCode !== null) await w.type('signup.customTherapy.code.label', answers.therapyCode);
    await w.next();
  }
}

/** One whole medicine, from the treatment step to its last question. */
export async function enterMedicine(w: Wizard, texts: Texts, answers: MedicineAnswers) {
  await chooseMedicine(w, texts, answers);
  await w.at('signup.details.title');
  await medicineDetails(w, texts, answers);
}

/** An alivio medicine's answers after its choice: one a day, not started yet, Dr. Laura Vargas at Clínica Central. */
export const alivioDetails = (
  healthCenterKind: 'public' | 'private',
): Omit<MedicineAnswers, 'medicine' | 'length'> => ({
  dose: '1',
  frequency: [1, 'day'],
  doctor: ['Laura', 'Vargas'],
  start: 'not started',
  healthCenter: ['Clínica Central', healthCenterKind],
});

/** The rest of an alivio Costa Rica enrolment, from an approved dose to the success screen. */
export async function finishAlivioTreatment(w: Wizard, texts: Texts) {
  await medicineDetails(w, texts, alivioDetails('private'));
  await w.anotherMedicine('no');
  await w.send();
}

/** Opens the treatment step's list of medicines, to see which it offers. */
export async function openMedicineList(page: Page, texts: Texts) {
  await page
    .locator('.field')
    .filter({ has: page.getByText(texts['signup.treatment.medicine.label']!, { exact: true }) })
    .locator('button')
    .first()
    .click();
}

/** The piel medicine of a Mexican enrolment (plan 201), chosen on the treatment step. */
export const PIEL_MEXICO_CHOICE: Pick<MedicineAnswers, 'medicine' | 'length'> = {
  medicine: 'Plaquexa 45 mg',
  length: [1, 'year'],
};

/** Its answers after the choice: one every two months, since February 2025, Dr. Ricardo Salinas. */
export const PIEL_MEXICO_DETAILS: Omit<MedicineAnswers, 'medicine' | 'length'> = {
  dose: '1',
  frequency: [2, 'month'],
  doctor: ['Ricardo', 'Salinas'],
  start: '02/01/2025',
};

/**
 * A whole piel enrolment in Mexico (plan 201), to the success screen: a CURP, no weight, an optional second surname
 * (left out), the alternative phone and e-mail given, a doctor, a start date, no health-center step, and a
 * custom-therapy code.
 */
export async function enrolPielMexico(
  page: Page,
  texts: Texts,
  person: Person & { countryName: string },
  options: WizardOptions = {},
) {
  const w = wizard(page, texts, options);
  await accountSteps(page, texts, w, {
    country: person.countryName,
    email: person.email,
    idType: 'curp',
    number: person.number,
    firstName: 'Guadalupe',
    lastName: 'Ortiz',
    gender: 'other',
    birthDate: '07/21/1979',
    phone: '5512345678',
    phoneAlternative: '3312345678',
    emailAlternative: `alt-${person.email}`,
    address: { search: 'Guadala', pick: /Guadalajara/, line: 'Avenida Juárez 120, colonia Centro' },
    password: person.password!,
  });
  await chooseMedicine(w, texts, PIEL_MEXICO_CHOICE);
  await w.at('signup.details.title');
  // The one presentation of the medicine is shown with the dose, in the screen's language (decision 054).
  const language = new URL(page.url()).pathname.startsWith('/en/') ? 'en' : 'es';
  const presentation = configOf('piel').products.find((product) => product.id === 2101)!.presentation[language];
  await page.getByText(presentation, { exact: false }).first().waitFor();
  await medicineDetails(w, texts, { ...PIEL_MEXICO_DETAILS, therapyCode: 'PSO-2026' });
  await w.anotherMedicine('no');
  await w.send();
  await successHeading(page, texts, 'Guadalupe Ortiz').waitFor({ timeout: 20_000 });
  return w;
}

/** Enrols an alivio Costa Rica patient through the API (as another device would have), for tests that need one registered. */
export async function enrolAlivioThroughApi(portal: Portal, person: Person) {
  const response = await portal.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: `alivio.localhost:${portal.port}` },
    payload: alivioBody({
      email: person.email,
      identification: { type: 'IDENTIFICATION', number: person.number },
      personalInfo: { firstName: 'Rosa', lastName: 'Jiménez', secondSurname: 'Castro', gender: 'FEMALE' },
      birthDate: '1980-05-02',
      password: person.password ?? 'Camino-del-Valle-2026',
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
}
