// The refill reminder (decision 061): the last day the supply should last in mm/dd/yyyy, with the same all-day event
// as the home's "add a reminder to my calendar" (the same UID, so a calendar keeps one event per medicine).
import { z } from 'zod';
import { formatMonthDayYear } from '@portal/contracts/refill';
import { refillIcs } from '@portal/contracts/refill-ics';
import { defineMailKind, MailLinkSchema } from '../../platform/mail/kinds.ts';

export const REFILL_REMINDER = defineMailKind({
  name: 'refill-reminder',
  // The medicine's name, the last day (YYYY-MM-DD), the calendar UID and sequence, and the link to the home.
  payload: z
    .object({
      medicine: z.string().min(1).max(200),
      lastsUntil: z.iso.date(),
      calendarUid: z.string().min(1).max(200),
      sequence: z.string().regex(/^\d+$/),
      link: MailLinkSchema,
    })
    .catchall(z.string()),
  texts: { subject: 'refill.mail.subject', body: 'refill.mail.body', button: 'refill.mail.button' },
  parts({ payload }, program, texts) {
    const values = {
      medicine: payload.medicine!,
      date: formatMonthDayYear(payload.lastsUntil!),
      programName: program.name,
    };
    const content = refillIcs(
      {
        calendarUid: payload.calendarUid!,
        sequence: Number(payload.sequence),
        lastsUntil: payload.lastsUntil!,
        summary: texts.format('refill.calendar.summary', values),
        description: texts.format('refill.calendar.description', values),
      },
      new Date(),
    );
    return { values, calendar: { method: 'PUBLISH', content, filename: 'reminder.ics' } };
  },
});
