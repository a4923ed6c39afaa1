// A file made in the browser, handed to the device as a download (an .ics its calendar opens): the booking's "add to
// calendar" and the refill reminder's (decisions 058 and 061).

export function downloadFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** An iCalendar file's media type. */
export const CALENDAR_FILE_TYPE = 'text/calendar;charset=utf-8';
