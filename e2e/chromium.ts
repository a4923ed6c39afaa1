// Debian's Chromium as the browser tests and the bench launch it: one definition of its builds and flags
// (CHROMIUM_PATH names another build).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Debian's two builds of Chromium. The browser tests run in the headless shell (package `chromium-headless-shell`):
 * the same Blink, V8 and network stack as the browser, without the browser's own windows and UI around a page, and
 * about 0.7x the time of the same test files (decision 063). The bench measures what a patient feels, in the browser
 * itself (package `chromium`).
 */
export const CHROMIUM_BUILDS = {
  shell: '/usr/bin/chromium-headless-shell',
  browser: '/usr/bin/chromium',
} as const;

/** The executable a launch of `build` runs: CHROMIUM_PATH when it is set. */
export const chromiumPath = (build: keyof typeof CHROMIUM_BUILDS = 'shell'): string =>
  process.env.CHROMIUM_PATH ?? CHROMIUM_BUILDS[build];

export function launchBrowser(
  options: { args?: string[]; env?: Record<string, string>; build?: keyof typeof CHROMIUM_BUILDS } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(options.build),
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    headless: true,
  });
}

/**
 * Whether this machine has a speech engine Chromium can use: Debian's speech-dispatcher with its eSpeak NG module
 * (`apt-get install speech-dispatcher speech-dispatcher-espeak-ng`). Without it Chromium has no voice at all.
 */
export const HAS_SPEECH_ENGINE =
  existsSync('/usr/bin/speech-dispatcher') && existsSync('/usr/lib/speech-dispatcher-modules/sd_espeak-ng');

/**
 * Chromium speaking through speech-dispatcher (its Linux speech engine, off unless asked for), with a configuration of
 * its own: the sound goes to ALSA's null device, so nothing is heard, but the voices, the utterances' start and end,
 * pause and resume are the engine's. Its voices come a few seconds after the first page asks for them.
 */
export async function launchSpeakingBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const home = mkdtempSync(path.join(tmpdir(), 'speech-'));
  mkdirSync(path.join(home, 'speech-dispatcher'));
  writeFileSync(path.join(home, 'speech-dispatcher/speechd.conf'), 'AudioOutputMethod "alsa"\n');
  writeFileSync(path.join(home, '.asoundrc'), 'pcm.!default { type null }\n');
  const browser = await launchBrowser({
    args: ['--enable-speech-dispatcher'],
    env: { HOME: home, XDG_CONFIG_HOME: home, XDG_RUNTIME_DIR: home, XDG_CACHE_HOME: home },
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
