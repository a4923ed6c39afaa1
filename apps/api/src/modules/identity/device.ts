// The device of a session, as "my sessions" names it (decision 044): a browser and a system of the contracts' short
// lists, read from the User-Agent header. Only these two words are kept; the header itself is neither stored nor logged.
import type { DeviceBrowser, DeviceSystem } from '@portal/contracts/sessions';

export interface Device {
  browser: DeviceBrowser;
  system: DeviceSystem;
}

/** Longer than any browser's own header; a longer one is not read (it names no device we know better). */
const MAX_USER_AGENT_LENGTH = 512;

// Order matters: Edge, Opera and Samsung Internet also say "Chrome" (and "Safari"); Chrome on iOS says "Safari".
const BROWSERS: [RegExp, DeviceBrowser][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\b(?:Chrome|Chromium|HeadlessChrome|CriOS)\//, 'chrome'],
  [/\b(?:Firefox|FxiOS)\//, 'firefox'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'safari'],
];
const SYSTEMS: [RegExp, DeviceSystem][] = [
  [/\bAndroid\b/, 'android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'ios'],
  [/\bWindows\b/, 'windows'],
  [/\bCrOS\b/, 'chromeos'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macos'],
  [/\bLinux\b/, 'linux'],
];

export function deviceOf(userAgent: string | undefined): Device {
  const header = userAgent && userAgent.length <= MAX_USER_AGENT_LENGTH ? userAgent : '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(header))?.[1] ?? 'other',
    system: SYSTEMS.find(([pattern]) => pattern.test(header))?.[1] ?? 'other',
  };
}
