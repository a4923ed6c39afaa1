// The admin's side of the staff console in a real browser (decision 077): an admin made by `staff:add` (set up and
// logged in through the API, as staff-records.test.ts does it) goes from the home to the staff members, adds an agent
// and sees the set-up link once; issues a pharmacy's key (shown once), which opens the pharmacy API, and revokes it
// (then refused); and disables the agent, then re-enables them. axe on every screen, es and en; the members' screen
// at 768 px.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertPharmacy } from '../apps/api/src/modules/pharmacy/keys.ts';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff } from './staff-support.ts';
import { usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';
/** The member's names, as the screens and the access log show them. */
const ADELA = { firstName: 'Adela', lastName: 'Admin' };

const heading = (page: Page, name: string | RegExp, level = 2) => page.getByRole('heading', { level, name });

/** Every link and button of the console is a 44 px target. */
async function expectTargets(page: Page) {
  const small = await page
    .locator('main a, main button, main label:has(input[type="radio"]), main label:has(input[type="checkbox"])')
    .evaluateAll((elements) =>
      elements
        .map((element) => ({
          text: (element.textContent ?? '').trim(),
          height: element.getBoundingClientRect().height,
        }))
        .filter((one) => one.height > 0 && one.height < 44),
    );
  expect(small).toEqual([]);
}

describe('the admin’s console', () => {
  it('adds an agent and sees the link once, issues and revokes a pharmacy’s key, disables the agent and re-enables them', async () => {
    const es = textsOf(SLUG, 'es');
    const origin = setup.portal.origin(SLUG);
    const marker = randomBytes(3).toString('hex');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, `adela.${marker}@example.com`, ['admin:alivio'], ADELA);

    // Home: the admin's screens, and no search (an admin as such is no agent).
    await page.goto(`${origin}/staff`);
    const admin = page.getByRole('navigation', { name: es['staff.home.admin.label']! });
    await admin.waitFor();
    expect(await page.getByRole('link', { name: es['staff.home.work.patients']! }).count()).toBe(0);
    await admin.getByRole('link', { name: es['staff.home.admin.members']! }).click();

    // The staff members: add an agent; the set-up link is shown once.
    await heading(page, es['staff.admin.members.title']!).waitFor();
    await page.getByRole('row', { name: new RegExp(`adela\\.${marker}`) }).waitFor();
    await expectNoAxeViolations(page, 'staff members (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-members-1366');
    const agentEmail = `luis.${marker}@example.com`;
    await page.getByRole('textbox', { name: es['staff.admin.add.email.label']! }).fill(agentEmail);
    // react-aria's checkbox: its label is what a person presses.
    await page.locator('label.checkbox', { hasText: es['staff.roles.agent']! }).click();
    expect(await page.getByRole('checkbox', { name: es['staff.roles.agent']! }).isChecked()).toBe(true);
    await page.getByRole('button', { name: es['staff.admin.add.submit']! }).click();
    await heading(page, es['staff.admin.link.title']!.replace('{email}', agentEmail), 3).waitFor();
    const link = (await page.getByTestId('staff-setup-link-value').textContent())!;
    expect(new URL(link).pathname).toBe('/staff/setup');
    expect(new URL(link).searchParams.get('n')).toBeTruthy();
    await expectNoAxeViolations(page, 'staff member added, link shown (es, 1366)');
    await shoot(page, 'staff-member-added-1366');
    const agentRow = page.getByRole('row', { name: new RegExp(agentEmail.replace('.', '\\.')) });
    expect(await agentRow.textContent()).toContain(es['staff.admin.status.invited']!);
    await page.getByRole('button', { name: es['staff.admin.done']! }).click();
    expect(await page.getByTestId('staff-setup-link-value').count()).toBe(0);

    // Usable at 768 px: nothing wider than the window.
    await page.setViewportSize({ width: 768, height: 1024 });
    // The layout follows the new width (a loaded machine may take a moment); then nothing is wider than the window.
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= 768, undefined, { timeout: 5_000 })
      .catch(() => undefined);
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > 768 && !element.closest('.staff-table-wrap'))
        .map((element) => `${element.tagName}.${element.className}`)
        .slice(0, 5),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join(' ')).toBeLessThanOrEqual(768);
    await expectNoAxeViolations(page, 'staff members (es, 768)');
    await shoot(page, 'staff-members-768');
    await page.setViewportSize(DESKTOP);

    // The pharmacies: a key issued is shown once and opens the pharmacy API; revoked, it is refused.
    const name = `Farmacia Prueba ${marker}`;
    const programId = setup.portal.app.programs.get(SLUG)!.id;
    await insertPharmacy(setup.portal.app.database.db, { programId, name, country: 'CR' }, new Date());
    await page.goto(`${origin}/staff/pharmacies`);
    await heading(page, es['staff.admin.pharmacies.title']!).waitFor();
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    await expectNoAxeViolations(page, 'staff pharmacies (es, 1366)');
    await expectTargets(page);
    await page.getByRole('button', { name: es['staff.admin.key.issueNamed']!.replace('{name}', name) }).click();
    const key = (await page.getByTestId('staff-pharmacy-key-value').textContent())!.trim();
    expect(key).toMatch(/^psp_test_/);
    await expectNoAxeViolations(page, 'staff pharmacy key shown (es, 1366)');
    await shoot(page, 'staff-pharmacies-1366');
    const pharmacyMe = () =>
      page.evaluate(
        async (apiKey) => (await fetch('/api/v1/pharmacy/me', { headers: { 'x-api-key': apiKey } })).status,
        key,
      );
    expect(await pharmacyMe()).toBe(200);
    await page.getByRole('button', { name: es['staff.admin.done']! }).click();
    const prefix = key.slice(0, 17);
    await page.getByRole('button', { name: es['staff.admin.key.revokeNamed']!.replace('{prefix}', prefix) }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'staff revoke key asked (es, 1366)');
    await dialog.getByRole('button', { name: es['staff.admin.key.revoke']! }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText(/revocada/)
      .waitFor();
    expect(await pharmacyMe()).toBe(401);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= 768, undefined, { timeout: 5_000 })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolations(page, 'staff pharmacies (es, 768)');
    await shoot(page, 'staff-pharmacies-768');
    await page.setViewportSize(DESKTOP);

    // The agent: disabled from their own screen, after asking.
    await page.goto(`${origin}/staff/members`);
    await page.getByRole('link', { name: es['staff.admin.members.openNamed']!.replace('{name}', agentEmail) }).click();
    await heading(page, agentEmail).waitFor();
    await expectNoAxeViolations(page, 'staff member (es, 1366)');
    await expectTargets(page);
    await shoot(page, 'staff-member-1366');
    await page.getByRole('button', { name: es['staff.admin.member.disable.button']! }).click();
    const asked = page.getByRole('alertdialog');
    await asked.waitFor();
    await asked.getByRole('button', { name: es['staff.admin.member.disable.confirm']! }).click();
    await page.getByText(es['staff.admin.member.disable.done']!).waitFor();
    await page.getByText(es['staff.admin.member.disabled']!).waitFor();
    await expectNoAxeViolations(page, 'staff member disabled (es, 1366)');
    // And re-enabled, after asking: the account may log in again.
    await page.getByRole('button', { name: es['staff.admin.member.enable.button']! }).click();
    const again = page.getByRole('alertdialog');
    await again.waitFor();
    await again.getByRole('button', { name: es['staff.admin.member.enable.confirm']! }).click();
    await page.getByText(es['staff.admin.member.enable.done']!).waitFor();
    await page.getByRole('button', { name: es['staff.admin.member.disable.button']! }).waitFor();
    await expectNoAxeViolations(page, 'staff member re-enabled (es, 1366)');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });

  it('in English, and tells a manager the admin’s screens are not theirs', async () => {
    const en = textsOf(SLUG, 'en');
    const origin = setup.portal.origin(SLUG);
    const marker = randomBytes(3).toString('hex');
    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, `ada.${marker}@example.com`, ['admin:alivio'], ADELA);
    await page.goto(`${origin}/en/staff/members`);
    await heading(page, en['staff.admin.members.title']!).waitFor();
    await page.getByRole('row', { name: new RegExp(`ada\\.${marker}`) }).waitFor();
    await expectNoAxeViolations(page, 'staff members (en, 1366)');
    await page.goto(`${origin}/en/staff/pharmacies`);
    await heading(page, en['staff.admin.pharmacies.title']!).waitFor();
    await page.locator('.staff-table, .empty-state').first().waitFor();
    await expectNoAxeViolations(page, 'staff pharmacies (en, 1366)');
    await context.close();

    const manager = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, manager.page, `mara.${marker}@example.com`, ['manager:alivio'], ADELA);
    await manager.page.goto(`${origin}/en/staff/members`);
    await heading(manager.page, en['staff.admin.notForRole.title']!).waitFor();
    await expectNoAxeViolations(manager.page, 'staff members refused to a manager (en, 1366)');
    expect(problemsOf(manager.page)).toEqual([]);
    await manager.context.close();
  });
});
