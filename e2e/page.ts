// What a browser test does with a page, whatever portal it is on: open one in a viewport, collect its errors and
// CSP refusals, run axe, wait for its title. The portal and the signed-in patient are support.ts's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The viewport of the phone the browser tests stand for (390 × 844 CSS px). */
export const PHONE = { width: 390, height: 844 };
/** The viewport of the desktop the browser tests stand for (1366 × 900 CSS px). */
export const DESKTOP = { width: 1366, height: 900 };

export async function newPage(
  browser: Browser,
  options: {
    serviceWorkers?: 'allow' | 'block';
    viewport?: { width: number; height: number };
    /** Device pixels per CSS pixel: 2 with a viewport of half the window's width is the window at 200% zoom. */
    deviceScaleFactor?: number;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text()))
      problems.push(message.text());
  });
  (page as Page & { problems: string[] }).problems = problems;
  return { context, page };
}

/** A test's screenshots, full page, into `dir` (its `…_SHOTS_DIR`); none when it is not set. */
export const screenshotsIn =
  (dir: string | undefined) =>
  async (page: Page, name: string): Promise<void> => {
    if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  };

/** The visible elements that `selector` matches and that are under 44 px in either direction (the start of each one's HTML). */
export async function smallTargetsOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height > 0 && (box.height < 44 || box.width < 44))
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  );
}

/** Page errors and CSP refusals seen so far. */
export function problemsOf(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** Runs axe (WCAG 2.2 A/AA) on the page and expects no violation. */
export async function expectNoAxeViolations(page: Page, label: string) {
  // evaluate() runs outside the page's CSP, so axe needs no inline script.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  // The violations in the message too: a run's summary keeps only the message's first lines.
  expect(violations, `axe on ${label}: ${violations.join('; ')}`).toEqual([]);
}

export async function waitForTitle(page: Page) {
  await page.locator('h1').first().waitFor({ state: 'visible' });
}
