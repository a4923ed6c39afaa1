// A file handed to the device as a download: one made in the browser (an .ics its calendar opens: the booking's "add to
// calendar" and the refill reminder's, decisions 058 and 061) or one the server sent (the privacy centre's data export).

/** How long a download's address outlives the click: a large file may still be read from it for a while. */
const DOWNLOAD_URL_TTL_MS = 60_000;

/** Hands `blob` to the device as the file `name`. */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_TTL_MS);
}

/** Hands `content`, made in the browser, to the device as the file `name` of media type `type`. */
export function downloadFile(name: string, content: string, type: string): void {
  downloadBlob(name, new Blob([content], { type }));
}

/** An iCalendar file's media type. */
export const CALENDAR_FILE_TYPE = 'text/calendar;charset=utf-8';
