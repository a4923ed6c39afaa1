// The staff console's browser tests set their member up through the API, as staff-console.test.ts does it through the
// screens: `staff:add`, the set-up with a code of the secret, the login with the next time step's code.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { addStaffCommand } from '../apps/api/src/modules/staff/commands.ts';
import { totpCodeAt } from '../apps/api/src/modules/staff/totp.ts';
import type { Portal } from './support.ts';

const PASSWORD = 'Faro-ciruela-nube-2026';

/**
 * Sets a member up through the screens from their set-up link: the authenticator's secret read from the page's text,
 * the names, the password, a code of this time step; the ten recovery codes seen and saved. The secret.
 */
export async function setUpThroughScreens(
  page: Page,
  link: string,
  texts: Record<string, string>,
  names: { firstName: string; lastName: string },
): Promise<string> {
  await page.goto(link);
  await page.getByRole('heading', { level: 2, name: texts['staff.setup.title']! }).waitFor();
  const secret = (await page.locator('.staff-secret code').textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(texts['staff.setup.firstName.label']!).fill(names.firstName);
  await page.getByLabel(texts['staff.setup.lastName.label']!).fill(names.lastName);
  await page.getByRole('textbox', { name: texts['staff.setup.password.label']!, exact: true }).fill(PASSWORD);
  await page.getByLabel(texts['staff.setup.code.label']!).fill(totpCodeAt(secret, new Date()));
  await page.getByRole('button', { name: texts['staff.setup.finish']! }).click();
  await page.getByRole('heading', { level: 2, name: texts['staff.codes.title']! }).waitFor();
  expect(await page.getByRole('list', { name: texts['staff.codes.listLabel']! }).locator('li').count()).toBe(10);
  await page.getByLabel(texts['staff.codes.saved']!).check();
  await page.getByRole('button', { name: texts['staff.codes.continue']! }).click();
  return secret;
}

/**
 * Logs in through the screens with the password and a code of the next time step (the set-up spent this one's, and a
 * code is never accepted twice).
 */
export async function logInThroughScreens(
  page: Page,
  texts: Record<string, string>,
  email: string,
  secret: string,
): Promise<void> {
  await page.getByRole('heading', { level: 2, name: texts['staff.login.title']! }).waitFor();
  await page.getByLabel(texts['staff.login.email.label']!).fill(email);
  await page.getByLabel(texts['staff.login.password.label']!, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: texts['staff.login.submit']! }).click();
  await page.getByRole('heading', { level: 2, name: texts['staff.login.code.title']! }).waitFor();
  await page.getByLabel(texts['staff.login.code.label']!).fill(totpCodeAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: texts['staff.login.code.submit']! }).click();
}

/**
 * Makes a staff member (an alivio agent unless `roles` says otherwise) with `staff:add`, finishes the set-up and logs in
 * through the API; the session on the page's tab, on alivio's host.
 */
export async function logInNewStaff(
  portal: Portal,
  page: Page,
  email: string,
  roles = ['agent:alivio'],
  names = { firstName: 'Inés', lastName: 'Agente' },
): Promise<void> {
  const made = await addStaffCommand([email, ...roles], {
    db: portal.app.database.db,
    config: portal.app.appConfig,
    now: new Date(),
  });
  expect(made.status, made.stderr).toBe(0);
  const link = new URL(/https?:\/\/\S+/.exec(made.stdout)![0]);
  const n = link.searchParams.get('n')!;
  const s = link.searchParams.get('s')!;
  await page.goto(`${portal.origin('alivio')}/staff/login`);
  const call = (path: string, body: unknown) =>
    page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, data: ((await response.json()) as { data: Record<string, unknown> }).data };
      },
      { path, body },
    );
  const opened = await call('/api/v1/staff/setup/open', { n, s });
  expect(opened.status).toBe(200);
  const secret = (opened.data.totp as { secret: string }).secret;
  const finished = await call('/api/v1/staff/setup/finish', {
    n,
    s,
    ...names,
    password: PASSWORD,
    code: totpCodeAt(secret, new Date()),
  });
  expect(finished.status).toBe(200);
  const login = await call('/api/v1/staff/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  // The set-up spent this time step's code: the next step's is the one a person would type next.
  const session = await call('/api/v1/staff/login/second-factor', {
    challenge: login.data.challenge,
    code: totpCodeAt(secret, new Date(Date.now() + 30_000)),
  });
  expect(session.status).toBe(200);
  await page.evaluate((value) => sessionStorage.setItem('portal.staff.session', JSON.stringify(value)), {
    token: session.data.token,
    expiresAt: session.data.expiresAt,
  });
}
