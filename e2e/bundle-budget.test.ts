// Byte budgets of the production build (decision 010): bytes do not depend on the machine, so they may be tested.
// Reads apps/web/dist as `npm run build` left it (bundle-bytes.ts); gzip level 9, KB = 1024 bytes.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIST, gzipKb, readBundle, readManifest, sumGzipKb as sum } from './bundle-bytes.ts';

/**
 * The goal (decision 010): what the login route loads, at most 110 KB gzip. 128 KB after decision 023, 121 KB after 028 (no
 * query library on the route), 106 KB after 029 (the declarative router).
 */
const LOGIN_JS_GOAL_KB = 110;
/**
 * What the home route loads (decision 052): 227 KB before, with the sign-up's contract (its phone numbers' data,
 * 51 KB) reached through the treatments' contract; 173 KB without it.
 */
const HOME_JS_BUDGET_KB = 180;
const FIRST_VISIT_BUDGET_KB = 400;
const CHUNK_BUDGET_KB = 250;

const { entryKey, loginKey, loginJs, homeKey, homeJs, signupChunks, precache, firstVisit, chunks } = readBundle();

describe('bundle byte budgets', () => {
  it('finds the entry, the login route and a precache list in the build', () => {
    expect(entryKey).toBeDefined();
    expect(loginKey).toBeDefined();
    expect(precache).toContain('index.html');
  });

  it(`keeps the login route's JavaScript under ${LOGIN_JS_GOAL_KB} KB gzip, without the password dictionaries, zod resolvers, the sign-up or the data router`, () => {
    expect(sum(loginJs)).toBeLessThanOrEqual(LOGIN_JS_GOAL_KB);
    expect([...loginJs].filter((file) => /zxcvbn|dist-|signup/.test(file))).toEqual([]);
    // Nor the query library (decision 028): its provider's error text marks its chunk, which the other screens load.
    const holdsQueryLibrary = (file: string) =>
      readFileSync(path.join(DIST, file), 'utf8').includes('No QueryClient set');
    expect(chunks.filter(holdsQueryLibrary)).not.toEqual([]);
    expect([...loginJs].filter(holdsQueryLibrary)).toEqual([]);
    // Nor react-router's data router, on any route (decision 029): its constructor's error text marks it.
    const holdsDataRouter = (file: string) =>
      readFileSync(path.join(DIST, file), 'utf8').includes('non-empty routes array to createRouter');
    expect(chunks.filter(holdsDataRouter)).toEqual([]);
  });

  it(`keeps the home route's JavaScript under ${HOME_JS_BUDGET_KB} KB gzip, without the sign-up's chunks`, () => {
    expect(homeKey).toBeDefined();
    expect(signupChunks.length).toBeGreaterThanOrEqual(2);
    expect(sum(homeJs)).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
    expect([...homeJs].filter((file) => signupChunks.includes(file) || /zxcvbn/.test(file))).toEqual([]);
    // Nor the phone numbers' data of libphonenumber-js, which only the sign-up's and the profile's forms use.
    const holdsPhoneData = (file: string) =>
      readFileSync(path.join(DIST, file), 'utf8').includes('country_calling_codes');
    expect([...homeJs].filter(holdsPhoneData)).toEqual([]);
  });

  it("keeps booking's calendar off the login and home routes", () => {
    // Decision 058: the month grid and @internationalized/date load with the booking screen (and the date fields).
    const manifest = readManifest();
    const bookingKey = Object.keys(manifest).find((key) => key.endsWith('app/routes/booking.tsx'));
    expect(bookingKey).toBeDefined();
    // The date library's parse errors mark its chunk, whatever the bundler names it.
    const holdsDates = (file: string) =>
      readFileSync(path.join(DIST, file), 'utf8').includes('Invalid ISO 8601 date string');
    expect(chunks.filter(holdsDates)).not.toEqual([]);
    expect([...loginJs, ...homeJs].filter(holdsDates)).toEqual([]);
  });

  it('keeps the pharmacy counter out of the patient’s routes, the phone numbers’ data out of the counter, and its camera decoder out of it until Scan', () => {
    // Decision 060: the counter is its own lazy route; ZXing loads only when Scan is pressed (and BarcodeDetector is absent).
    const manifest = readManifest();
    const keyOf = (suffix: string) => Object.keys(manifest).find((key) => key.endsWith(suffix));
    const counterKey = keyOf('app/routes/pharmacy.tsx');
    const decoderKey = keyOf('features/pharmacy/scanner/zxing-decoder.ts');
    expect(counterKey).toBeDefined();
    expect(decoderKey).toBeDefined();
    const closure = (keys: string[], into = new Set<string>()): Set<string> => {
      for (const key of keys) {
        const chunk = manifest[key];
        if (!chunk || into.has(key)) continue;
        into.add(key);
        closure(chunk.imports ?? [], into);
      }
      return into;
    };
    const counterFiles = [...closure([counterKey!])].map((key) => manifest[key]!.file);
    const counterOwn = manifest[counterKey!]!.file;
    const decoderFile = manifest[decoderKey!]!.file;
    // The counter's screen (its key store names its storage key) is in no chunk of the home or login routes.
    const holdsCounter = (file: string) => readFileSync(path.join(DIST, file), 'utf8').includes('portal.pharmacy.key');
    expect([...homeJs, ...loginJs].filter((file) => file === counterOwn || holdsCounter(file))).toEqual([]);
    expect(counterFiles.filter(holdsCounter)).not.toEqual([]);
    // It parses its answers with the pharmacy's contract (decision 065), which reaches the patient's identification
    // but not the phone numbers' data of the other patient fields.
    const holdsPhoneData = (file: string) =>
      readFileSync(path.join(DIST, file), 'utf8').includes('country_calling_codes');
    expect(counterFiles.filter(holdsPhoneData)).toEqual([]);
    const zxingFiles = [...closure([decoderKey!])]
      .filter((key) => key === decoderKey || key.includes('@zxing'))
      .map((key) => manifest[key]!.file);
    expect(zxingFiles).toContain(decoderFile);
    expect([...homeJs, ...loginJs, ...counterFiles].filter((file) => zxingFiles.includes(file))).toEqual([]);
  });

  it('keeps the staff console out of the login and the patient’s routes', () => {
    // Decision 072: the console is its own lazy route tree; only /staff loads it.
    const manifest = readManifest();
    const consoleKey = Object.keys(manifest).find((key) => key.endsWith('app/routes/staff.tsx'));
    expect(consoleKey).toBeDefined();
    const consoleOwn = manifest[consoleKey!]!.file;
    // The console's code, whatever chunk the bundler puts it in: its session's storage key names it.
    const holdsConsole = (file: string) =>
      file.endsWith('.js') && readFileSync(path.join(DIST, file), 'utf8').includes('portal.staff.session');
    expect(chunks.filter(holdsConsole)).toContain(consoleOwn);
    expect([...loginJs, ...homeJs].filter((file) => file === consoleOwn || holdsConsole(file))).toEqual([]);
    // Nor does any patient screen import it: only the router names it, lazily.
    const importers = Object.entries(manifest).filter(([, chunk]) => (chunk.imports ?? []).includes(consoleKey!));
    expect(importers).toEqual([]);
  });

  it("loads the app only from the page's first script, not with it", () => {
    // boot.ts imports main.tsx once the frame has painted (decision 028): a static import would load it at once.
    const manifest = readManifest();
    const entry = manifest[entryKey!]!;
    const app = Object.entries(manifest).find(([key]) => key.endsWith('src/main.tsx'));
    expect(app).toBeDefined();
    expect(entry.dynamicImports ?? []).toContain(app![0]);
    expect(entry.imports ?? []).not.toContain(app![0]);
    expect((entry.imports ?? []).map((key) => manifest[key]!.file).filter((file) => /shell-react/.test(file))).toEqual(
      [],
    );
  });

  it(`keeps a first visit to /login, service-worker precache included, under ${FIRST_VISIT_BUDGET_KB} KB`, () => {
    expect(sum(firstVisit)).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_KB);
    expect(precache.filter((url) => /zxcvbn/.test(url))).toEqual([]);
  });

  it(`has no chunk over ${CHUNK_BUDGET_KB} KB gzip`, () => {
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.filter((file) => gzipKb(file) > CHUNK_BUDGET_KB)).toEqual([]);
  });
});
