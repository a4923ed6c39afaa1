// The public coupon page (decision 047): a good link shows the first name, the code as text and as a QR code that
// decodes back to it; a forged link shows the coupon error with the call-center phones. Both languages, a phone's
// width and a desktop's, axe-clean.
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { patient, planPatient, program, userAccount } from '../apps/api/src/db/schema.ts';
import { issueCouponLink } from '../apps/api/src/modules/coupon/issue.ts';
import { couponSources } from '../apps/api/src/modules/coupon/sources.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, waitForTitle } from './page.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser({ MAIL_WORKER: 'false' });
const WIDTHS = [PHONE, DESKTOP];
/** alivio's general benefit. */
const ALIVIO_GENERAL = 1205;

/** A coupon link of the alivio demo patient (María), issued as `npm run coupons:link` does, on the test server. */
async function demoLink(language: 'es' | 'en') {
  const { db } = setup.portal.app.database;
  const [row] = await db
    .select({ planId: planPatient.id, programId: program.id })
    .from(userAccount)
    .innerJoin(patient, eq(patient.userId, userAccount.id))
    .innerJoin(planPatient, eq(planPatient.patientId, patient.id))
    .innerJoin(program, eq(program.id, patient.programId))
    .where(eq(userAccount.email, 'demo@alivio.example'));
  const { link } = await issueCouponLink(db, {
    program: { id: row!.programId, slug: 'alivio' },
    patientPlanId: row!.planId,
    benefitId: ALIVIO_GENERAL,
    staffUserId: 501,
    language,
    now: new Date(),
    config: setup.portal.app.appConfig,
    findBenefit: couponSources().findBenefit,
  });
  const url = new URL(link);
  return new URL(`${url.pathname}${url.search}`, setup.portal.origin('alivio'));
}

describe.each(['es', 'en'] as const)('the coupon link in %s', (language) => {
  const texts = textsOf('alivio', language);

  it.each(WIDTHS)(
    'shows the coupon of a good link at $width px: first name, code, a QR code of the code',
    async (viewport) => {
      const link = await demoLink(language);
      const { context, page } = await newPage(setup.browser, { viewport });
      try {
        await page.goto(link.toString());
        await waitForTitle(page);
        expect(await page.locator('h1').first().textContent()).toBe(texts['coupon.title']);
        const code = page.getByTestId('coupon-code');
        await code.waitFor();
        const shown = (await code.textContent())!.trim();
        expect(shown).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]$/);
        await page.getByText(texts['coupon.for']!.replace('{name}', 'María'), { exact: true }).waitFor();
        // Where and how it is used, the benefit's own words: a general benefit's code is no pharmacy's (decision 075).
        await page.getByText(texts[`benefits.catalogue.${ALIVIO_GENERAL}.howToUse`]!, { exact: true }).waitFor();
        expect(await page.getByText(texts['coupon.intro']!).count()).toBe(0);
        // Only the first name: the demo patient's surname is nowhere on the page.
        expect(await page.locator('main').textContent()).not.toMatch(/Rodríguez|Solís/);

        const qr = page.getByRole('img', { name: texts['coupon.qrLabel']!.replace('{code}', shown) });
        const png = PNG.sync.read(await qr.screenshot());
        const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        expect(decoded?.data).toBe(shown.replaceAll('-', ''));
        await page.getByRole('button', { name: texts['coupon.print']!, exact: true }).waitFor();

        // The same code at the next opening.
        await page.reload();
        await code.waitFor();
        expect((await code.textContent())!.trim()).toBe(shown);
        await expectNoAxeViolations(page, `coupon ${language} ${viewport.width}`);
        if (process.env.E2E_SCREENSHOT_DIR)
          await page.screenshot({
            path: `${process.env.E2E_SCREENSHOT_DIR}/coupon-${language}-${viewport.width}.png`,
            fullPage: true,
          });
        expect(problemsOf(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.each(WIDTHS)(
    'shows the coupon error with the call-center phones for a forged link at $width px',
    async (viewport) => {
      const link = await demoLink(language);
      link.searchParams.set('pp', String(Number(link.searchParams.get('pp')) + 1));
      const { context, page } = await newPage(setup.browser, { viewport });
      try {
        await page.goto(link.toString());
        await waitForTitle(page);
        const alert = page.getByRole('alert').filter({ hasText: texts['errors.coupon.title']! });
        await alert.waitFor();
        expect(await alert.textContent()).toContain(texts['errors.coupon.body']);
        const phones = alert.locator('a[href^="tel:"]');
        expect(await phones.count()).toBeGreaterThan(0);
        const box = await phones.first().boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(await page.getByTestId('coupon-code').count()).toBe(0);
        await expectNoAxeViolations(page, `coupon error ${language} ${viewport.width}`);
        if (process.env.E2E_SCREENSHOT_DIR)
          await page.screenshot({
            path: `${process.env.E2E_SCREENSHOT_DIR}/coupon-error-${language}-${viewport.width}.png`,
            fullPage: true,
          });
        expect(problemsOf(page).filter((problem) => !problem.includes('410'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
