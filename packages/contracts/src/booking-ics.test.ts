import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentIcs, type IcsAppointment } from './booking-ics.ts';

const APPOINTMENT: IcsAppointment = {
  calendarUid: '2f1c6a52-3c1e-4a3f-9d0e-5b1f6f0b9a11',
  sequence: 2,
  // Thursday 3 December 2026, 10:30 in Costa Rica (UTC-6).
  startsAt: '2026-12-03T16:30:00.000Z',
  endsAt: '2026-12-03T17:00:00.000Z',
  timeZone: 'America/Costa_Rica',
  summary: 'Videollamada con un neurólogo; Alivio',
  location: 'Videollamada',
  description:
    'Te enviaremos el enlace de la videollamada por correo el día anterior. Ten a mano tus medicamentos y tu diario de dolor de cabeza, por favor.',
  organizerEmail: 'ayuda@alivio.example',
  organizerName: 'Alivio',
};

describe('an appointment as an iCalendar file', () => {
  it('is read by a maintained parser: the same UID and sequence, the time in its own zone', () => {
    const text = appointmentIcs(APPOINTMENT, 'REQUEST', new Date('2026-11-27T12:00:00Z'));
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(APPOINTMENT.calendarUid);
    expect(event.sequence).toBe(2);
    expect(event.summary).toBe(APPOINTMENT.summary);
    expect(event.description).toBe(APPOINTMENT.description);
    expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Costa_Rica');
    expect(event.startDate.zone?.tzid).toBe('America/Costa_Rica');
    expect([event.startDate.hour, event.startDate.minute]).toEqual([10, 30]);
    expect(event.startDate.toJSDate().toISOString()).toBe(APPOINTMENT.startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(APPOINTMENT.endsAt);
    // Lines are folded at 75 octets and end in CRLF.
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it('says CANCEL and CANCELLED for a cancelled appointment', () => {
    const calendar = new ICAL.Component(ICAL.parse(appointmentIcs(APPOINTMENT, 'CANCEL', new Date())));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
