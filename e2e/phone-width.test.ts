// Every signed-in screen fits the phone (issue 38, item 1): at 320 px and 390 px the document is exactly as wide as
// the screen, on each program, in Spanish and English, with the data that makes a screen widest (the 4+1 boxes with
// purchases and a free unit redeemed, a code, an appointment, a lesson read). State comes through the API; the list of
// screens checks its own completeness against the route patterns of the contracts (`paths`).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BenefitsOverview } from '../packages/contracts/src/benefits.ts';
import type { BookingAvailability } from '../packages/contracts/src/booking.ts';
import { paths, pathInLanguage } from '../packages/contracts/src/paths.ts';
import { newPage } from './page.ts';
import { addPharmacy, apiAsPatient, discountCodeFor, setTestSession, usePortalAndBrowser } from './support.ts';
import { configOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** The widths of the phones the portal is held to: a small one and the tests' usual one. */
const PHONE_WIDTHS = [320, 390] as const;
const PHONE_HEIGHT = 740;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The route patterns of `paths` that are not a signed-in patient's screen: the public pages, the counter, and the staff
 * console (desktop-first, held at 1366 and 768 px by staff-console.test.ts, decision 072).
 */
const NOT_SIGNED_IN: ReadonlySet<keyof typeof paths> = new Set([
  'login',
  'passwordForgot',
  'passwordRecover',
  'logout',
  'signup',
  'signupNotMe',
  'coupon',
  'emailConfirm',
  // The page a caregiver's invitation opens, before they have a login (decision 092).
  'caregiverInvitation',
  'pharmacy',
  'staff',
  'staffLogin',
  'staffSetup',
  'staffPatients',
  'staffPreregister',
  'staffMembers',
  'staffPharmacies',
  'staffOutreach',
  'staffFigures',
]);

/** What the screens need of the demo patient's data, set up through the API. */
interface Seeded {
  productId: number;
  productSearchQuery: string;
  bookingBenefitId: number;
  condition: string;
  lesson: string;
}

/** Each signed-in screen of `paths` with the values that open it on the seeded data (a key missing here fails). */
function signedInScreens(seeded: Seeded): Record<string, string[]> {
  const screens: Partial<Record<keyof typeof paths, string[]>> = {
    home: [paths.home],
    learning: [paths.learning(), paths.learning(seeded.condition), paths.learning(seeded.condition, seeded.lesson)],
    treatments: [paths.treatments],
    treatmentsNew: [paths.treatmentsNew],
    caregiverAdd: [paths.caregiverAdd],
    purchases: [paths.purchases(seeded.productId)],
    redemptions: [paths.redemptions(), paths.redemptions(seeded.productSearchQuery)],
    redemptionsMenu: [paths.redemptionsMenu(seeded.productSearchQuery)],
    benefits: [paths.benefits(), paths.benefits(seeded.productSearchQuery)],
    couponCode: [paths.couponCode(seeded.productSearchQuery)],
    booking: [paths.booking(seeded.bookingBenefitId)],
    // The profile holds the account: security, my sessions, notices and the privacy centre.
    profile: [paths.profile],
  };
  return screens;
}

/**
 * The demo patient's medicine with a benefit, its code, four purchases at a pharmacy of the program and, where the 4+1
 * offer gives one, the free unit redeemed; an appointment booked; a lesson read.
 */
async function seed(page: Page, slug: string): Promise<Seeded> {
  const overview = (await apiAsPatient<BenefitsOverview>(page, 'GET', '/api/v1/benefits')).data;
  const product =
    overview.products.find((one) => one.benefits.some((benefit) => benefit.kind === 'preventive4plus1')) ??
    overview.products.find((one) => one.benefits.length > 0)!;
  const code = await discountCodeFor(page, product.productId);
  const config = configOf(slug);
  const pharmacy = await addPharmacy(setup.portal, {
    slug,
    name: 'Farmacia Ancho de Pantalla',
    country: config.defaultCountry,
    branch: 'Sucursal Centro',
  });
  for (const [index, daysAgo] of [60, 30, 20, 5].entries())
    await pharmacy.post('/api/v1/pharmacy/purchases', {
      code,
      productId: product.productId,
      quantity: 1,
      unitPrice: '1234.55',
      receiptId: `width-${slug}-${index}`,
      purchasedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    });
  if (product.benefits.some((benefit) => benefit.kind === 'preventive4plus1'))
    await pharmacy.post('/api/v1/pharmacy/redemptions', {
      code,
      productId: product.productId,
      receiptId: `width-${slug}-free`,
    });

  const service = [...overview.general, ...overview.products.flatMap((one) => one.benefits)].find(
    (benefit) => benefit.kind === 'service',
  )!;
  expect(service, `a service to book in ${slug}`).toBeDefined();
  const availability = (
    await apiAsPatient<BookingAvailability>(page, 'GET', `/api/v1/booking/availability?benefitId=${service.id}`)
  ).data;
  const slot = availability.days.flatMap((day) => day.slots)[0]!;
  const hold = await apiAsPatient<{ holdId: number }>(page, 'POST', '/api/v1/booking/holds', {
    benefitId: service.id,
    placeId: slot.placeId,
    startsAt: slot.startsAt,
  });
  expect(hold.status).toBe(201);
  expect((await apiAsPatient(page, 'POST', `/api/v1/booking/holds/${hold.data.holdId}/confirm`)).status).toBe(201);

  const index = await page.evaluate(
    async (url) =>
      (await (await fetch(url)).json()) as { conditions: { condition: string; lessons: { slug: string }[] }[] },
    `/program/${slug}/learning/index-es.json`,
  );
  const condition = index.conditions[0]!;
  const lesson = condition.lessons[0]!.slug;
  const read = await apiAsPatient(page, 'PUT', '/api/v1/learning/progress/completed', {
    condition: condition.condition,
    lesson,
  });
  expect(read.status).toBeLessThan(300);
  return {
    productId: product.productId,
    productSearchQuery: product.searchQuery,
    bookingBenefitId: service.id,
    condition: condition.condition,
    lesson,
  };
}

/** The document's width and the screen's, and what sticks out past the screen's right edge. */
async function widthOf(page: Page) {
  return page.evaluate(() => {
    const screenWidth = window.innerWidth;
    const sticking = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.getBoundingClientRect().right > screenWidth + 0.5)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`,
      );
    return { document: document.documentElement.scrollWidth, screen: screenWidth, sticking };
  });
}

describe('every signed-in screen fits the phone', () => {
  it('covers every signed-in route pattern of the contracts', () => {
    const seeded = { productId: 1, productSearchQuery: 'p', bookingBenefitId: 1, condition: 'c', lesson: 'l' };
    const covered = Object.keys(signedInScreens(seeded)).sort();
    const signedIn = (Object.keys(paths) as (keyof typeof paths)[]).filter((key) => !NOT_SIGNED_IN.has(key)).sort();
    expect(covered).toEqual(signedIn);
  });

  for (const slug of ['alivio', 'equilibrio', 'piel'] as const) {
    it(`${slug}: at 320 and 390 px, in Spanish and English, the document is as wide as the screen`, async () => {
      const origin = setup.portal.origin(slug);
      const seeding = await newPage(setup.browser, { viewport: { width: 390, height: PHONE_HEIGHT } });
      await setTestSession(seeding.page, origin);
      const seeded = await seed(seeding.page, slug);
      await seeding.context.close();
      // A patient's unknown path is the signed-in "page not found".
      const screens = [...Object.values(signedInScreens(seeded)).flat(), '/no-such-page'];

      const wider: string[] = [];
      for (const width of PHONE_WIDTHS) {
        const { context, page } = await newPage(setup.browser, { viewport: { width, height: PHONE_HEIGHT } });
        await setTestSession(page, origin);
        for (const language of ['es', 'en'] as const) {
          for (const screen of screens) {
            await page.goto(`${origin}${pathInLanguage(language, screen)}`);
            await page.locator('h1').first().waitFor();
            // Every region has what it loads (a skeleton is narrower than what replaces it).
            await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
            const measured = await widthOf(page);
            expect(measured.screen).toBe(width);
            if (measured.document !== measured.screen)
              wider.push(
                `${language} ${screen} at ${width} px: ${measured.document} px (${measured.sticking.join(', ')})`,
              );
          }
        }
        await context.close();
      }
      expect(wider).toEqual([]);
    }, 300_000);
  }
});
