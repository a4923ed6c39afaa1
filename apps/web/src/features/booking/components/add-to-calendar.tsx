// "Add to calendar": the .ics of the appointment, in the patient's words. The file's writer loads on the press, so
// the home's appointments card (which shows this button nowhere) and the lists never carry it.
import { Button } from 'react-aria-components';
import type { BookingView } from '@portal/contracts/booking';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { usePlaceName } from './place-details.tsx';

export function AddToCalendarButton({ booking }: { booking: BookingView }) {
  const t = useT();
  const { program } = useProgram();
  const placeName = usePlaceName();
  return (
    <Button
      className="button button--ghost"
      onPress={() =>
        void import('../calendar-file.ts').then(({ downloadAppointment }) =>
          downloadAppointment(booking, {
            summary: `${t(booking.service.texts.title)} (${program.name})`,
            location: [placeName(booking.place), booking.place.address].filter(Boolean).join(', '),
            description: t(booking.service.texts.description),
            organizerName: program.name,
            organizerEmail: program.supportEmail,
          }),
        )
      }
    >
      {t('booking.addToCalendar')}
    </Button>
  );
}
