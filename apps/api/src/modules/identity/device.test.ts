import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.ts';

/** The start of a user agent on each platform the table below tries: what comes after names the browser. */
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko)';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0)';
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)';
const CHROME_OS = 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko)';

describe('the device of a session', () => {
  it.each([
    [`${ANDROID} Chrome/126.0.0.0 Mobile Safari/537.36`, 'chrome', 'android'],
    [`${ANDROID} SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36`, 'samsung', 'android'],
    [`${IPHONE} Version/17.5 Mobile/15E148 Safari/604.1`, 'safari', 'ios'],
    [`${IPHONE} CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1`, 'chrome', 'ios'],
    [`${WINDOWS} Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0`, 'edge', 'windows'],
    [`${MAC} Gecko/20100101 Firefox/127.0`, 'firefox', 'macos'],
    [`${LINUX} Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0`, 'opera', 'linux'],
    [`${LINUX} HeadlessChrome/126.0.0.0 Safari/537.36`, 'chrome', 'linux'],
    [`${CHROME_OS} Chrome/126.0.0.0 Safari/537.36`, 'chrome', 'chromeos'],
  ])('%s', (userAgent, browser, system) => {
    expect(deviceOf(userAgent)).toEqual({ browser, system });
  });

  it('names nothing it does not know: no header, a tool, an overlong header', () => {
    expect(deviceOf(undefined)).toEqual({ browser: 'other', system: 'other' });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: 'other', system: 'other' });
    expect(deviceOf(`Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 ${'x'.repeat(600)}`)).toEqual({
      browser: 'other',
      system: 'other',
    });
  });
});
