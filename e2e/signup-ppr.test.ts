// Enrolment from a pre-registration invitation (v=ppr) and a partner instance's logo (ii), in real Chromium.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, planPatient, preregistration, program, treatment } from '../apps/api/src/db/schema.ts';
import { preregisterPatient } from '../apps/api/src/modules/signup/preregistration.ts';
import type { PreregisteredPatient } from '../packages/contracts/src/signup.ts';
import {
  alivioDetails,
  cedula,
  expectSuccessScreen,
  fill,
  logInFromSuccess,
  medicineDetails,
  openMedicineList,
  uniqueEmail,
  wizard,
} from './signup-support.ts';
import { expectNoAxeViolations, newPage, problemsOf, PHONE } from './page.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** Pre-registers a patient of alivio as the operator command does, and returns the invitation's path and query. */
async function invite(data: PreregisteredPatient, language: 'es' | 'en') {
  const db = setup.portal.app.database.db;
  const [alivio] = await db
    .select({ id: program.id, slug: program.slug })
    .from(program)
    .where(eq(program.slug, 'alivio'));
  await preregisterPatient(db, {
    program: alivio!,
    data,
    language,
    now: new Date(),
    config: setup.portal.app.appConfig,
  });
  const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, data.email));
  expect(mail!.kind).toBe('preregistration');
  const link = new URL(String(mail!.payload.link));
  return `${link.pathname}${link.search}`;
}

describe('enrolment of a pre-registered patient', () => {
  it('prefills what the program holds, keeps the invited e-mail, adds a second medicine, and enrols once from the invitation', async () => {
    const texts = textsOf('alivio', 'en');
    const held: PreregisteredPatient = {
      supportPlanId: 101,
      country: 'CR',
      email: uniqueEmail('ppr'),
      identification: { type: 'IDENTIFICATION', number: cedula() },
      personalInfo: { firstName: 'Rosa', lastName: 'Jiménez', secondSurname: 'Solano', gender: 'FEMALE' },
      birthDate: '1958-02-03',
      contact: { phone: { country: 'CR', phoneNumber: '88771234' } },
      address: {
        line: 'Del parque central 100 m al sur',
        location: {
          id: 'CR-san-jose-escazu',
          country: 'CR',
          region: 'San José',
          city: 'Escazú',
          label: 'Escazú, San José',
        },
      },
      treatment: {
        productId: 1101,
        unitAmount: '1',
        frequency: { amount: 1, interval: 'day' },
        duration: { amount: 6, interval: 'month' },
      },
    };
    const invitation = await invite(held, 'en');
    expect(invitation).toMatch(/^\/en\/signup\?v=ppr&n=[\w-]+&s=[\w-]+$/);

    const { context, page } = await newPage(setup.browser);
    await page.goto(`${setup.portal.origin('alivio')}${invitation}`);
    await page.getByText(texts['signup.preregistered.banner']!).waitFor();
    // The link's secret leaves the address bar (and the history) once read.
    await expect.poll(() => new URL(page.url()).search).toBe('?v=ppr');
    await expectNoAxeViolations(page, 'ppr country step');

    const w = wizard(page, texts);
    await w.at('signup.country.title');
    await w.next();
    await w.at('signup.email.title');
    const email = page.getByLabel(texts['signup.email.label']!, { exact: true });
    expect(await email.inputValue()).toBe(held.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.getByText(texts['signup.preregistered.emailLocked']!).waitFor();
    await w.next();
    await w.at('signup.idNumber.title');
    expect(await page.getByLabel(texts['signup.idNumber.label']!, { exact: true }).inputValue()).toBe(
      held.identification!.number,
    );
    await w.next();
    await w.at('signup.personalInfo.title');
    expect(await page.getByLabel(texts['signup.personalInfo.firstName.label']!, { exact: true }).inputValue()).toBe(
      'Rosa',
    );
    await w.next();
    await w.at('signup.birthdate.title');
    await w.next();
    await w.at('signup.caregiver.title');
    await w.radio(texts['common.no']!);
    await w.next();
    await w.at('signup.contact.title');
    await w.next();
    await w.at('signup.address.title');
    await w.next();
    await w.at('signup.password.title');
    await w.password('Orchid-Valley-Morning-7');
    await w.next();
    await w.at('signup.consent.title');
    await w.tick(texts['signup.consent.accept.label']!);
    await w.next();
    await w.at('signup.treatment.title');
    await w.next();
    await w.at('signup.details.title');
    expect(await page.getByLabel(new RegExp(`^${texts['signup.details.dose.label']}`)).inputValue()).toBe('1');
    await medicineDetails(w, texts, alivioDetails('public'));

    // A second medicine: the first is listed and no longer offered.
    await w.anotherMedicine('yes');
    await w.at('signup.treatment.title');
    await page.getByRole('heading', { level: 3, name: texts['signup.treatment.added.title']! }).waitFor();
    await page.getByText('Migralen 50 mg · Box of 30 tablets').waitFor();
    await openMedicineList(page, texts);
    expect(await page.getByRole('option').allTextContents()).not.toContain('Migralen 50 mg');
    await page.getByRole('option', { name: 'Neurovia 140 mg/mL', exact: true }).click();
    await w.type('signup.treatment.length.amount.label', '1');
    await w.choose('signup.treatment.length.interval.label', texts['signup.treatment.intervals.year']!);
    await w.next();
    await w.at('signup.details.title');
    await medicineDetails(w, texts, {
      dose: '1',
      frequency: [1, 'month'],
      doctor: ['Laura', 'Vargas'],
      start: '10/01/2026',
      healthCenter: ['Clínica Central', 'public'],
    });
    await w.anotherMedicine('no');
    await w.send();
    await expectSuccessScreen(page, texts, { patientName: 'Rosa Jiménez', notifiedEmail: held.email });
    const [row] = await setup.portal.app.database.db
      .select()
      .from(preregistration)
      .where(eq(preregistration.email, held.email));
    expect(row!.usedAt).not.toBeNull();
    const [plan] = await setup.portal.app.database.db
      .select({ id: planPatient.id })
      .from(planPatient)
      .where(eq(planPatient.patientId, row!.patientId!));
    const medicines = await setup.portal.app.database.db
      .select({ productId: treatment.productId, startDate: treatment.startDate })
      .from(treatment)
      .where(eq(treatment.planPatientId, plan!.id));
    expect(medicines.sort((a, b) => a.productId - b.productId)).toEqual([
      { productId: 1101, startDate: null },
      { productId: 1103, startDate: '2026-10-01' },
    ]);

    await logInFromSuccess(page, texts, {
      email: held.email,
      number: held.identification!.number,
      password: 'Orchid-Valley-Morning-7',
    });

    // The invitation is used up: opening it again says so, and the wizard starts empty.
    const again = await context.newPage();
    await again.goto(`${setup.portal.origin('alivio')}${invitation}`);
    await again.getByText(texts['signup.preregistered.invalid']!).waitFor();
    await expectNoAxeViolations(again, 'ppr invitation used');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});

describe('partner instance (ii)', () => {
  it('shows the instance logo and name named by ii, and nothing for an unknown one', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await page.goto(`${setup.portal.origin('alivio')}/signup?ii=hospital-metropolitano`);
    const banner = page.getByText(fill(texts['signup.instance.with']!, { name: 'Hospital Metropolitano' }));
    await banner.waitFor();
    const logo = page.locator('.signup__instance img');
    expect(await logo.getAttribute('src')).toBe('/program/alivio/images/instance-hospital-metropolitano.svg');
    await expect.poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'signup with an instance logo');

    await page.goto(`${setup.portal.origin('alivio')}/signup?ii=nobody`);
    await page.getByRole('heading', { level: 2, name: texts['signup.country.title']! }).waitFor();
    expect(await page.locator('.signup__instance').count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
