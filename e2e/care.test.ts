// After the first minutes (issue 24, decision 054), in a real browser at 390 px: log out where a patient looks for it,
// an ended treatment that says so and what to do, plurals, English data on English screens, a home link that opens
// the profile on its field, 'page not found' without a marked tab, and a lockout that says so with its length.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TreatmentView, TreatmentsList } from '@portal/contracts/treatments';
import { todayInCountry } from '@portal/contracts/time-zones';
import { createAccount } from '../apps/api/src/test/accounts.ts';
import {
  apiAsPatient,
  expectNoAxeViolations,
  newPage,
  openSignedIn,
  problemsOf,
  usePortalAndBrowser,
  PHONE,
} from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** A date `days` before the patient's today, YYYY-MM-DD. */
function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Gives the patient's one treatment a month's length that ended about two months ago (state through the API). */
async function endTheTreatment(page: Page, today: string): Promise<{ item: TreatmentView; end: string }> {
  const { data } = await apiAsPatient<TreatmentsList>(page, 'GET', '/api/v1/treatments');
  const item = data.live[0]!;
  const start = daysBefore(today, 90);
  const answer = await apiAsPatient(page, 'PUT', `/api/v1/treatments/${item.id}`, {
    doctorAuthorized: true,
    treatment: {
      unitAmount: '1',
      frequency: item.frequency,
      duration: { amount: 1, interval: 'month' },
      startDate: start,
      ...(item.doctor ? { doctor: item.doctor } : {}),
      ...(item.healthCenter
        ? {
            healthCenter: {
              name: item.healthCenter.name,
              ...(item.healthCenter.type ? { type: item.healthCenter.type } : {}),
            },
          }
        : {}),
      customTherapy: { hasCode: false },
    },
  });
  expect(answer.status).toBe(200);
  const end = new Date(`${start}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return { item, end: end.toISOString().slice(0, 10) };
}

const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replaceAll(`{${key}}`, value), text);

describe('after the first minutes', () => {
  it('on a phone in Spanish: an ended treatment, plurals, a home link to its field, no marked tab when lost, and log out from Más and the profile', async () => {
    const texts = textsOf('alivio', 'es');
    const origin = setup.portal.origin('alivio');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await openSignedIn(page, `${origin}/home`, { email: 'demo2@alivio.example' });
    const { end } = await endTheTreatment(page, todayInCountry('CR'));
    await page.reload();

    // The home's treatment says it ended, with what to do, and its dose in the singular.
    await page.getByText(fill(texts['home.treatments.ended']!, { date: mmddyyyy(end) })).waitFor();
    await page.getByText(texts['home.treatments.endedWhatToDo']!).waitFor();
    await page.getByText(/^1 tableta · /).waitFor();
    await expectNoAxeViolations(page, 'home with an ended treatment');

    // 'Agregue un teléfono alternativo' opens the profile's form on that field.
    await page.getByRole('link', { name: texts['home.profile.missing.phoneAlternative']! }).click();
    const field = page.getByLabel(`${texts['profile.phoneAlternative']!} (${texts['common.optional']!})`, {
      exact: true,
    });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, 'profile form on the alternative phone');

    // My treatments: the card says it ended and what to do; the length is singular.
    await page.goto(`${origin}/treatments`);
    await page.getByText(fill(texts['treatments.ended.title']!, { date: mmddyyyy(end) })).waitFor();
    await page.getByText(texts['treatments.ended.whatToDo']!).waitFor();
    await page.getByText('1 mes', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'treatments with an ended one');

    // A page that does not exist belongs to no section: no tab is marked, 'Más' included.
    await page.goto(`${origin}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: texts['pages.notFound.title']! }).waitFor();
    const tabBar = page.getByRole('navigation', { name: texts['app.mainNavigation']! });
    expect(await tabBar.locator('[aria-current="page"], [data-current]').count()).toBe(0);

    // 'Cerrar sesión' at the top of the profile and in 'Más'; closing the account is worded apart.
    await page.goto(`${origin}/profile`);
    await page.getByRole('link', { name: texts['nav.logout']!, exact: true }).first().waitFor();
    await page.getByRole('button', { name: texts['account.close.confirm']!, exact: true }).waitFor();
    await page.getByText(texts['account.close.notLogout']!).waitFor();
    await expectNoAxeViolations(page, 'profile');
    await tabBar.getByRole('button', { name: texts['nav.more']! }).click();
    // The menu is its own chunk (decision 023): axe looks once it is in.
    await page.getByRole('menuitem', { name: texts['nav.logout']! }).waitFor();
    await expectNoAxeViolations(page, 'Más open');
    await page.getByRole('menuitem', { name: texts['nav.logout']! }).click();
    await page.waitForURL((url) => url.pathname === '/logout');
    await page
      .getByRole('button', { name: texts['logout.continue']! })
      .or(page.getByRole('link', { name: texts['logout.continue']! }))
      .first()
      .waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('in English: presentations, plan and country in English, plural units, and log out in the desktop navigation', async () => {
    const texts = textsOf('equilibrio', 'en');
    const origin = setup.portal.origin('equilibrio');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await openSignedIn(page, `${origin}/en/treatments`, { email: 'demo2@equilibrio.example' });
    const { data } = await apiAsPatient<TreatmentsList>(page, 'GET', '/api/v1/treatments');
    const item = data.live[0]!;
    await page.getByText(item.presentation.en, { exact: true }).waitFor();
    expect(await page.getByText(item.presentation.es, { exact: true }).count()).toBe(
      item.presentation.es === item.presentation.en ? 1 : 0,
    );
    // The unit and the length follow the count (the demo's insulin at 20 IU a day for a year, decision 089).
    await page
      .getByText(item.unit === 'UI' ? '20 international units (IU)' : /^1 [a-z-]+$/)
      .first()
      .waitFor();
    await page.getByText('1 year', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'treatments in English');

    await page.goto(`${origin}/en/profile`);
    await page.getByText('Panama', { exact: true }).waitFor();
    await page.getByText('Equilibrio Panama', { exact: true }).waitFor();
    // Not 'Country: Panamá' (the address keeps the place's name as the patient chose it at enrolment).
    expect(await page.getByText('Panamá', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Equilibrio Panamá', { exact: true }).count()).toBe(0);
    // The phone's country codes are named in English too.
    await page.getByRole('button', { name: texts['profile.edit']! }).click();
    await page.getByRole('button', { name: new RegExp(texts['signup.contact.countryCode.label']!) }).click();
    await page.getByRole('option', { name: 'Panama (+507)' }).waitFor();
    expect(await page.getByRole('option', { name: /Panamá/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1280, height: 900 });
    const top = page.getByRole('navigation', { name: texts['app.mainNavigation']! }).first();
    await top.getByRole('link', { name: texts['nav.logout']! }).waitFor();
    await expectNoAxeViolations(page, 'profile on a desktop');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('locks at the 5th wrong password, says for how long with the recovery link, and says the same to the right password', async () => {
    const texts = textsOf('piel', 'es');
    const account = await createAccount(setup.portal.app.database.db, 'piel', { country: 'MX' });
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await page.goto(`${setup.portal.origin('piel')}/login`);
    const logIn = async (password: string) => {
      await page.getByLabel(texts['login.email.label']!, { exact: true }).fill(account.email);
      await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(password);
      await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
    };
    const alert = page.getByRole('alert');
    for (let i = 0; i < 4; i += 1) {
      await logIn(`wrong-${i}`);
      await alert.filter({ hasText: texts['login.errors.notAuthorized']! }).waitFor();
    }
    const locked = 'Su cuenta está bloqueada por 1 minuto';
    await logIn('wrong-4');
    await alert.filter({ hasText: locked }).waitFor();
    await alert.getByRole('link', { name: texts['login.errors.lockedRecover']! }).waitFor();
    await expectNoAxeViolations(page, 'locked login');
    // The right password during the lock: the same message, not 'invalid'.
    await logIn(account.password);
    await alert.filter({ hasText: locked }).waitFor();
    expect(await page.getByText(texts['login.errors.notAuthorized']!).count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
