// From "Log in" to the home as one transition (issue 38, item 7): every frame after the tap is filmed in the page, and
// none may show the login form back with empty fields and an enabled button, a page without its header, or content
// pushed down by the ribbon dropping in (layout shift).
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectNoAxeViolations, newPage, problemsOf, usePortalAndBrowser, PHONE } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

/** What one frame after the tap showed. */
interface Frame {
  /** The login form, with its fields empty and its button enabled: it looks as if the login had failed. */
  loginReset: boolean;
  /** A page's main region without the site's header. */
  noHeader: boolean;
  /** The home's cards are there. */
  home: boolean;
}

describe('from "Log in" to the home', () => {
  for (const language of ['es', 'en'] as const)
    it(`is one transition: the form never comes back, the header stays, nothing shifts (${language})`, async () => {
      const texts = textsOf('alivio', language);
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      await page.goto(`${setup.portal.origin('alivio')}${language === 'en' ? '/en' : ''}/login`);
      await page.getByLabel(texts['login.email.label']!, { exact: true }).fill('demo2@alivio.example');
      await page.getByLabel(texts['login.password.label']!, { exact: true }).fill(DEMO_PASSWORD);
      await expect
        .poll(() =>
          page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react'))),
        )
        .toBe(true);
      await page.evaluate(() => {
        const state = window as unknown as { frames_: Frame[]; shifts: number[] };
        state.frames_ = [];
        state.shifts = [];
        // Layout shifts after the tap; Chromium leaves out the ones within 500 ms of an input (hadRecentInput), which is
        // exactly when the login's own answer comes on a fast machine: every shift counts here.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift' });
        const sample = () => {
          const form = document.querySelector('main form');
          const email = form?.querySelector<HTMLInputElement>('input[name="email"]');
          const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
          state.frames_.push({
            loginReset:
              !!email &&
              email.value === '' &&
              !!submit &&
              !submit.disabled &&
              submit.getAttribute('aria-busy') !== 'true',
            noHeader: !!document.querySelector('main') && !document.querySelector('.site-header'),
            home: !!document.querySelector('.home-cards'),
          });
          if (!document.querySelector('.home-cards .ui-card:not(:has(.skeleton))')) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
      await page.waitForURL((url) => url.pathname === (language === 'en' ? '/en/home' : '/home'));
      await page.locator('.home-cards .ui-card:not(:has(.skeleton))').first().waitFor();
      // Until the content and the ribbon have settled.
      await page.locator('.ribbon p').waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const { frames, shifts } = await page.evaluate(() => {
        const state = window as unknown as { frames_: Frame[]; shifts: number[] };
        return { frames: state.frames_, shifts: state.shifts };
      });
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((frame) => frame.loginReset)).toEqual([]);
      expect(frames.filter((frame) => frame.noHeader)).toEqual([]);
      // Cumulative layout shift of the way in: nothing moves under the patient's eyes (the ribbon's place is kept).
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
      await expectNoAxeViolations(page, `the home after the way in (${language}, phone)`);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    });
});
