// The server-rendered login screen before the app has hydrated it (decision 029). Its inputs, its phone and mail
// links and the links that open elsewhere are the browser's own and work as they are. Its buttons, its form and its
// links within the portal are the app's (a link may carry what was typed, as "Forgot your password?" does): a press
// or a submit is held, marked busy, and done again once the app has hydrated the screen (router.tsx's Screen calls
// hydrated()). Should the app fail to load, the held press is done without it (a link then loads its page).
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let held: { target: HTMLElement; kind: 'click' | 'submit'; busy: HTMLElement } | undefined;
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

/** Holds presses of the screen's buttons and its form's submission until hydrated() (the latest one is done). */
export function holdUntilHydrated(root: HTMLElement): void {
  const hold = (event: Event, kind: 'click' | 'submit') => {
    if (isHydrated || !(event.target instanceof Element)) return;
    const target = kind === 'submit' ? event.target : event.target.closest('button, a[href]');
    if (!(target instanceof HTMLElement) || !root.contains(target)) return;
    if (target instanceof HTMLAnchorElement && !isAppLink(target, event)) return;
    event.preventDefault();
    event.stopPropagation();
    held?.busy.removeAttribute('aria-busy');
    // The button that waits says so; for a submission, the form's submit button.
    const busy = kind === 'submit' ? (target.querySelector<HTMLElement>('button[type="submit"]') ?? target) : target;
    busy.setAttribute('aria-busy', 'true');
    held = { target, kind, busy };
  };
  const onClick = (event: Event) => hold(event, 'click');
  const onSubmit = (event: Event) => hold(event, 'submit');
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  release = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
  };
}

/** A link the app follows: same origin, same tab, a plain click. */
function isAppLink(link: HTMLAnchorElement, event: Event): boolean {
  const plain =
    !(event instanceof MouseEvent) ||
    (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey);
  return (
    plain &&
    link.origin === window.location.origin &&
    (link.target === '' || link.target === '_self') &&
    !link.hasAttribute('download')
  );
}

/**
 * The app has hydrated the screen, or could not load (`failure`): what was held is done now. Not a submission without
 * the app: the browser would send the form itself.
 */
export function hydrated(failure?: unknown): void {
  isHydrated = true;
  release?.();
  const pending = held;
  held = undefined;
  if (!pending) return;
  pending.busy.removeAttribute('aria-busy');
  if (failure !== undefined && (pending.kind === 'submit' || pending.target.matches('button[type="submit"]'))) return;
  if (pending.kind === 'submit' && pending.target instanceof HTMLFormElement) pending.target.requestSubmit();
  else pending.target.click();
}
