// The app, started by boot.ts once the frame has painted. Its work is cut into tasks a phone can run between two
// frames (decision 028): the program's content is in its store before the first render, the route's screen is
// loaded in a task of its own, and the first render is a transition, which React renders in slices.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreenAt } from './app/router.tsx';
import { theAppHistory } from './lib/app-history.ts';
import { initialLanguage } from './lib/initial-language.ts';
import { answerOwnLocalesDirectly } from './lib/intl-locales.ts';
import { programStore } from './program/program-store.ts';
import { logger } from './lib/logger.ts';
import { sessionStore } from './lib/session.ts';

const root = document.getElementById('root')!;

// The server's HTML paints the program's page frame before any script (decision 025). It stays while React shows only
// its loading placeholders (hidden behind it by styles.css) and goes when React shows anything else.
const frame = document.getElementById('boot-frame');
if (frame) {
  const shown = () =>
    [...root.children].some((child) => !child.matches('.boot-loading, .route-loading') && child.textContent?.trim());
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    frame.remove();
    observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
}

/** Lets the browser paint and handle input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // What boot.ts started fetching, into the program's store.
  const content = programStore.load(initialLanguage(window.location.pathname));
  // Each step below in a task of its own: the module evaluation above is one already.
  await nextTask();
  // formatjs' question about the portal's locales, answered without V8's list of every locale (intl-locales.ts).
  answerOwnLocalesDirectly();
  await content;
  await nextTask();
  const { history } = theAppHistory();
  await preloadScreenAt(history.location.pathname);
  await nextTask();
  const app = (
    <StrictMode>
      <App history={history} />
    </StrictMode>
  );
  if (hydratable()) {
    // The server drew this screen (decision 029): React attaches to its nodes, in slices (a transition); once the
    // screen has hydrated, what the visitor pressed meanwhile is done (router.tsx's Screen, before-hydration.ts).
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) =>
          logger.warning('the server-rendered page did not match', {
            name: error instanceof Error ? error.name : typeof error,
          }),
      });
    });
    return;
  }
  root.replaceChildren();
  const reactRoot = createRoot(root);
  await nextTask();
  startTransition(() => reactRoot.render(app));
}

/**
 * Whether the server's HTML is what this page would draw: the server renders the login screen for a visitor without
 * a session, with the program's whole content. A session (the screen sends home) or a file that did not load here
 * draws the page from nothing instead.
 */
function hydratable(): boolean {
  if (!root.hasAttribute('data-server-rendered')) return false;
  const { program, texts, files } = programStore.get();
  return (
    sessionStore.get() === null &&
    program?.ok === true &&
    Object.values(texts).every((loaded) => loaded.ok) &&
    Object.values(files).every((loaded) => loaded?.ok)
  );
}
void start();
