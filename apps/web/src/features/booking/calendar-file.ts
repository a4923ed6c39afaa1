// "Add to calendar": the appointment as an .ics file the device opens with its calendar (decision 058). The same
// file as the e-mails', made by the contracts' one writer.
import { appointmentIcs } from '@portal/contracts/booking-ics';
import type { BookingView } from '@portal/contracts/booking';
import { CALENDAR_FILE_TYPE, downloadFile } from '../../lib/download-file.ts';

interface CalendarTexts {
  summary: string;
  location: string;
  description: string;
  organizerName: string;
  organizerEmail: string;
}

export function downloadAppointment(booking: BookingView, texts: CalendarTexts): void {
  const ics = appointmentIcs({ ...booking, ...texts }, 'PUBLISH', new Date());
  downloadFile(`appointment-${booking.bookingId}.ics`, ics, CALENDAR_FILE_TYPE);
}
