import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { programStore } from './program-store.ts';
import type { ProgramBoot, ProgramInfo } from './program-content.ts';

const program = { slug: 'alivio', name: 'Alivio' } as ProgramInfo;
const boot: ProgramBoot = {
  program: { ok: true, value: program },
  language: 'es',
  files: {
    texts: { ok: true, value: {} },
    features: { ok: true, value: { featureToggles: { learning: true } } },
    footer: { ok: false, error: new Error('down') },
  },
};

function serve() {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input as string | URL), 'http://alivio.localhost');
      requests.push(url.pathname);
      if (url.pathname === '/api/v1/resource/features')
        return new Response(JSON.stringify({ data: { featureToggles: { learning: false } } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      return new Response(JSON.stringify({ 'home.title': [{ type: 0, value: 'Home' }] }), { status: 200 });
    }),
  );
  return requests;
}

describe('programStore', () => {
  beforeEach(() => programStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('takes what the first fetch brought, failures included', () => {
    programStore.accept(boot);
    const state = programStore.get();
    expect(state.program).toEqual({ ok: true, value: program });
    expect(state.texts.es).toEqual({ ok: true, value: {} });
    expect(state.files.footer?.ok).toBe(false);
  });

  it('fetches the texts of a language chosen later, once', async () => {
    const requests = serve();
    programStore.accept(boot);
    programStore.ensureTexts('en');
    programStore.ensureTexts('en');
    programStore.ensureTexts('es');
    await vi.waitFor(() => expect(programStore.get().texts.en?.ok).toBe(true));
    expect(requests).toEqual(['/program/alivio/messages/text-en.json']);
  });

  it('reads the feature toggles again at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const requests = serve();
    programStore.accept(boot);
    programStore.refreshFeatures();
    expect(requests).toEqual([]);
    vi.setSystemTime(Date.now() + 61_000);
    programStore.refreshFeatures();
    programStore.refreshFeatures();
    await vi.waitFor(() =>
      expect(programStore.get().files.features).toEqual({ ok: true, value: { featureToggles: { learning: false } } }),
    );
    expect(requests).toEqual(['/api/v1/resource/features']);
  });
});
