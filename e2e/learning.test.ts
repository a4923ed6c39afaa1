// Learning in a real browser (decision 049): a patient reads a lesson with read more / read less, marks it completed
// and sees the progress on /learning and on the home, after a reload too; the failure message when the call fails;
// the keyboard path from /learning to completing a lesson; not found; the search without accents; a lesson and the
// search offline after one visit. axe on every learning screen in es and en, at 390 and 1366 px, nothing wider
// than the screen at 320 px.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { HAS_SPEECH_ENGINE, launchSpeakingBrowser } from './chromium.ts';
import type { LessonIndex } from '../packages/contracts/src/learning.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, screenshotsIn } from './page.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { configOf, SLUGS, textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.LEARNING_SHOTS_DIR);

/** A text of the program with its ICU arguments filled (the plain `{name}` ones). */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_all, name: string) => String(values[name]));

/** A call of the signed-in patient, with the session the page keeps. */
/** Signs alivio's demo patient in with no lesson completed; answers the base of its screens and the lesson index. */
async function signIn(page: Page, language: 'es' | 'en') {
  const origin = setup.portal.origin('alivio');
  await setTestSession(page, origin);
  const progress = await apiAsPatient<{ conditions: { condition: string; completed: string[] }[] }>(
    page,
    'GET',
    '/api/v1/learning/progress',
  );
  for (const { condition, completed } of progress.data.conditions)
    for (const lesson of completed)
      await apiAsPatient(page, 'DELETE', '/api/v1/learning/progress/completed', { condition, lesson });
  const index = (await page.evaluate(
    async (language) => (await fetch(`/program/alivio/learning/index-${language}.json`)).json(),
    language,
  )) as LessonIndex;
  return { base: `${origin}${language === 'en' ? '/en' : ''}`, index };
}

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function expectNoSideScroll(page: Page, label: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `horizontal scrolling on ${label}`).toBeLessThanOrEqual(0);
}

describe('learning', () => {
  for (const [language, viewport] of [
    ['es', PHONE],
    ['en', DESKTOP],
  ] as const) {
    it(`${language}, ${viewport.width} px: reads a lesson with read more / read less, marks it completed, and the progress shows on /learning and the home, after a reload too`, async () => {
      const texts = textsOf('alivio', language);
      const { context, page } = await newPage(setup.browser, { viewport });
      const { base, index } = await signIn(page, language);
      const migraine = index.conditions.find((entry) => entry.condition === 'migraine')!;
      const [first, second] = migraine.lessons;
      const total = migraine.lessons.length;
      expect(index.conditions[0]!.condition).toBe('migraine');

      await page.goto(`${base}/learning`);
      await heading1(page, texts['pages.learning.title']!).waitFor();
      await page
        .getByText(fill(texts['learning.progress']!, { done: 0, total }))
        .first()
        .waitFor();
      await expectNoAxeViolations(page, `/learning (${language})`);
      await expectNoSideScroll(page, '/learning');
      await shoot(page, `learning-${language}-${viewport.width}`);

      await page.getByRole('link', { name: texts['learning.conditions.migraine']!, exact: true }).click();
      await heading1(page, texts['learning.conditions.migraine']!).waitFor();
      await page.getByRole('link', { name: new RegExp(first!.title.replace(/[?¿]/g, '.')) }).waitFor();
      await expectNoAxeViolations(page, `/learning/migraine (${language})`);
      await shoot(page, `learning-condition-${language}-${viewport.width}`);

      await page.getByRole('link', { name: new RegExp(first!.title.replace(/[?¿]/g, '.')) }).click();
      await heading1(page, first!.title).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      // Read more opens the rest of a long section; read less folds it again.
      const readMore = page.getByRole('button', { name: texts['common.readMore']! }).first();
      const folded = page.locator('.lesson__section [hidden]').first();
      expect(await folded.isVisible()).toBe(false);
      await readMore.click();
      const readLess = page.getByRole('button', { name: texts['common.readLess']! }).first();
      await readLess.waitFor();
      expect(await readLess.getAttribute('aria-expanded')).toBe('true');
      await page.locator('.lesson__section > div:not([hidden])').first().waitFor();
      await expectNoAxeViolations(page, `lesson (${language})`);
      await shoot(page, `learning-lesson-${language}-${viewport.width}`);
      await readLess.click();
      await page
        .getByRole('button', { name: texts['common.readMore']! })
        .first()
        .and(page.locator('[aria-expanded="false"]'))
        .waitFor();
      await expectNoSideScroll(page, 'the lesson');

      // Headless Chromium has no voice: Listen is not offered.
      expect(await page.getByRole('button', { name: texts['learning.listen']! }).count()).toBe(0);
      await page.getByRole('button', { name: texts['learning.markCompleted']! }).click();
      await page.getByText(texts['learning.completedLesson']!).waitFor();
      await page.getByRole('button', { name: texts['learning.markNotCompleted']! }).waitFor();
      await expectNoAxeViolations(page, `completed lesson (${language})`);

      await page.goto(`${base}/learning`);
      await page
        .getByText(fill(texts['learning.progress']!, { done: 1, total }))
        .first()
        .waitFor();
      await page.getByRole('link', { name: fill(texts['learning.continue']!, { title: second!.title }) }).waitFor();
      await page.goto(`${base}/home`);
      const card = page.getByRole('region', { name: texts['home.learning.title']! });
      await card.getByText(fill(texts['learning.progress']!, { done: 1, total })).waitFor();
      await card.getByText(second!.title).waitFor();
      await expectNoAxeViolations(page, `home (${language})`);
      await shoot(page, `learning-home-${language}-${viewport.width}`);
      await page.reload();
      await card.getByText(fill(texts['learning.progress']!, { done: 1, total })).waitFor();

      // Marked not completed: the progress goes back.
      await page.goto(`${base}/learning/migraine/${first!.slug}`);
      await page.getByRole('button', { name: texts['learning.markNotCompleted']! }).click();
      await page.getByRole('button', { name: texts['learning.markCompleted']! }).waitFor();
      await page.goto(`${base}/learning`);
      await page
        .getByText(fill(texts['learning.progress']!, { done: 0, total }))
        .first()
        .waitFor();
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    });
  }

  for (const slug of SLUGS) {
    it(`${slug}: shows the program's own condition first, then its other conditions, each with its lessons`, async () => {
      const texts = textsOf(slug, 'en');
      const config = configOf(slug);
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      await setTestSession(page, setup.portal.origin(slug));
      await page.goto(`${setup.portal.origin(slug)}/en/learning`);
      await heading1(page, texts['pages.learning.title']!).waitFor();
      const order = [config.condition, ...config.learningConditions.filter((c) => c !== config.condition)];
      const headings = page.locator('.learning-condition h2');
      await headings.first().waitFor();
      expect(await headings.allInnerTexts()).toEqual(
        order.map((condition) => texts[`learning.conditions.${condition}`]),
      );
      expect(
        await page
          .locator('.learning-condition')
          .getByText(fill(texts['learning.progress']!, { done: 0, total: 5 }))
          .count(),
      ).toBe(order.length);
      await expectNoAxeViolations(page, `${slug} /en/learning`);
      await context.close();
    });
  }

  /**
   * A stand-in for the browser's speech engine with the voices `langs`: what it is asked to say is kept in order
   * (`said`), pause, resume and cancel are recorded (`calls`); the first utterance queued starts at once,
   * `sayNext()` ends it and starts the next, `finishSpeaking()` ends every utterance queued.
   */
  const speechStandIn = (context: BrowserContext, langs: string[]) =>
    context.addInitScript((langs: string[]) => {
      const said: { text: string; lang: string }[] = [];
      const calls: string[] = [];
      let queue: SpeechSynthesisUtterance[] = [];
      const synthesis = window.speechSynthesis;
      const voices = langs.map((lang, index) => ({
        lang,
        name: lang,
        default: index === 0,
        localService: true,
        voiceURI: lang,
      }));
      synthesis.getVoices = () => voices as never;
      synthesis.speak = (utterance) => {
        said.push({ text: utterance.text, lang: utterance.lang });
        queue.push(utterance);
        if (queue.length === 1) utterance.onstart?.({} as SpeechSynthesisEvent);
      };
      const sayNext = () => {
        queue.shift()?.onend?.({} as SpeechSynthesisEvent);
        queue[0]?.onstart?.({} as SpeechSynthesisEvent);
      };
      synthesis.pause = () => void calls.push('pause');
      synthesis.resume = () => void calls.push('resume');
      synthesis.cancel = () => {
        calls.push('cancel');
        const cancelled = queue;
        queue = [];
        for (const utterance of cancelled) utterance.onerror?.({ error: 'canceled' } as SpeechSynthesisErrorEvent);
      };
      const finishSpeaking = () => {
        const spoken = queue;
        queue = [];
        for (const utterance of spoken) utterance.onend?.({} as SpeechSynthesisEvent);
      };
      Object.assign(window, { said, calls, sayNext, finishSpeaking });
    }, langs);

  it('reads the lesson aloud block by block in its language, in order, with pause and resume; not offered without a voice for the language', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await speechStandIn(context, ['en-US', 'es-ES', 'es-MX']);
    const { base, index } = await signIn(page, 'es');
    const lesson = index.conditions[0]!.lessons[0]!;
    await page.goto(`${base}/learning/migraine/${lesson.slug}`);
    await heading1(page, lesson.title).waitFor();
    const listen = page.getByRole('button', { name: texts['learning.listen']! });
    await listen.click();
    const said = await page.evaluate(() => (window as unknown as { said: { text: string; lang: string }[] }).said);
    // Mexico's voice, not the browser's default English one nor Spain's.
    expect(new Set(said.map((utterance) => utterance.lang))).toEqual(new Set(['es-MX']));
    expect(said[0]!.text).toBe(lesson.title);
    // Every heading, in the lesson's order, and the folded part of a long section too.
    const spoken = said.map((utterance) => utterance.text);
    const headingAt = lesson.headings.map((heading) => spoken.indexOf(heading));
    expect(headingAt.every((at) => at > 0)).toBe(true);
    expect(headingAt).toEqual([...headingAt].sort((a, b) => a - b));
    const folded = (await page.locator('.lesson__section [hidden] p').first().textContent())!.trim();
    expect(spoken).toContain(folded.replace(/\s+/g, ' '));
    // In the order of the text on the page: each block further on than the one before.
    const article = (await page.locator('.lesson__text').textContent())!.replace(/\s+/g, ' ');
    let from = 0;
    for (const block of spoken.slice(1)) {
      const at = article.indexOf(block, from);
      expect(at, block).toBeGreaterThanOrEqual(from);
      from = at + block.length;
    }

    // Pause stops the engine; Resume reads again from the start of the block it was saying (here the second).
    await page.evaluate(() => (window as unknown as { sayNext: () => void }).sayNext());
    await page.getByRole('button', { name: texts['learning.pause']! }).click();
    await page.getByRole('button', { name: texts['learning.resume']! }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls.at(-1))).toBe('cancel');
    await page.getByRole('button', { name: texts['learning.resume']! }).click();
    await page.getByRole('button', { name: texts['learning.pause']! }).waitFor();
    const resumed = await page.evaluate(() => (window as unknown as { said: { text: string }[] }).said);
    expect(resumed.slice(said.length).map((utterance) => utterance.text)).toEqual(spoken.slice(1));
    await expectNoAxeViolations(page, 'lesson being read aloud');
    // Once the last block is said, Listen is offered again; Stop cancels a reading under way.
    await page.evaluate(() => (window as unknown as { finishSpeaking: () => void }).finishSpeaking());
    await listen.click();
    await page.getByRole('button', { name: texts['learning.stop']! }).click();
    await listen.waitFor();
    expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls.at(-1))).toBe('cancel');
    await context.close();

    // A browser with English voices only: a Spanish lesson offers no Listen.
    const english = await newPage(setup.browser, { viewport: PHONE });
    await speechStandIn(english.context, ['en-US', 'en-GB']);
    await signIn(english.page, 'es');
    await english.page.goto(`${base}/learning/migraine/${lesson.slug}`);
    await heading1(english.page, lesson.title).waitFor();
    await english.page.locator('.lesson__text').waitFor();
    expect(await english.page.getByRole('button', { name: texts['learning.listen']! }).count()).toBe(0);
    await english.context.close();
  });

  it.skipIf(!HAS_SPEECH_ENGINE)(
    "reads aloud with Chromium's own speech engine on Linux (speech-dispatcher, eSpeak NG), silently: its voices, the blocks in order, pause and resume",
    async () => {
      const texts = textsOf('alivio', 'es');
      const speaking = await launchSpeakingBrowser();
      try {
        const { context, page } = await newPage(speaking.browser, { viewport: PHONE });
        // The engine speaks for real; the test only listens to the utterances' events.
        await context.addInitScript(() => {
          const events: string[][] = [];
          Object.assign(window, { speechEvents: events });
          const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
          window.speechSynthesis.speak = (utterance) => {
            utterance.addEventListener('start', () => events.push(['start', utterance.text, utterance.lang]));
            utterance.addEventListener('end', () => events.push(['end', utterance.text]));
            utterance.addEventListener('pause', () => events.push(['pause', utterance.text]));
            utterance.addEventListener('resume', () => events.push(['resume', utterance.text]));
            utterance.addEventListener('error', (event) => events.push(['error', event.error]));
            speak(utterance);
          };
        });
        const { base, index } = await signIn(page, 'es');
        const lesson = index.conditions[0]!.lessons[0]!;
        await page.goto(`${base}/learning/migraine/${lesson.slug}`);
        await heading1(page, lesson.title).waitFor();
        // Offered once the engine's voices arrive (voiceschanged, a few seconds after the page asks for them).
        const listen = page.getByRole('button', { name: texts['learning.listen']! });
        await listen.waitFor({ timeout: 30_000 });
        await listen.click();
        const events = () => page.evaluate(() => (window as unknown as { speechEvents: string[][] }).speechEvents);
        // The title is said, in Spanish, then the lesson's first block: the engine goes through them in order.
        const firstBlock = (await page.locator('.lesson__text').locator('h2, h3, p, li').first().textContent())!;
        const starts = async () =>
          (await events()).filter((event) => event[0] === 'start').map((event) => event.slice(1));
        await expect
          .poll(async () => (await starts()).slice(0, 2), { timeout: 30_000 })
          .toEqual([
            [lesson.title, expect.stringMatching(/^es\b/)],
            [firstBlock.replace(/\s+/g, ' ').trim(), expect.stringMatching(/^es\b/)],
          ]);
        expect((await events()).filter((event) => event[0] === 'error')).toEqual([]);

        // Pause stops the engine; Resume says again the block it was saying, then goes on.
        await page.getByRole('button', { name: texts['learning.pause']! }).click();
        await expect.poll(() => page.evaluate(() => window.speechSynthesis.speaking)).toBe(false);
        // The block being said when paused (the engine may have gone past the first one by then on a busy machine).
        const startedBefore = (await starts()).length;
        const pausedOn = (await starts()).at(-1)!;
        expect(pausedOn[0]).not.toBe(lesson.title);
        await page.getByRole('button', { name: texts['learning.resume']! }).click();
        // The first thing said after Resume is that block again, in Spanish; then it goes on.
        await expect
          .poll(async () => (await starts()).slice(startedBefore, startedBefore + 1), { timeout: 30_000 })
          .toEqual([[pausedOn[0], expect.stringMatching(/^es\b/)]]);
        expect(
          (await events()).filter(
            (event) => event[0] === 'error' && event[1] !== 'canceled' && event[1] !== 'interrupted',
          ),
        ).toEqual([]);
        await page.getByRole('button', { name: texts['learning.stop']! }).click();
        await listen.waitFor();
        await expect.poll(() => page.evaluate(() => window.speechSynthesis.speaking)).toBe(false);
        await context.close();
      } finally {
        await speaking.close();
      }
    },
    // The engine speaks in real time (a block of the lesson takes some seconds), and its voices come late.
    180_000,
  );

  it('at 320 px a lesson needs no horizontal scrolling', async () => {
    const { context, page } = await newPage(setup.browser, { viewport: { width: 320, height: 640 } });
    const { base, index } = await signIn(page, 'es');
    const lesson = index.conditions[0]!.lessons[0]!;
    await page.goto(`${base}/learning/migraine/${lesson.slug}`);
    await heading1(page, lesson.title).waitFor();
    await page
      .getByRole('button', { name: textsOf('alivio', 'es')['common.readMore']! })
      .first()
      .click();
    await expectNoSideScroll(page, 'the lesson at 320 px');
    await context.close();
  });

  it('at 200% zoom of a 1280 px window, and with a default font twice as large, no learning screen scrolls sideways and the text grows with the font', async () => {
    const texts = textsOf('alivio', 'es');
    // Browser zoom at 200% of a 1280 × 900 window lays the page out in 640 × 450 CSS px drawn with 2 device pixels each.
    const { context, page } = await newPage(setup.browser, {
      viewport: { width: 640, height: 450 },
      deviceScaleFactor: 2,
    });
    const { base, index } = await signIn(page, 'es');
    const lesson = index.conditions[0]!.lessons[0]!;
    const screens = async (label: string) => {
      await page.goto(`${base}/learning`);
      await heading1(page, texts['pages.learning.title']!).waitFor();
      await page.locator('.learning-condition').first().waitFor();
      await expectNoSideScroll(page, `/learning ${label}`);
      await page.goto(`${base}/learning/migraine`);
      await page.locator('.learning-list__link').first().waitFor();
      await expectNoSideScroll(page, `/learning/migraine ${label}`);
      await page.goto(`${base}/learning/migraine/${lesson.slug}`);
      await heading1(page, lesson.title).waitFor();
      for (const more of await page.getByRole('button', { name: texts['common.readMore']! }).all()) await more.click();
      await page.getByRole('button', { name: texts['learning.markCompleted']! }).waitFor();
      await expectNoSideScroll(page, `the lesson ${label}`);
      return page.evaluate(() => {
        const size = (selector: string) => parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
        return {
          root: size('html'),
          title: size('h1'),
          text: size('.lesson__text p'),
          button: size('.lesson__mark button'),
        };
      });
    };
    const normal = await screens('at 200% zoom');
    // The browser's font size setting (Settings > Appearance > Font size), as DevTools sets it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    const large = await screens('at 200% zoom with a 32 px default font');
    // The page's sizes are relative (percent and rem): everything doubles with the setting.
    for (const key of ['root', 'title', 'text', 'button'] as const)
      expect(large[key], key).toBeCloseTo(normal[key] * 2, 0);
    await shoot(page, 'learning-lesson-zoom200-font32');
    await context.close();
  });

  it('says it could not mark the lesson, keeps the lesson on screen, and Try again marks it', async () => {
    const texts = textsOf('alivio', 'en');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const { base, index } = await signIn(page, 'en');
    const lesson = index.conditions[0]!.lessons[1]!;
    await page.goto(`${base}/learning/migraine/${lesson.slug}`);
    await heading1(page, lesson.title).waitFor();
    await page.route('**/api/v1/learning/progress/completed', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }),
      }),
    );
    await page.getByRole('button', { name: texts['learning.markCompleted']! }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not mark the lesson as completed' });
    await alert.waitFor();
    expect(texts['learning.completeError']).toBe('Could not mark the lesson as completed');
    expect(await heading1(page, lesson.title).isVisible()).toBe(true);
    expect(await page.locator('.lesson__text').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the failed mark');
    await shoot(page, 'learning-mark-failed-en-390');
    await page.unroute('**/api/v1/learning/progress/completed');
    await alert.getByRole('button', { name: texts['common.retry']! }).click();
    await page.getByText(texts['learning.completedLesson']!).waitFor();
    await expect.poll(async () => page.getByRole('alert').filter({ hasText: 'Could not mark' }).count()).toBe(0);
    await context.close();
  });

  it('takes a keyboard-only patient from /learning to completing a lesson', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    const { base, index } = await signIn(page, 'es');
    const lesson = index.conditions[0]!.lessons[0]!;
    await page.goto(`${base}/learning`);
    await heading1(page, texts['pages.learning.title']!).waitFor();
    // After each navigation the app moves the focus to the new page's h1 (page-frame.tsx): wait for it, or the move
    // can land between a Tab and the key press that follows, and the key goes to the heading.
    const focusOnTitle = (title: string) =>
      expect
        .poll(() =>
          page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null)),
        )
        .toBe(title);
    /**
     * Tabs until `target` itself has the focus, then presses `key`. The target is on the page first (its query has
     * answered): tabbing past where it will appear sends the focus out of the page, to the body, whose text holds every
     * name (what the earlier text match took for the target, and the key then did nothing).
     */
    const tabTo = async (target: Locator, key = 'Enter') => {
      await target.waitFor();
      for (let press = 0; press < 80; press += 1) {
        await page.keyboard.press('Tab');
        if (await target.evaluate((element) => element === document.activeElement)) return page.keyboard.press(key);
      }
      throw new Error(`no Tab reaches ${String(target)}`);
    };
    await tabTo(page.getByRole('link', { name: texts['learning.conditions.migraine']!, exact: true }));
    await focusOnTitle(texts['learning.conditions.migraine']!);
    await tabTo(page.locator('.learning-list__link').filter({ hasText: lesson.title }));
    await focusOnTitle(lesson.title);
    await tabTo(page.getByRole('button', { name: texts['learning.markCompleted']! }), 'Space');
    await page.getByText(texts['learning.completedLesson']!).waitFor();
    await context.close();
  });

  it("with the program's learning switched off: the learning routes say so with a way home, no card, no learning call", async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    // The toggles as the server answers them once operations switch learning off in the database (the server's own
    // gate, FEATURE_DISABLED, is the API test's): the web reads them from this one answer.
    await page.route('**/api/v1/resource/features', async (route) => {
      const answer = await setup.portal.app.inject({
        url: '/api/v1/resource/features',
        headers: { host: new URL(route.request().url()).host },
      });
      const body = answer.json<{ data: { featureToggles: Record<string, boolean> } }>();
      expect(body.data.featureToggles.learning).toBe(true);
      body.data.featureToggles.learning = false;
      await route.fulfill({ status: answer.statusCode, json: body });
    });
    const learningCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/v1\/learning|^\/program\/[^/]+\/learning\//.test(pathname)) learningCalls.push(pathname);
    });
    const origin = setup.portal.origin('alivio');
    await setTestSession(page, origin);
    for (const path of [
      '/learning',
      '/learning/migraine',
      '/learning/migraine/what-is-migraine',
      '/learning/nothing',
    ]) {
      await page.goto(`${origin}${path}`);
      await heading1(page, texts['pages.learning.title']!).waitFor();
      await page.getByText(texts['errors.featureDisabled']!).waitFor();
    }
    await expectNoAxeViolations(page, 'learning switched off');
    await shoot(page, 'learning-off-es-390');
    await page.getByRole('link', { name: texts['pages.notFound.home']! }).click();
    await heading1(page, texts['pages.home.title']!).waitFor();
    // The home's cards render together: once the shortcuts show, a learning card would show too.
    const shortcuts = page.getByRole('region', { name: texts['home.shortcuts.title']! });
    await shortcuts.waitFor();
    expect(await page.getByRole('region', { name: texts['home.learning.title']! }).count()).toBe(0);
    expect(await page.getByRole('link', { name: texts['nav.learning']!, exact: true }).count()).toBe(0);
    expect(learningCalls).toEqual([]);
    await context.close();
  });

  it('shows "not found" with a way to /learning for an unknown condition or lesson, in es and en', async () => {
    for (const language of ['es', 'en'] as const) {
      const texts = textsOf('alivio', language);
      const { context, page } = await newPage(setup.browser, { viewport: PHONE });
      const { base } = await signIn(page, language);
      for (const path of ['/learning/asthma', '/learning/nothing', '/learning/migraine/nothing']) {
        await page.goto(`${base}${path}`);
        await page.getByText(texts['learning.notFound']!).waitFor();
        await expectNoAxeViolations(page, `${path} (${language})`);
      }
      await page.getByRole('link', { name: texts['learning.notFound.link']! }).click();
      await heading1(page, texts['pages.learning.title']!).waitFor();
      await context.close();
    }
  });

  it('finds a lesson by words without accents', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const { base, index } = await signIn(page, 'es');
    const lesson = index.conditions[0]!.lessons.find((entry) => /migraña/i.test(entry.title))!;
    await page.goto(`${base}/learning`);
    await page.getByRole('searchbox', { name: texts['learning.search.label']! }).fill('MIGRANA');
    const hit = page.getByRole('search').getByRole('link', { name: new RegExp(lesson.title.replace(/[?¿]/g, '.')) });
    await hit.waitFor();
    await expectNoAxeViolations(page, 'search');
    await shoot(page, 'learning-search-es-390');
    // What the lessons say, not only their titles: "café", "alcohol" and "diario de dolor" each find a migraine lesson.
    const migraine = index.conditions.find((condition) => condition.condition === 'migraine')!.lessons;
    for (const words of ['café', 'alcohol', 'diario de dolor']) {
      await page.getByRole('searchbox').fill(words);
      const found = page.getByRole('search').getByRole('link');
      await found.first().waitFor();
      const titles = await found.allTextContents();
      expect(
        titles.some((title) => migraine.some((entry) => title.includes(entry.title))),
        `${words}: ${titles.join(' | ')}`,
      ).toBe(true);
    }
    await page.getByRole('searchbox').fill('zzzz palabra');
    await page.getByText(texts['learning.search.none']!).waitFor();
    await context.close();
  });

  it('opens a lesson read once, and the search, with no connection', async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE, serviceWorkers: 'allow' });
    const { base, index } = await signIn(page, 'es');
    const lesson = index.conditions[0]!.lessons[2]!;
    await page.goto(`${base}/learning`);
    await heading1(page, texts['pages.learning.title']!).waitFor();
    await page.goto(`${base}/learning/migraine/${lesson.slug}`);
    await heading1(page, lesson.title).waitFor();
    await expect
      .poll(
        () =>
          page.evaluate(async (slug) => {
            const chunks = await (await caches.open('app-chunks')).keys();
            const content = await (await caches.open('program-content')).keys();
            return (
              chunks.some((request) => /\/assets\/learning-/.test(request.url)) &&
              content.some((request) => request.url.includes(`/learning/migraine/${slug}.es.md`)) &&
              content.some((request) => request.url.includes('/learning/index-es.json'))
            );
          }, lesson.slug),
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);

    await context.setOffline(true);
    await page.goto(`${base}/learning/migraine/${lesson.slug}`);
    await heading1(page, lesson.title).waitFor();
    await page.getByText(texts['learning.savedCopy']!).waitFor();
    await page.getByText(texts['learning.markOffline']!).waitFor();
    await expectNoAxeViolations(page, 'lesson offline');
    await shoot(page, 'learning-offline-es-390');
    await page.goto(`${base}/learning`);
    await page.getByRole('searchbox', { name: texts['learning.search.label']! }).fill('migrana');
    await page.getByRole('search').getByRole('link').first().waitFor();
    // What the lessons say is searched offline too (the words' file was kept with the index).
    await page.getByRole('searchbox').fill('diario de dolor');
    await page.getByRole('search').getByRole('link').first().waitFor();
    await context.setOffline(false);
    await context.close();
  });
});
