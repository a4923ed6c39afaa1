// The refill reminder in a real browser (decision 061): a pharmacy made with the operators' command records the demo
// patient's purchase of their medicine through the pharmacy API; the home's purchases card says until when it should
// last and hands over the reminder as an .ics that ical.js reads; the profile's notices card turns refill reminders
// off (saved, and still off after a reload) and on again. In Spanish and English, on a phone and a desktop, axe on the
// home and the profile each time. A program that turns purchases off: its card keeps the appointments' part only.
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { NoticePreferences } from '../packages/contracts/src/notices.ts';
import type { Refills } from '../packages/contracts/src/purchases.ts';
import { addDays, formatMonthDayYear } from '../packages/contracts/src/refill.ts';
import { todayInCountry } from '../packages/contracts/src/time-zones.ts';
import type { TreatmentsList } from '../packages/contracts/src/treatments.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, screenshotsIn } from './page.ts';
import {
  addPharmacy,
  apiAsPatient,
  discountCodeFor,
  setFeatureToggle,
  setTestSession,
  usePortalAndBrowser,
} from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.REFILL_SHOTS_DIR);
const SLUG = 'alivio';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the refill reminder', () => {
  it('shows until when the medicine lasts, offers its .ics, and turns the reminders off and on in the profile', async () => {
    const origin = setup.portal.origin(SLUG);
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(page, origin);

    // The demo patient's medicine (one tablet a day) and its code; one box of 30 bought five days ago.
    const treatments = (await apiAsPatient<TreatmentsList>(page, 'GET', '/api/v1/treatments')).data;
    const productId = treatments.live[0]!.productId;
    const code = await discountCodeFor(page, productId);
    const purchasedAt = new Date(Date.now() - 5 * DAY_MS);
    // A pharmacy of the program in Costa Rica with one key, made as `npm run pharmacies:add` makes it.
    const pharmacy = await addPharmacy(setup.portal, { slug: SLUG, name: 'Farmacia Prueba Recordatorio' });
    await pharmacy.post('/api/v1/pharmacy/purchases', {
      code,
      productId,
      quantity: 1,
      unitPrice: '9500.00',
      receiptId: 'refill-browser-1',
      purchasedAt: purchasedAt.toISOString(),
    });
    const lastsUntil = addDays(todayInCountry('CR', purchasedAt), 29);
    const refills = (await apiAsPatient<Refills>(page, 'GET', '/api/v1/purchases/refills')).data;
    expect(refills.refills).toMatchObject([{ productId, lastsUntil }]);
    const medicine = refills.refills[0]!.medicine;
    const date = formatMonthDayYear(lastsUntil);
    await context.close();

    let round = 0;
    for (const language of ['es', 'en'] as const) {
      const texts = textsOf(SLUG, language);
      const prefix = language === 'en' ? '/en' : '';
      for (const [device, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        round += 1;
        const label = `${language}, ${device}`;
        const { context: shown, page: screen } = await newPage(setup.browser, { viewport });
        await setTestSession(screen, origin);

        // The home: the estimate in the purchases card, and the reminder as a calendar file.
        await screen.goto(`${origin}${prefix}/home`);
        const refill = screen.locator('.home-refill');
        await refill
          .getByText(texts['refill.lastsUntil']!.replace('{medicine}', medicine).replace('{date}', date))
          .waitFor();
        await expectNoAxeViolations(screen, `home with the refill estimate (${label})`);
        await shoot(screen, `home-refill-${language}-${device}`);
        if (round === 1) {
          const [download] = await Promise.all([
            screen.waitForEvent('download'),
            refill.getByRole('button', { name: texts['refill.addToCalendar']! }).click(),
          ]);
          const calendar = new ICAL.Component(ICAL.parse(readFileSync((await download.path())!, 'utf8')));
          const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
          expect(event.uid).toBe(refills.refills[0]!.calendarUid);
          expect(event.startDate.toString()).toBe(lastsUntil);
          expect(event.summary).toBe(`Comprar ${medicine} (Alivio)`);
        }

        // The profile's card: both parts (booking and purchases are on for alivio).
        await screen.goto(`${origin}${prefix}/profile`);
        const card = screen.getByRole('region', { name: texts['profile.notices.title']! });
        const checkbox = card.getByRole('checkbox', { name: texts['profile.notices.refill.label']! });
        await checkbox.waitFor({ state: 'attached' });
        await card.getByRole('radiogroup', { name: texts['profile.notices.channel.label']! }).waitFor();
        await expectNoAxeViolations(screen, `profile's notices card (${label})`);
        // Each choice is a 44 px target: the whole row, label and drawn box (its input is hidden under the box).
        const rows = await card
          .locator('.checkbox, .radio')
          .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
        expect(rows.length, label).toBeGreaterThan(0);
        expect(
          rows.filter((height) => height < 44),
          label,
        ).toEqual([]);
        await shoot(screen, `profile-notices-${language}-${device}`);
        // Off on the first round, on again on the last; each saved, and still so after a reload.
        if (round === 1 || round === 4) {
          const turnOn = round === 4;
          expect(await checkbox.isChecked()).toBe(!turnOn);
          await card.getByText(texts['profile.notices.refill.label']!).click();
          await card.getByRole('button', { name: texts['profile.notices.save']! }).click();
          await card.getByText(texts['profile.notices.saved']!).waitFor();
          await screen.reload();
          const again = screen
            .getByRole('region', { name: texts['profile.notices.title']! })
            .getByRole('checkbox', { name: texts['profile.notices.refill.label']! });
          await again.waitFor({ state: 'attached' });
          expect(await again.isChecked()).toBe(turnOn);
          const saved = (await apiAsPatient<NoticePreferences>(screen, 'GET', '/api/v1/user/notices')).data;
          expect(saved).toEqual({ channel: 'email', reminders: true, refillReminders: turnOn });
        } else {
          expect(await checkbox.isChecked()).toBe(false);
        }
        expect(problemsOf(screen)).toEqual([]);
        await shown.close();
      }
    }

    // piel with purchases turned off: the card keeps the appointments' part, without the refill reminders.
    await setFeatureToggle(setup.portal, 'piel', 'purchases', false);
    const piel = setup.portal.origin('piel');
    const { context: other, page: pielPage } = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(pielPage, piel);
    await pielPage.goto(`${piel}/profile`);
    const es = textsOf('piel', 'es');
    const pielCard = pielPage.getByRole('region', { name: es['profile.notices.title']! });
    await pielCard.getByRole('radiogroup', { name: es['profile.notices.channel.label']! }).waitFor();
    expect(await pielCard.getByRole('checkbox', { name: es['profile.notices.refill.label']! }).count()).toBe(0);
    await expectNoAxeViolations(pielPage, "piel's profile notices card (es, phone)");
    await other.close();
    await setFeatureToggle(setup.portal, 'piel', 'purchases', true);
  }, 240_000);
});
