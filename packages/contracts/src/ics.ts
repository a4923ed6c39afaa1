// What every iCalendar file (RFC 5545) the portal writes shares: text escapes, folded lines, UTC stamps and CRLF
// line ends. The booking's appointment (booking-ics.ts) and the refill reminder (refill-ics.ts) are made with it.
// Without zod.

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** An instant in UTC (20261203T163000Z). */
export function icsUtcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** A calendar date (YYYY-MM-DD) as iCalendar's DATE value (20261203). */
export function icsDate(date: string): string {
  return date.replaceAll('-', '');
}

/** A local date and time as iCalendar's local form (20261203T103000). */
export function icsLocalStamp(parts: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}): string {
  return `${pad(parts.year, 4)}${pad(parts.month)}${pad(parts.day)}T${pad(parts.hour)}${pad(parts.minute)}${pad(parts.second)}`;
}

/** A text value with iCalendar's escapes. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets, as RFC 5545 asks (continuation lines start with a space). */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const length = encoder.encode(character).length;
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The file's text from its content lines: each folded, CRLF line ends. */
export function icsFile(lines: readonly string[]): string {
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
