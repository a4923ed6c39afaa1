// "Add a reminder to my calendar": a medicine's refill reminder as an .ics file the device opens with its calendar
// (decision 061). The same file as the reminder e-mail's (the same UID), made by the contracts' one writer; loaded on
// the press, so the home's card never carries it.
import type { RefillEstimateView } from '@portal/contracts/purchases';
import { refillIcs } from '@portal/contracts/refill-ics';
import { CALENDAR_FILE_TYPE, downloadFile } from '../../lib/download-file.ts';

export function downloadRefillReminder(
  refill: RefillEstimateView,
  texts: { summary: string; description: string },
): void {
  const ics = refillIcs({ ...refill, ...texts }, new Date());
  downloadFile(`refill-${refill.searchQuery ?? refill.productId}.ics`, ics, CALENDAR_FILE_TYPE);
}
