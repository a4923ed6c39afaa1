// A value that ends in a period (a time in Spanish, "3:25 a. m."; an abbreviation) at the end of a sentence: one
// period, not two ("…hasta las 3:25 a. m.", never "a. m.."). For every formatted text, on the screens and in the
// mails. Without zod.

/** `text` with each value that ends in a period and is followed by the sentence's own period written with one. */
export function withSinglePeriods(text: string, values: Readonly<Record<string, unknown>>): string {
  let result = text;
  for (const value of Object.values(values))
    if (typeof value === 'string' && value.endsWith('.')) result = result.replaceAll(`${value}.`, value);
  return result;
}
