// Where an appointment is, in a real browser (issue 38, decision 087): alivio's neurologist by video call says how its
// link comes (from the program's team, not the portal) when it is chosen, reviewed, booked, listed and on the home, on a
// phone in Spanish and on a desktop in English; piel's nurse at home shows the patient's own address, from the profile, with the way to change it,
// on a desktop in English and a phone in Spanish. axe on every screen, 44 px targets, screenshots at both widths
// (BOOKING_PLACES_SHOTS_DIR).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BookingAvailability, FreeSlot } from '../packages/contracts/src/booking.ts';
import { fill } from './signup-support.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, screenshotsIn, smallTargetsOf } from './page.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

/** Every booking control, and the way to the profile, is a 44 px target (react-aria's hidden buttons are not). */
const BOOKING_CONTROLS =
  '.booking .button, .booking-time, .booking-option, .booking-calendar__nav, .booking-calendar__cell, .appointment .button, .place-details__map';

const setup = usePortalAndBrowser();
const shoot = screenshotsIn(process.env.BOOKING_PLACES_SHOTS_DIR);

const availabilityOf = async (page: Page, benefitId: number) =>
  (await apiAsPatient<BookingAvailability>(page, 'GET', `/api/v1/booking/availability?benefitId=${benefitId}`)).data;

/** The day and time in full, as the time's radio is named. */
function spoken(instant: string, timeZone: string, locale: string): string {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  return `${day.format(new Date(instant))}, ${time.format(new Date(instant))}`;
}

/** Shows the day of a time with the keyboard, one day to the right at a time, and chooses the time. */
async function chooseTime(page: Page, name: string) {
  const radio = page.getByRole('radio', { name });
  if ((await radio.count()) === 0) {
    await page.locator('.booking-calendar__cell[data-selected]').focus();
    for (let step = 0; step < 62 && (await radio.count()) === 0; step += 1) {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
    }
  }
  await page.locator('label.booking-time', { has: radio }).click();
}

/** Cancels the patient's first listed booking, through the API. */
async function cancelFirstBooking(page: Page) {
  const [booked] = (await apiAsPatient<{ bookingId: number; sequence: number }[]>(page, 'GET', '/api/v1/bookings'))
    .data;
  await apiAsPatient(page, 'POST', `/api/v1/bookings/${booked!.bookingId}/cancel`, { sequence: booked!.sequence });
}

describe('where an appointment is', () => {
  for (const [language, viewport] of [
    ['es', PHONE],
    ['en', DESKTOP],
  ] as const)
    it(`alivio: a video call says how its link comes, chosen, reviewed, booked, listed and on the home (${language}, ${viewport.width})`, async () => {
      const texts = textsOf('alivio', language);
      const prefix = language === 'en' ? '/en' : '';
      const name = (step: string) => `alivio-${language}-${viewport.width}-${step}`;
      const t = (key: string) => fill(texts[key]!, { programName: 'Alivio' });
      const join = t('booking.video.join');
      expect(join).toContain(language === 'en' ? 'The Alivio team sends it' : 'El equipo de Alivio se lo envía');
      const { context, page } = await newPage(setup.browser, { viewport });
      const origin = setup.portal.origin('alivio');
      await setTestSession(page, origin);
      await page.goto(`${origin}${prefix}/home`);
      await page.locator('h1').first().waitFor();
      const availability = await availabilityOf(page, 1201);
      const slot = availability.days[0]!.slots[0]! as FreeSlot;

      await page.goto(`${origin}/benefit/1201/booking`);
      await page.getByRole('grid').waitFor();
      await page.getByText(join).waitFor();
      await expectNoAxeViolations(page, `video call chosen (${language}, ${viewport.width})`);
      await shoot(page, name('1-choose'));
      await chooseTime(page, spoken(slot.startsAt, availability.timeZone, `${language}-CR`));
      await page.getByRole('button', { name: t('booking.continue') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.review.title') }).waitFor();
      await page.getByText(join).waitFor();
      await expectNoAxeViolations(page, `video call review (${language}, ${viewport.width})`);
      await shoot(page, name('2-review'));
      await page.getByRole('button', { name: t('booking.confirm') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.done.title') }).waitFor();
      await page.getByText(join).waitFor();
      expect(await smallTargetsOf(page, BOOKING_CONTROLS)).toEqual([]);
      await expectNoAxeViolations(page, `video call booked (${language}, ${viewport.width})`);
      await shoot(page, name('3-done'));

      await page.goto(`${origin}${prefix}/benefits`);
      await page.locator('.appointment').getByText(join).waitFor();
      await page.goto(`${origin}${prefix}/home`);
      const card = page.getByRole('region', { name: t('booking.appointments.title') });
      await card.getByText(join).waitFor();
      await expectNoAxeViolations(page, `home with a video call (${language}, ${viewport.width})`);
      await shoot(page, name('4-home'));
      expect(problemsOf(page)).toEqual([]);
      // Cancelled, so that the other language's run books the same call afresh.
      await cancelFirstBooking(page);
      await context.close();
    }, 240_000);

  for (const [language, viewport] of [
    ['en', DESKTOP],
    ['es', PHONE],
  ] as const) {
    it(`piel: a home visit shows the patient's address from the profile, with the way to change it (${language}, ${viewport.width})`, async () => {
      const texts = textsOf('piel', language);
      const t = (key: string) => fill(texts[key]!, {});
      const prefix = language === 'en' ? '/en' : '';
      const { context, page } = await newPage(setup.browser, { viewport });
      const origin = setup.portal.origin('piel');
      await setTestSession(page, origin);
      await page.goto(`${origin}${prefix}/home`);
      await page.locator('h1').first().waitFor();
      const availability = await availabilityOf(page, 2202);
      const home = availability.places.find((place) => place.kind === 'home')!;
      expect(home.address).toMatch(/^Avenida Central 100, ./);
      const slot = availability.days.flatMap((day) => day.slots).find((one) => one.placeId === home.id)!;

      await page.goto(`${origin}/benefit/2202/booking`);
      await page.getByRole('grid').waitFor();
      await page.locator('label.booking-option', { hasText: t('booking.place.home') }).click();
      const note = page.locator('.booking-choose .booking__note');
      await note.getByText(t('booking.place.homeIntro')).waitFor();
      await note.getByText(home.address!).waitFor();
      await note.getByRole('link', { name: t('booking.place.homeChange') }).waitFor();
      expect(await smallTargetsOf(page, BOOKING_CONTROLS)).toEqual([]);
      await expectNoAxeViolations(page, `home visit chosen (${language}, ${viewport.width})`);
      await shoot(page, `piel-${language}-${viewport.width}-1-choose`);
      await chooseTime(page, spoken(slot.startsAt, availability.timeZone, `${language}-MX`));
      await page.getByRole('button', { name: t('booking.continue') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.review.title') }).waitFor();
      await page.locator('.place-details').getByText(home.address!).waitFor();
      await expectNoAxeViolations(page, `home visit review (${language}, ${viewport.width})`);
      await shoot(page, `piel-${language}-${viewport.width}-2-review`);
      await page.getByRole('button', { name: t('booking.confirm') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.done.title') }).waitFor();
      await page.locator('.place-details').getByText(home.address!).waitFor();
      expect(await smallTargetsOf(page, BOOKING_CONTROLS)).toEqual([]);
      await expectNoAxeViolations(page, `home visit booked (${language}, ${viewport.width})`);
      await shoot(page, `piel-${language}-${viewport.width}-3-done`);

      // Listed with the address, one tap from the profile where it is changed.
      await page.goto(`${origin}${prefix}/benefits`);
      const appointment = page.locator('.appointment');
      await appointment.getByText(home.address!).waitFor();
      await shoot(page, `piel-${language}-${viewport.width}-4-benefits`);
      await appointment.getByRole('link', { name: t('booking.place.homeChange') }).click();
      await page.waitForURL(`${origin}${prefix}/profile`);
      expect(problemsOf(page)).toEqual([]);
      // Cancelled, so that the other language's run books the same visit afresh.
      await cancelFirstBooking(page);
      await context.close();
    }, 240_000);
  }
});
