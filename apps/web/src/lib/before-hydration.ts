// The server-rendered login screen before the app has hydrated it (decision 029). Every control answers the first tap
// (decision 052): its inputs, and all its links, are the browser's own and work as they are (a link within the portal
// loads its page; "Forgot your password?" takes the typed e-mail along, "Help" leads to the footer's phones); the
// password's show toggle is flipped here at once, and the app's first render takes it as it is. Its form is the app's:
// a submission is held, its button shows it is busy at once, and it is done again once the app has hydrated the screen
// (router.tsx's Screen calls hydrated()). Should the app fail to load, a held submission is not replayed.
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let held: { target: HTMLFormElement; busy: HTMLElement } | undefined;
let isHydrated = false;
let release: (() => void) | undefined;

/** Runs `start` once, on the visitor's first touch, key or focus anywhere on the page. */
export function onFirstInteraction(root: HTMLElement, start: () => void): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) document.removeEventListener(type, go, true);
    start();
  };
  for (const type of INTERACTIONS) document.addEventListener(type, go, { capture: true, passive: true });
  // Focus already inside the screen (autofocus, a restored page): start now.
  if (root.contains(document.activeElement)) go();
}

/** The password field's show toggle (login-form.tsx): pressed, its field shows the password, as the app's would. */
export const PASSWORD_TOGGLE_ATTRIBUTE = 'data-password-toggle';
/** A link that takes the form's e-mail along as `e` (login-form.tsx's "Forgot your password?"). */
export const WITH_EMAIL_ATTRIBUTE = 'data-with-email';

/** Whether the server's password toggle was pressed before the app came: the form's first render keeps it so. */
export function passwordShownBeforeApp(): boolean {
  if (isHydrated || typeof document === 'undefined') return false;
  return (
    document
      .querySelector(`#root[data-server-rendered] [${PASSWORD_TOGGLE_ATTRIBUTE}]`)
      ?.getAttribute('aria-pressed') === 'true'
  );
}

/** Flips the password field and its toggle: the same attributes the app's render gives them. */
function togglePassword(toggle: HTMLElement): void {
  const field = toggle.closest('.field')?.querySelector('input');
  if (!field) return;
  const shown = toggle.getAttribute('aria-pressed') !== 'true';
  toggle.setAttribute('aria-pressed', String(shown));
  field.type = shown ? 'text' : 'password';
}

/** Answers the screen's controls until hydrated(): the show toggle at once, a submission held (the latest one). */
export function holdUntilHydrated(root: HTMLElement): void {
  const onClick = (event: Event) => {
    if (isHydrated || !(event.target instanceof Element) || !root.contains(event.target)) return;
    const toggle = event.target.closest<HTMLElement>(`[${PASSWORD_TOGGLE_ATTRIBUTE}]`);
    if (toggle) return togglePassword(toggle);
    const link = event.target.closest<HTMLAnchorElement>(`a[${WITH_EMAIL_ATTRIBUTE}]`);
    const email = link?.closest('form')?.querySelector<HTMLInputElement>('input[name="email"]')?.value.trim();
    if (link && email) {
      const url = new URL(link.href);
      url.searchParams.set('e', email);
      link.href = url.href;
    }
  };
  const onSubmit = (event: Event) => {
    if (isHydrated || !(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    held?.busy.removeAttribute('aria-busy');
    // The submit button says it waits (styles.css draws its spinner).
    const target = event.target;
    const busy = target.querySelector<HTMLElement>('button[type="submit"]') ?? target;
    busy.setAttribute('aria-busy', 'true');
    held = { target, busy };
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  release = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
  };
}

/**
 * The app has hydrated the screen, or could not load (`failure`): a held submission is done now. Not without the app:
 * the browser would send the form itself.
 */
export function hydrated(failure?: unknown): void {
  isHydrated = true;
  release?.();
  const pending = held;
  held = undefined;
  if (!pending) return;
  pending.busy.removeAttribute('aria-busy');
  if (failure === undefined) pending.target.requestSubmit();
}
