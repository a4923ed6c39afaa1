// Booking in a real browser (decision 058): a program's demo patient books a service's slot (its day and time named in
// full, in the patient's country's time), adds it to the calendar, sees it on the home, moves it and cancels it, on a
// phone in Spanish and on a desktop in English, and piel's (one patient a slot) on a desktop in Spanish; each booking,
// move and cancellation reaches a real SMTP server as a mail with its calendar part. 'Booking availability load
// failure' with Try again. axe on every screen, 44 px targets, screenshots of each screen at both widths
// (BOOKING_SHOTS_DIR).
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BookingAvailability, BookingView, FreeSlot } from '../packages/contracts/src/booking.ts';
import { parseMail } from '../apps/api/src/test/smtp.ts';
import { fill } from './signup-support.ts';
import { DESKTOP, expectNoAxeViolations, newPage, PHONE, problemsOf, screenshotsIn, smallTargetsOf } from './page.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

/** Every booking control is a 44 px target. */
const BOOKING_CONTROLS =
  '.booking .button, .booking-time, .booking-option, .booking-calendar__nav, .booking-calendar__cell, .appointment .button';

// Mails go to a real SMTP server: each booking, move and cancellation arrives with its calendar part.
const setup = usePortalAndBrowser({}, { smtp: true });
const shoot = screenshotsIn(process.env.BOOKING_SHOTS_DIR);

const availabilityOf = async (page: Page, benefitId: number) =>
  (await apiAsPatient<BookingAvailability>(page, 'GET', `/api/v1/booking/availability?benefitId=${benefitId}`)).data;
const bookingsOf = async (page: Page) => (await apiAsPatient<BookingView[]>(page, 'GET', '/api/v1/bookings')).data;

/** The day and time in full, as a screen reader hears them ("lunes, 30 de noviembre, 8:00 a. m."). */
/**
 * Shows the times of the day a time belongs to, with the keyboard as a person would: from the day chosen, one day to the
 * right at a time, Enter on each (a day without free times takes no Enter).
 */
async function showDayOf(page: Page, time: string) {
  const radio = page.getByRole('radio', { name: time });
  if ((await radio.count()) > 0) return;
  await page.locator('.booking-calendar__cell[data-selected]').focus();
  for (let step = 0; step < 62 && (await radio.count()) === 0; step += 1) {
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
  }
  await radio.waitFor();
}

function spoken(instant: string, timeZone: string, locale: string): string {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  return `${day.format(new Date(instant))}, ${time.format(new Date(instant))}`;
}

/** The calendar parts of the mails the SMTP server got for an address, in order: method, UID and sequence. */
async function calendarMailsTo(address: string) {
  const mails = await Promise.all(
    setup.smtp.received.filter((mail) => mail.envelopeTo.includes(address)).map((mail) => parseMail(mail.raw)),
  );
  return mails.map((mail) => {
    const calendar = new ICAL.Component(ICAL.parse(mail.calendar ?? ''));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    return {
      subject: mail.header('subject'),
      method: calendar.getFirstPropertyValue('method'),
      uid: event.uid,
      sequence: event.sequence,
    };
  });
}

describe('booking', () => {
  // First: the demo patient has no appointment yet, so the times show once they load.
  it("says 'Booking availability load failure' in its region, and Try again loads the times", async () => {
    const texts = textsOf('alivio', 'es');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    const origin = setup.portal.origin('alivio');
    await setTestSession(page, origin);
    await page.route('**/api/v1/booking/availability**', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto(`${origin}/benefit/1201/booking`);
    await page.getByText(texts['errors.bookingAvailability']!).waitFor();
    await page.getByRole('heading', { level: 1, name: texts['pages.booking.title'] }).waitFor();
    await expectNoAxeViolations(page, 'booking availability failure (es, phone)');
    await shoot(page, 'alivio-es-390-failure');
    await page.unroute('**/api/v1/booking/availability**');
    await page.getByRole('button', { name: texts['common.retry']! }).click();
    await page.getByRole('grid').waitFor();
    await context.close();
  });

  for (const [slug, benefitId, language, viewport, country] of [
    ['alivio', 1201, 'es', PHONE, 'CR'],
    ['equilibrio', 3201, 'en', DESKTOP, 'PA'],
    // piel: one patient a slot, at a clinic or at home, in Mexico's time.
    ['piel', 2202, 'es', DESKTOP, 'MX'],
  ] as const) {
    it(`${slug}: the demo patient books, sees it on the home, moves it and cancels it (${language}, ${viewport.width})`, async () => {
      const texts = textsOf(slug, language);
      const t = (key: string, values: Record<string, string> = {}) => fill(texts[key]!, values);
      const locale = `${language}-${country}`;
      const shot = (name: string) => shoot(page, `${slug}-${language}-${viewport.width}-${name}`);
      const { context, page } = await newPage(setup.browser, { viewport });
      const origin = setup.portal.origin(slug);
      await setTestSession(page, origin);
      // The booking route has no prefix: the language of the patient's last screen is kept.
      await page.goto(`${origin}${language === 'en' ? '/en' : ''}/home`);
      await page.locator('h1').first().waitFor();

      const availability = await availabilityOf(page, benefitId);
      const place = availability.places[0]!;
      // The first day with two free times at the place: early in a day, the first day may have one left.
      const times = availability.days
        .map((day) => day.slots.filter((slot) => slot.placeId === place.id))
        .find((slots) => slots.length >= 2);
      if (!times) throw new Error('a day with two free times');
      const [first, other] = times as [FreeSlot, FreeSlot];
      await page.goto(`${origin}/benefit/${benefitId}/booking`);
      await page.getByRole('heading', { level: 1, name: t('pages.booking.title') }).waitFor();
      await page.getByRole('heading', { level: 2, name: t(availability.service.texts.title) }).waitFor();
      await page.getByRole('grid').waitFor();
      expect(await smallTargetsOf(page, BOOKING_CONTROLS)).toEqual([]);
      await expectNoAxeViolations(page, `${slug} booking (${language}, ${viewport.width})`);
      await shot('1-choose');

      // Another time first, then back (the screen's letting go lost on the way): the next hold lets it go
      // (decision 067), so the time is free again for everyone once the patient books the first one.
      await page.route('**/api/v1/booking/holds/*', (route) =>
        route.request().method() === 'DELETE' ? route.abort() : route.continue(),
      );
      await showDayOf(page, spoken(other.startsAt, availability.timeZone, locale));
      await page.getByRole('radio', { name: spoken(other.startsAt, availability.timeZone, locale) }).focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: t('booking.continue') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.review.title') }).waitFor();
      await page.getByRole('button', { name: t('booking.back') }).click();

      // The first free time, chosen with the keyboard: its name says the day and the time in full.
      const firstTime = page.getByRole('radio', { name: spoken(first.startsAt, availability.timeZone, locale) });
      await showDayOf(page, spoken(first.startsAt, availability.timeZone, locale));
      await firstTime.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => firstTime.isChecked()).toBe(true);
      await page.getByRole('button', { name: t('booking.continue') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.review.title') }).waitFor();
      await page.getByText(spoken(first.startsAt, availability.timeZone, locale)).waitFor();
      await expectNoAxeViolations(page, `${slug} review (${language}, ${viewport.width})`);
      await shot('2-review');
      await page.getByRole('button', { name: t('booking.confirm') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.done.title') }).waitFor();
      const [booked] = await bookingsOf(page);
      expect(booked).toMatchObject({ startsAt: first.startsAt, sequence: 0, timeZone: availability.timeZone });
      await page.unroute('**/api/v1/booking/holds/*');
      const freeAt = (list: BookingAvailability, slot: FreeSlot) =>
        list.days
          .flatMap((day) => day.slots)
          .find((candidate) => candidate.startsAt === slot.startsAt && candidate.placeId === slot.placeId)?.free;
      expect(freeAt(await availabilityOf(page, benefitId), other)).toBe(other.free);
      expect(await smallTargetsOf(page, BOOKING_CONTROLS)).toEqual([]);
      await expectNoAxeViolations(page, `${slug} booked (${language}, ${viewport.width})`);
      await shot('3-done');

      // Add to calendar: an .ics of the same appointment, in its zone.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t('booking.addToCalendar') }).click(),
      ]);
      const calendar = new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.uid).toBe(booked!.calendarUid);
      expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(availability.timeZone);

      // On the home, with its time.
      await page.goto(`${origin}${language === 'en' ? '/en' : ''}/home`);
      const card = page.getByRole('region', { name: t('booking.appointments.title') });
      await card.getByText(spoken(first.startsAt, availability.timeZone, locale)).waitFor();
      await expectNoAxeViolations(page, `${slug} home with an appointment (${language}, ${viewport.width})`);
      await shot('4-home');

      // Moved from the benefits page to another free time.
      await page.goto(`${origin}${language === 'en' ? '/en' : ''}/benefits`);
      const service = t(availability.service.texts.title);
      const when = spoken(first.startsAt, availability.timeZone, locale);
      await page.getByRole('link', { name: t('booking.appointments.moveNamed', { service, when }) }).click();
      await page.getByRole('heading', { level: 1, name: t('booking.move.title') }).waitFor();
      // A later time of the same day.
      const second = other;
      await showDayOf(page, spoken(second.startsAt, availability.timeZone, locale));
      // The radio's own input is visually hidden: a person presses its label.
      await page
        .locator('label.booking-time', {
          has: page.getByRole('radio', { name: spoken(second.startsAt, availability.timeZone, locale) }),
        })
        .click();
      await page.getByRole('button', { name: t('booking.continue') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.review.moveTitle') }).waitFor();
      await shot('5-move-review');
      await page.getByRole('button', { name: t('booking.moveConfirm') }).click();
      await page.getByRole('heading', { level: 2, name: t('booking.done.moved') }).waitFor();
      const [moved] = await bookingsOf(page);
      expect(moved).toMatchObject({ startsAt: second.startsAt, sequence: 1, calendarUid: booked!.calendarUid });

      // Cancelled, asked first: the list is empty and the slot is free again.
      await page.goto(`${origin}${language === 'en' ? '/en' : ''}/benefits`);
      const movedWhen = spoken(second.startsAt, availability.timeZone, locale);
      await page
        .getByRole('button', { name: t('booking.appointments.cancelNamed', { service, when: movedWhen }) })
        .click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(t('booking.cancel.body', { service, when: movedWhen })).waitFor();
      await expectNoAxeViolations(page, `${slug} cancel dialog (${language}, ${viewport.width})`);
      await shot('6-cancel');
      await dialog.getByRole('button', { name: t('booking.appointments.cancel') }).click();
      await page.getByText(t('booking.appointments.none')).waitFor();
      expect(await bookingsOf(page)).toEqual([]);
      // Three mails reached the patient's inbox over SMTP, each with the same event: booked, moved, cancelled.
      const address = `demo@${slug}.example`;
      await expect.poll(async () => (await calendarMailsTo(address)).length, { timeout: 30_000 }).toBe(3);
      // Sent by the outbox's worker, which may deliver two at once: in the order of the event's sequence.
      const mails = (await calendarMailsTo(address)).sort((a, b) => a.sequence - b.sequence);
      expect(mails.map(({ method, uid, sequence }) => ({ method, uid, sequence }))).toEqual([
        { method: 'REQUEST', uid: booked!.calendarUid, sequence: 0 },
        { method: 'REQUEST', uid: booked!.calendarUid, sequence: 1 },
        { method: 'CANCEL', uid: booked!.calendarUid, sequence: 2 },
      ]);
      // In the account's language, which need not be the screen's: the service's name in one of the two.
      const serviceNames = (['es', 'en'] as const).map((each) =>
        fill(textsOf(slug, each)[availability.service.texts.title]!, {}),
      );
      for (const mail of mails) expect(serviceNames.some((name) => mail.subject?.includes(name))).toBe(true);
      expect(problemsOf(page)).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
