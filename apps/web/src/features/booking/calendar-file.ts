// "Add to calendar": the appointment as an .ics file the device opens with its calendar (decision 058). The same
// file as the e-mails', made by the contracts' one writer.
import { appointmentIcs } from '@portal/contracts/booking-ics';
import type { BookingView } from '@portal/contracts/booking';

interface CalendarTexts {
  summary: string;
  location: string;
  description: string;
  organizerName: string;
  organizerEmail: string;
}

export function downloadAppointment(booking: BookingView, texts: CalendarTexts): void {
  const ics = appointmentIcs({ ...booking, ...texts }, 'PUBLISH', new Date());
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `appointment-${booking.bookingId}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
