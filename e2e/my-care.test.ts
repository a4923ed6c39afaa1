// My care in a real browser: the home's cards, treatments (add with a refused then approved dose, modify with the
// doctor's authorisation and the frequency warning, delete with a reason), and adding a caregiver; on a phone in
// Spanish and keyboard-only on a desktop in English, with axe on every screen.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  cedula,
  chooseMedicine,
  fill,
  medicineDetails,
  openMedicineList,
  wizard,
  type Texts,
} from './signup-support.ts';
import { enrolAlivioThroughApi } from './signup-support.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf } from './page.ts';
import { setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** A new alivio patient (Rosa Jiménez, one treatment of Migralen, no caregiver), signed in through the API. */
async function newPatient(page: Page, language: 'es' | 'en') {
  const person = {
    email: `rosa-${randomUUID().slice(0, 8)}@test.example`,
    number: cedula(),
    password: 'Camino-del-Valle-2026',
  };
  await enrolAlivioThroughApi(setup.portal, person);
  return signIn(page, language, person);
}

/** Signs an alivio account in through the API (the demo password without one); answers where its screens are in that language. */
async function signIn(page: Page, language: 'es' | 'en', person: { email: string; password?: string }) {
  const origin = setup.portal.origin('alivio');
  await setTestSession(page, origin, person);
  return { person, base: `${origin}${language === 'en' ? '/en' : ''}` };
}

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const card = (page: Page, title: string) =>
  page.locator('section.ui-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function addNeurovia(page: Page, texts: Texts, options: { keyboard?: boolean } = {}) {
  const w = wizard(page, texts, { axe: true, keyboard: options.keyboard });
  await chooseMedicine(w, texts, { medicine: 'Neurovia 140 mg/mL', length: [1, 'year'] });
  await w.at('signup.details.title');
  // The dose is checked with the server: above the approved one, the spec's message and the step stays.
  await w.type('signup.details.dose.label', '3');
  await w.type('signup.details.frequency.times.label', '1');
  await w.choose('signup.details.frequency.interval.label', texts['signup.details.frequency.intervals.month']!);
  await w.next();
  await page.getByText(texts['signup.details.doseNotApproved']!).first().waitFor();
  await w.type('signup.details.dose.label', '1');
  await medicineDetails(w, texts, {
    dose: '1',
    frequency: [1, 'month'],
    doctor: ['Andrés', 'Solano'],
    start: 'not started',
  });
  // The plan's last treatment question: its button saves the treatment.
  await w.at('signup.healthCenter.title');
  await w.type('signup.healthCenter.name.label', 'Hospital México');
  await w.radio(texts['signup.healthCenter.type.public']!);
  await w.press(texts['treatments.add.save']!);
}

describe('my care', () => {
  it('on a phone in Spanish: the home’s cards, then add, modify and delete a treatment, then add a caregiver', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const { base } = await newPatient(page, 'es');

    await page.goto(`${base}/home`);
    await page.getByText(fill(texts['home.welcome']!, { firstName: 'Rosa' })).waitFor();
    await card(page, texts['home.treatments.title']!).getByText('Migralen 50 mg').waitFor();
    const profileCard = card(page, texts['home.profile.title']!);
    await profileCard.getByRole('link', { name: texts['home.profile.missing.caregiver']! }).waitFor();
    await expectNoAxeViolations(page, 'home (es, phone)');

    // Add: the registered medicine is not offered again; a dose above the approved one is refused, then accepted.
    await page.goto(`${base}/treatments/new`);
    await heading1(page, texts['pages.treatmentsNew.title']!).waitFor();
    await openMedicineList(page, texts);
    await expect(page.getByRole('option', { name: 'Migralen 50 mg', exact: true }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await addNeurovia(page, texts);
    await heading1(page, texts['pages.treatments.title']!).waitFor();
    const neurovia = page
      .locator('section.ui-card')
      .filter({ has: page.getByRole('heading', { name: 'Neurovia 140 mg/mL' }) });
    await neurovia.waitFor();
    await expectNoAxeViolations(page, 'treatments (es, phone)');

    // Modify: the doctor's authorisation first (refused until ticked), then the steps; a new frequency shows its warning.
    await neurovia.getByRole('button', { name: texts['treatments.modify']! }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: texts['treatments.medicalAuthorization.continue']! }).click();
    await dialog.getByText(texts['treatments.medicalAuthorization.required']!).waitFor();
    await expectNoAxeViolations(page, 'authorisation dialog');
    await dialog.getByText(texts['treatments.medicalAuthorization.confirm']!).click();
    await dialog.getByRole('button', { name: texts['treatments.medicalAuthorization.continue']! }).click();
    await heading1(page, texts['treatments.modifyTitle']!).waitFor();
    const w = wizard(page, texts);
    await w.at('signup.treatment.title');
    await w.next();
    await w.at('signup.details.title');
    await w.type('signup.details.frequency.times.label', '2');
    await page.getByText(texts['signup.details.frequency.changed']!).waitFor();
    await expectNoAxeViolations(page, 'modify: details with the frequency warning');
    await w.next();
    for (const step of ['signup.doctor.title', 'signup.startDate.title']) {
      await w.at(step);
      await w.next();
    }
    await w.at('signup.healthCenter.title');
    await w.press(texts['treatments.modify.save']!);
    await heading1(page, texts['pages.treatments.title']!).waitFor();
    await neurovia
      .getByText(
        fill(texts['treatments.frequency']!, {
          amount: '2',
          interval: texts['signup.details.frequency.intervals.month']!.toLocaleLowerCase(),
        }),
      )
      .waitFor();

    // Delete: a reason from the list ('Other' asks for the patient's words), confirmed; it goes to the history.
    await neurovia.getByRole('button', { name: texts['treatments.delete']! }).click();
    const remove = page.getByRole('dialog');
    await remove.getByRole('radio', { name: texts['treatments.deleteReason.other']! }).check({ force: true });
    await remove.getByRole('button', { name: texts['treatments.deleteConfirm']! }).click();
    await remove.getByText(texts['treatments.delete.note.required']!).first().waitFor();
    await remove.getByLabel(texts['treatments.delete.note.label']!).fill('Me da mucho sueño');
    await expectNoAxeViolations(page, 'delete dialog');
    await remove.getByRole('button', { name: texts['treatments.deleteConfirm']! }).click();
    await neurovia.waitFor({ state: 'detached' });
    await page.locator('details.history summary').click();
    await page.locator('details.history').getByText('Me da mucho sueño').waitFor();

    // Add a caregiver.
    await page.goto(`${base}/caregiver/add`);
    await heading1(page, texts['pages.caregiverAdd.title']!).waitFor();
    await expectNoAxeViolations(page, 'caregiver add (es, phone)');
    await page.getByRole('radio', { name: texts['signup.caregiver.relation.directFamily']! }).check({ force: true });
    await page.getByLabel(texts['signup.caregiver.firstName.label']!).fill('Ana');
    await page.getByLabel(texts['signup.caregiver.lastName.label']!).fill('Jiménez');
    await wizard(page, texts).choose(
      'signup.caregiver.idType.label',
      texts['signup.identification.types.identification']!,
    );
    await page.getByLabel(texts['signup.caregiver.idNumber.label']!).fill(cedula());
    await page.getByLabel(texts['signup.caregiver.phone.label']!).fill('123');
    await page.getByRole('button', { name: texts['caregiver.submit']! }).click();
    await page.getByText(texts['signup.contact.phone.invalid']!).first().waitFor();
    await page.getByLabel(texts['signup.caregiver.phone.label']!).fill('7000 1111');
    await page.getByRole('button', { name: texts['caregiver.submit']! }).click();
    await page.waitForURL(/\/profile$/);

    // The profile's caregiver block: change the phone, then remove the caregiver (the block goes, a link to add stays).
    const block = card(page, texts['caregiver.section.title']!);
    await block.getByText('Ana Jiménez').waitFor();
    await expectNoAxeViolations(page, 'profile with a caregiver (es, phone)');
    await block.getByRole('button', { name: texts['caregiver.edit.action']! }).click();
    await block.getByLabel(texts['signup.caregiver.phone.label']!).fill('6000 2222');
    await block.getByRole('button', { name: texts['caregiver.edit.save']! }).click();
    await block.getByText('+506 60002222').waitFor();
    await block.getByRole('button', { name: texts['caregiver.remove.action']! }).click();
    await expectNoAxeViolations(page, 'remove caregiver dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: texts['caregiver.remove.confirm']! }).click();
    await block.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: texts['caregiver.add.action']! }).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('a minor cannot remove the caregiver: the profile says why (en, phone)', async () => {
    const texts = textsOf('alivio', 'en');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const { base } = await signIn(page, 'en', { email: 'menor@alivio.example' });
    await page.goto(`${base}/profile`);
    const block = card(page, texts['caregiver.section.title']!);
    await block.getByRole('button', { name: texts['caregiver.remove.action']! }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: texts['caregiver.remove.confirm']! }).click();
    await dialog.getByText(texts['caregiver.errors.requiredForMinor']!).waitFor();
    await expectNoAxeViolations(page, 'minor refused (en, phone)');
    await dialog.getByRole('button', { name: texts['caregiver.remove.cancel']! }).click();
    await block.getByText('Elena Mora').waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('keyboard only on a desktop in English: add a treatment, with axe on every screen', async () => {
    const texts = textsOf('alivio', 'en');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    const { base } = await newPatient(page, 'en');
    await page.goto(`${base}/home`);
    await page.getByText(fill(texts['home.welcome']!, { firstName: 'Rosa' })).waitFor();
    await expectNoAxeViolations(page, 'home (en, desktop)');
    await page.goto(`${base}/treatments/new`);
    await heading1(page, texts['pages.treatmentsNew.title']!).waitFor();
    await addNeurovia(page, texts, { keyboard: true });
    await heading1(page, texts['pages.treatments.title']!).waitFor();
    await page.getByRole('heading', { name: 'Neurovia 140 mg/mL' }).waitFor();
    await expectNoAxeViolations(page, 'treatments (en, desktop)');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
