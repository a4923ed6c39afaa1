// The parts of the text rule (text.ts) that need no zod, for a browser screen that checks by hand: a value imported
// from a module that builds zod schemas would bring all of zod onto its route (decision 021).
/** Message key of a field that holds a control character; the field is named by the error's path. */
export const TEXT_CONTROL_CHARACTERS_MESSAGE = 'validation.text.controlCharacters';
/** Message key of a field longer than its maximum, unless the field names its own. */
export const TEXT_TOO_LONG_MESSAGE = 'validation.text.tooLong';

/** C0 and C1 controls and DEL; a multi-line field allows tab and newline (never CR: browsers send \n from JS values). */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export function hasForbiddenControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}
