// Booking on a patient's behalf in a real browser (decision 076): an agent opens a patient's record with the reason,
// books the video call with the patients' own booking screens inside the console, sees it on the record, cancels it
// (asked first); notes that the patient missed a past appointment and takes it back; the patient gets both notices and
// reads every action in the access log. axe on every step.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking, outbox, planPatient } from '../apps/api/src/db/schema.ts';
import { alivioBody } from '../apps/api/src/test/signup-bodies.ts';
import { DESKTOP, expectNoAxeViolations, newPage, problemsOf, screenshotsIn } from './page.ts';
import { logInNewStaff } from './staff-support.ts';
import { apiAsPatient, setTestSession, usePortalAndBrowser } from './support.ts';
import { textsOf } from './texts.ts';

const setup = usePortalAndBrowser({ MAIL_WORKER: 'false' });
const shoot = screenshotsIn(process.env.STAFF_SHOTS_DIR);
const SLUG = 'alivio';

describe('booking on a patient’s behalf', () => {
  it('an agent books the video call for the patient on the phone, sees it on the record and cancels it; the patient is told', async () => {
    const es = textsOf(SLUG, 'es');
    const body = alivioBody();
    const enrolled = await setup.portal.app.inject({
      method: 'POST',
      url: '/api/v1/patient/signup',
      headers: { host: `${SLUG}.localhost:${setup.portal.port}` },
      payload: body,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const { patientId } = enrolled.json<{ data: { patientId: number } }>().data;
    const email = String(body.email);

    // An appointment whose time came two days ago (decision 085): the agent notes whether the patient came.
    const [plan] = await setup.portal.app.database.db
      .select({ id: planPatient.id })
      .from(planPatient)
      .where(eq(planPatient.patientId, patientId));
    const pastStart = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await setup.portal.app.database.db.insert(booking).values({
      programId: setup.portal.app.programs.get(SLUG)!.id,
      planPatientId: plan!.id,
      benefitId: 1201,
      placeId: 'video-cr',
      startsAt: pastStart,
      endsAt: new Date(pastStart.getTime() + 30 * 60 * 1000),
      timeZone: 'America/Costa_Rica',
      seat: 1,
      capacity: 2,
      status: 'completed',
      confirmedAt: new Date(pastStart.getTime() - 24 * 60 * 60 * 1000),
      endedAt: new Date(pastStart.getTime() + 30 * 60 * 1000),
    });

    const { context, page } = await newPage(setup.browser, { viewport: DESKTOP });
    await logInNewStaff(setup.portal, page, 'bea.agente@example.com');
    await page.goto(`${setup.portal.origin(SLUG)}/staff/patients/${patientId}`);
    await page.getByRole('radio', { name: es['staff.records.reason.inboundCall']! }).check({ force: true });
    await page.getByRole('button', { name: es['staff.records.reason.submit']! }).click();
    const section = page.getByRole('region', { name: es['staff.booking.title']! });
    await section.getByText(es['staff.booking.none']!).waitFor();
    await expectNoAxeViolations(page, 'staff record with booking (es, 1366)');

    // The past appointment: noted as missed (the badge, the notice), then taken back.
    const past = section.getByRole('region', { name: es['staff.booking.past.title']! });
    await past.getByRole('button', { name: /^Anotar que no vino: / }).click();
    await past.getByText(/^Anotado: no vino a la cita de /).waitFor();
    await past.locator('.staff-badge', { hasText: es['staff.booking.past.missed']! }).waitFor();
    await expectNoAxeViolations(page, 'staff past appointment missed (es, 1366)');
    await shoot(page, 'staff-booking-missed-1366');
    await past.getByRole('button', { name: /^Anotar que sí vino: / }).click();
    await past.getByText(/^Anotado: sí vino a la cita de /).waitFor();
    expect(await past.locator('.staff-badge').count()).toBe(0);

    // The patients' own screens, in the console: a day, a time, the review, the confirmation.
    await section
      .getByRole('button', { name: /^Reservar: / })
      .first()
      .click();
    await section.getByRole('grid').waitFor();
    await expectNoAxeViolations(page, 'staff booking choose (es, 1366)');
    const time = section.getByRole('radio').first();
    await time.check({ force: true });
    await section.getByRole('button', { name: es['booking.continue']! }).click();
    await section.getByRole('heading', { name: es['booking.review.title']! }).waitFor();
    await expectNoAxeViolations(page, 'staff booking review (es, 1366)');
    await section.getByRole('button', { name: es['booking.confirm']! }).click();
    await section.getByText(es['booking.onBehalf.patientNotified']!).waitFor();
    expect(await section.getByRole('button', { name: es['booking.addToCalendar']! }).count()).toBe(0);
    await expectNoAxeViolations(page, 'staff booking done (es, 1366)');
    await shoot(page, 'staff-booking-done-1366');

    // Back on the record: the appointment, with move and cancel; cancelling asks first.
    await section.getByRole('button', { name: es['staff.booking.close']! }).click();
    await section.getByRole('button', { name: new RegExp(`^${es['booking.appointments.cancel']!}: `) }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'staff booking cancel dialog (es, 1366)');
    await dialog.getByRole('button', { name: es['booking.appointments.cancel']!, exact: true }).click();
    await section.getByText(es['staff.booking.cancelled']!).waitFor();
    await section.getByText(es['staff.booking.none']!).waitFor();
    expect(problemsOf(page)).toEqual([]);
    await context.close();

    // The patient is told of both, in their own mail, and reads both actions in the access log.
    const mails = await setup.portal.app.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), inArray(outbox.kind, ['booking-confirmed', 'booking-cancelled'])));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['booking-cancelled', 'booking-confirmed']);
    const patient = await newPage(setup.browser, { viewport: DESKTOP });
    await setTestSession(patient.page, setup.portal.origin(SLUG), { email, password: String(body.password) });
    const log = await apiAsPatient<{ entries: { what: string }[] }>(patient.page, 'GET', '/api/v1/user/access-log');
    expect(log.data.entries.map((entry) => entry.what)).toEqual([
      'appointment-cancelled',
      'appointment-booked',
      'appointment-attendance-recorded',
      'appointment-attendance-recorded',
      'record-opened',
    ]);
    await patient.context.close();
  });
});
