// Debian's Chromium as the browser tests and the bench launch it: one definition of its flags (CHROMIUM_PATH names
// another build).
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

export function launchBrowser(options: { args?: string[]; env?: Record<string, string> } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
