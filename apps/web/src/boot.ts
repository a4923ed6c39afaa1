// The page's first script: small, and the only one the HTML names (decision 028). The server's HTML paints the
// program's frame (decision 025); the app's scripts and the program's content are fetched once that frame is on
// screen, so that on a slow connection the stylesheet and the mark have the line to themselves, and the app's first
// render then runs with the content already there.
import './styles.css';
import { initialLanguage } from './lib/initial-language.ts';
import { startProgramBoot } from './program/program-content.ts';

function start() {
  void startProgramBoot(initialLanguage(window.location.pathname));
  void import('./main.tsx');
}

/** Runs `then` once the frame is painted: its first contentful paint (or any paint, for a frame with no text). */
function afterFramePaint(frame: HTMLElement | null, then: () => void) {
  const supported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  // Nothing to wait for: no frame, no paint to observe, or a hidden tab (it paints nothing until shown).
  if (!frame || !supported || document.visibilityState !== 'visible') return then();
  const contentful = (frame.textContent ?? '').trim() !== '' || frame.querySelector('img') !== null;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    document.removeEventListener('visibilitychange', go);
    // After the task that reported the paint.
    setTimeout(then, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === (contentful ? 'first-contentful-paint' : 'first-paint'))) go();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Hidden before it painted: start now.
  document.addEventListener('visibilitychange', go);
}

afterFramePaint(document.getElementById('boot-frame'), start);
