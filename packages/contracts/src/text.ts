// The one rule of free text in a request: no NUL and no control characters (tab and newline only in multi-line
// fields), trimmed unless told otherwise, with the field's maximum length. Every string field of every request
// schema starts from textField, so nothing PostgreSQL refuses (NUL) or a log or a screen could misread
// (CR, ANSI escapes) gets past validation; text.test.ts walks the request schemas and proves it.
import { z } from 'zod';
import { hasForbiddenControlCharacter, TEXT_CONTROL_CHARACTERS_MESSAGE, TEXT_TOO_LONG_MESSAGE } from './text-rules.ts';

export { hasForbiddenControlCharacter, TEXT_CONTROL_CHARACTERS_MESSAGE, TEXT_TOO_LONG_MESSAGE };

export interface TextFieldOptions {
  /** Largest length, in UTF-16 units as zod counts. */
  max: number;
  /** Tab and newline allowed inside. */
  multiline?: boolean;
  /**
   * Whether surrounding whitespace is removed (default true). Passwords say false: a space at either end is
   * part of what the person chose and typed, and trimming would change the secret.
   */
  trim?: boolean;
  /** Message when the value is missing or not a string. */
  required?: string;
  /** Message when the value is longer than `max`. */
  tooLong?: string;
}

/** A string schema with the rule applied; chain .min, .regex, .pipe as the field needs. */
export function textField(options: TextFieldOptions) {
  const base = z.string(options.required ? { error: options.required } : undefined);
  return (options.trim === false ? base : base.trim())
    .refine((value) => !hasForbiddenControlCharacter(value, options.multiline), {
      error: TEXT_CONTROL_CHARACTERS_MESSAGE,
      abort: true,
    })
    .max(options.max, { error: options.tooLong ?? TEXT_TOO_LONG_MESSAGE });
}
