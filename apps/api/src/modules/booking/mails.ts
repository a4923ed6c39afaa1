// Booking's mails (decision 058): a booking confirmed, moved or cancelled, and the reminder a day before, each with its
// calendar file (REQUEST, or CANCEL) made when the mail is rendered, and a short SMS or WhatsApp version.
import { z } from 'zod';
import { appointmentIcs } from '@portal/contracts/booking-ics';
import { formatWhen, localeOf } from '@portal/contracts/booking-format';
import { defineMailKind, type MailKind, type MailTexts, type MailToRender } from '../../platform/mail/kinds.ts';

/**
 * An appointment's mail: the service's text key, the place (a text key, or a partner's name), its instants and zone,
 * the patient's country (the time's locale), the calendar UID and sequence, the cut-off in hours.
 */
const BookingMailPayloadSchema = z
  .object({
    serviceKey: z.string().min(1),
    place: z.string().min(1),
    address: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    timeZone: z.string().min(1),
    country: z.string().length(2),
    calendarUid: z.string().min(1),
    sequence: z.string().regex(/^\d+$/),
    cutoffHours: z.string().regex(/^\d+$/),
  })
  .catchall(z.string());

type StoredMail = MailToRender & { payload: Record<string, string> };

/** The date and time in the appointment's zone and the patient's country's habit. */
const whenOf = ({ payload, language }: StoredMail) =>
  formatWhen(payload.startsAt!, payload.timeZone!, localeOf(language, payload.country));

const serviceOf = ({ payload }: StoredMail, texts: MailTexts) => texts.get(payload.serviceKey!) ?? payload.serviceKey!;

/** One of the four: its texts, the service and place in the mail's language, and the .ics with the same UID and sequence. */
function bookingMail(change: 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder'): MailKind {
  return defineMailKind({
    name: `booking-${change}`,
    payload: BookingMailPayloadSchema,
    texts: { subject: `booking.mail.${change}.subject`, body: `booking.mail.${change}.body` },
    parts(mail, program, texts) {
      const { payload } = mail;
      const service = serviceOf(mail, texts);
      const placeName = texts.get(payload.place!) ?? payload.place!;
      const place = payload.address ? `${placeName}, ${payload.address}` : placeName;
      const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST';
      // A video call says how its link reaches the patient (decision 087): the portal sends none, the program's team does.
      const isVideo = payload.place === 'booking.place.video';
      const howToJoin = isVideo ? texts.format('booking.video.join', { programName: program.name }) : '';
      const serviceDescription = texts.get(payload.serviceKey!.replace(/\.title$/, '.description')) ?? service;
      const content = appointmentIcs(
        {
          calendarUid: payload.calendarUid!,
          sequence: Number(payload.sequence),
          startsAt: payload.startsAt!,
          endsAt: payload.endsAt!,
          timeZone: payload.timeZone!,
          summary: `${service} (${program.name})`,
          location: place,
          description: howToJoin ? `${serviceDescription}\n\n${howToJoin}` : serviceDescription,
          organizerName: program.name,
          organizerEmail: program.supportEmail,
        },
        method,
        new Date(),
      );
      return {
        values: { service, place, when: whenOf(mail), placeKind: isVideo ? 'video' : 'other', howToJoin },
        calendar: { method, content },
      };
    },
    // The program's name, the first name, the service and the date and time: no place, no address, no link.
    textNotice: {
      key: `booking.text.${change}`,
      values: (mail, texts) => ({
        firstName: mail.payload.firstName ?? '',
        service: serviceOf(mail, texts),
        when: whenOf(mail),
      }),
    },
  });
}

export const BOOKING_CONFIRMED = bookingMail('confirmed');
export const BOOKING_RESCHEDULED = bookingMail('rescheduled');
export const BOOKING_CANCELLED = bookingMail('cancelled');
export const BOOKING_REMINDER = bookingMail('reminder');

export const BOOKING_MAIL_KINDS = [BOOKING_CONFIRMED, BOOKING_RESCHEDULED, BOOKING_CANCELLED, BOOKING_REMINDER];

/** A change's mail kind. */
export const BOOKING_CHANGE_MAILS = {
  confirmed: BOOKING_CONFIRMED,
  rescheduled: BOOKING_RESCHEDULED,
  cancelled: BOOKING_CANCELLED,
} as const;
