// The welcome mail's "this wasn't me" page: both languages, one confirm button, axe-clean, the address freed.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, userAccount } from '../apps/api/src/db/schema.ts';
import { alivioBody } from '../apps/api/src/test/signup-bodies.ts';
import { expectNoAxeViolations, newPage, problemsOf, waitForTitle } from './page.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser({ MAIL_WORKER: 'false' });

/** Enrols someone through the API and returns the not-me link of the welcome mail, on the test server. */
async function enrolAndGetLink(language: 'es' | 'en') {
  const body = alivioBody({ language });
  const response = await setup.portal.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: `alivio.localhost:${setup.portal.port}` },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { data } = response.json<{ data: { userId: string } }>();
  const [mail] = await setup.portal.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, String(body.email)), eq(outbox.kind, 'enrolment')));
  const link = new URL(String(mail!.payload.notMeLink));
  expect(link.pathname).toBe(language === 'en' ? '/en/signup/not-me' : '/signup/not-me');
  return { userId: data.userId, url: new URL(`${link.pathname}${link.search}`, setup.portal.origin('alivio')) };
}

describe.each(['es', 'en'] as const)('"this wasn\'t me" in %s', (language) => {
  const texts = textsOf('alivio', language);

  it('explains, asks for one confirmation, cancels the enrolment and says so; the link then no longer works', async () => {
    const { userId, url } = await enrolAndGetLink(language);
    const { context, page } = await newPage(setup.browser);
    try {
      await page.goto(url.toString());
      await waitForTitle(page);
      expect(await page.locator('h1').first().textContent()).toBe(texts['signup.notMe.title']);
      await expectNoAxeViolations(page, `not-me ${language}`);
      await page.getByRole('button', { name: texts['signup.notMe.confirm']!, exact: true }).click();
      await page.getByRole('status').filter({ hasText: texts['signup.notMe.done']! }).waitFor();
      await expectNoAxeViolations(page, `not-me done ${language}`);
      const [account] = await setup.portal.app.database.db.select().from(userAccount).where(eq(userAccount.id, userId));
      expect(account?.status).toBe('DISABLED');

      await page.goto(url.toString());
      await page.getByRole('button', { name: texts['signup.notMe.confirm']!, exact: true }).click();
      await page.getByRole('alert').filter({ hasText: texts['signup.notMe.invalid']! }).waitFor();
      await expectNoAxeViolations(page, `not-me used ${language}`);
      expect(problemsOf(page).filter((problem) => !problem.includes('410'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
