// Issue 38, item 8: a patient who switches the screens to English while signed in gets their mails in English too,
// and a short polite note says so once.
import { describe, expect, it } from 'vitest';
import type { BookingAvailability } from '../packages/contracts/src/booking.ts';
import { expectNoAxeViolations, newPage, PHONE, problemsOf } from './page.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser();

describe('the language switched while signed in', () => {
  it('becomes the profile’s and the booking mail’s, with one note (alivio, 390)', async () => {
    const es = textsOf('alivio', 'es');
    const en = textsOf('alivio', 'en');
    const origin = setup.portal.origin('alivio');
    const { context, page } = await newPage(setup.browser, { viewport: PHONE });
    await setTestSession(page, origin);
    await page.goto(`${origin}/home`);
    await page.getByRole('heading', { level: 1, name: es['pages.home.title']! }).waitFor();

    await page.getByRole('link', { name: es['language.toggle']! }).click();
    await page.getByRole('heading', { level: 1, name: en['pages.home.title']! }).waitFor();
    await page.getByRole('status').getByText(en['language.mailNote']!).waitFor();
    await expectNoAxeViolations(page, 'home after the switch, with the note (en, phone)');
    const user = await apiAsPatient<{ language: string }>(page, 'GET', '/api/v1/user');
    expect(user.data.language).toBe('en');
    // Said once: the next screen has no note.
    await page.goto(`${origin}/en/treatments`);
    await page.locator('h1').first().waitFor();
    expect(await page.getByText(en['language.mailNote']!).count()).toBe(0);

    // Booked in English: the confirmation comes in English.
    const availability = (
      await apiAsPatient<BookingAvailability>(page, 'GET', '/api/v1/booking/availability?benefitId=1201')
    ).data;
    const slot = availability.days.flatMap((day) => day.slots)[0]!;
    const hold = await apiAsPatient<{ holdId: number }>(page, 'POST', '/api/v1/booking/holds', {
      benefitId: 1201,
      placeId: slot.placeId,
      startsAt: slot.startsAt,
    });
    expect((await apiAsPatient(page, 'POST', `/api/v1/booking/holds/${hold.data.holdId}/confirm`)).status).toBe(201);
    const bookingMail = () =>
      page.evaluate(async () => {
        const { data } = (await (await fetch('/dev/mailbox.json')).json()) as {
          data: { kind: string; to: string; text: string }[];
        };
        return data.find((mail) => mail.kind === 'booking-confirmed' && mail.to === 'demo@alivio.example');
      });
    await expect.poll(bookingMail, { timeout: 60_000 }).toBeDefined();
    expect((await bookingMail())!.text).toContain('The attached file adds it to your calendar.');
    expect(problemsOf(page)).toEqual([]);
    await context.close();
  });
});
