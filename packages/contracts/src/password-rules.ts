// The rule a new password must pass besides its length (decision 041), the same on the server and in the strength
// meter: not a common or breached password, and not what the person typed elsewhere in the form. The list itself is
// zxcvbn-ts's 'passwords-common' dictionary, which each side loads where a new password is chosen (never on the login
// route); this module holds only the rule, so it costs nothing to whoever imports it.

/** zxcvbn's score below which the meter calls a password weak and the screen refuses it (0-1 weak, 2 medium). */
export const PASSWORD_MIN_SCORE = 2;

/** The screen's 'Enter a stronger password', per form: the server answers with the same key on the same field. */
export const PASSWORD_TOO_WEAK_KEYS = {
  signup: 'signup.password.tooWeak',
  account: 'passwordRecovery.newPassword.tooWeak',
} as const;

/** Up to this many digits or symbols appended to a common password ('Password1', 'qwerty2026!') still count as it. */
const APPENDED_MAX_CHARS = 4;
const APPENDED_TAIL = new RegExp(`[^\\p{L}]{1,${APPENDED_MAX_CHARS}}$`, 'u');
/** The usual letter-for-symbol swaps ('p@ssw0rd'), read back as letters. */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** Lower case without accents: the list is ASCII and lower case ('Contraseña' is 'contrasena'). */
export function normalizePasswordText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function unleet(text: string): string {
  return text.replace(/[01345@$7]/g, (char) => LEET[char] ?? char);
}

/** The forms of a password compared with the lists: as typed, without an appended tail, and with symbols read back. */
function candidatesOf(password: string): Set<string> {
  const whole = normalizePasswordText(password);
  const base = whole.replace(APPENDED_TAIL, '');
  return new Set([whole, base, unleet(whole), unleet(base)].filter((candidate) => candidate.length > 0));
}

/**
 * What the person typed elsewhere that a password must not be: the e-mail, its name part and pieces, and the names
 * (each and together) when the form has them. The meter passes the same list to zxcvbn.
 */
export function passwordUserInputs(email: string, ...names: (string | undefined)[]): string[] {
  const given = names.filter((name): name is string => Boolean(name));
  return [
    email,
    email.split('@')[0] ?? '',
    ...email.split(/[@.]/),
    ...given,
    ...(given.length > 1 ? [given.join(' ')] : []),
  ];
}

/** Letters and digits only: 'ana.perez' and 'Ana Pérez' are the same input as 'anaperez'. */
function compact(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether a password is common: in the list of common and breached passwords, or one of the person's own inputs, as
 * typed or in one of the forms above. A Set lookup per form (microseconds), so the server checks it on every new password.
 */
export function isCommonPassword(
  password: string,
  commonPasswords: ReadonlySet<string>,
  userInputs: readonly string[] = [],
): boolean {
  const inputs = new Set(
    userInputs.map((input) => compact(normalizePasswordText(input))).filter((input) => input.length >= 3),
  );
  for (const candidate of candidatesOf(password)) {
    if (commonPasswords.has(candidate) || inputs.has(compact(candidate))) return true;
  }
  return false;
}
