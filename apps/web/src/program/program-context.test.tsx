import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../lib/language.tsx';
import { ProgramProvider, useProgram } from './program-context.tsx';
import { programStore } from './program-store.ts';
import { useT } from './use-t.ts';

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../programs');
const file = (relative: string) => readFileSync(path.join(PROGRAMS, relative), 'utf8');
const config = JSON.parse(file('piel/configuration/config.json'));

const plan = {
  data: {
    id: 2,
    slug: 'piel',
    name: config.name,
    searchQuery: 'piel',
    status: 'ACTIVE',
    latestTermsVersion: '1.0',
    supportEmail: config.supportEmail,
    updateStrategy: 'immediate',
    countries: config.countries,
    defaultCountry: config.defaultCountry,
    supportPlans: [],
  },
};
const branding = {
  data: {
    slug: 'piel',
    logoUrl: '/program/piel/images/logo.svg',
    mark: { url: '/program/piel/icons/mark.png', width: 40, height: 40 },
    iconUrl: '/program/piel/icons/icon-32.png',
    colors: config.branding.colors,
  },
};

function serve(failing: string[] = []) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input as string | URL), 'http://piel.localhost');
      requests.push(`${url.pathname}${url.search}`);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', 'x-app-version': '1.0.0' },
        });
      if (failing.some((part) => url.pathname.includes(part)))
        return json({ error: { code: 'NOT_FOUND', message: 'errors.notFound' } }, 404);
      if (url.pathname === '/api/v1/resource/support/plan') return json(plan);
      if (url.pathname === '/api/v1/resource/branding') return json(branding);
      if (url.pathname === '/api/v1/resource/features') return json({ data: { featureToggles: { learning: true } } });
      if (url.pathname === '/api/v1/log') return json({ data: { accepted: true } }, 202);
      // The server sends the texts parsed (/messages/, apps/api's program-texts.ts); the test build formats the strings as they are.
      if (url.pathname.startsWith('/program/piel/'))
        return new Response(file(url.pathname.slice('/program/'.length).replace('/messages/', '/texts/')), {
          status: 200,
        });
      return json({ error: { code: 'NOT_FOUND', message: 'errors.notFound' } }, 404);
    }),
  );
  return requests;
}

function Probe() {
  const content = useProgram();
  const t = useT();
  return (
    <div>
      <p>{t('footer.legal')}</p>
      <p data-testid="loaded">{JSON.stringify(content.loaded)}</p>
    </div>
  );
}

function renderProvider(initialPath: string) {
  return render(
    <LanguageProvider initialPath={initialPath}>
      <ProgramProvider>
        <Probe />
      </ProgramProvider>
    </LanguageProvider>,
  );
}

describe('program loading', () => {
  beforeEach(() => {
    document.documentElement.removeAttribute('style');
    programStore.reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads every resource with ts, fills {email} and applies the branding', async () => {
    const requests = serve();
    renderProvider('/en/home');
    const legal = JSON.parse(file('piel/texts/text-en.json'))['footer.legal'] as string;
    await screen.findByText(legal.replace('{programName}', config.name).replace('{email}', config.supportEmail));
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('loaded').textContent!)).toEqual({
        program: true,
        texts: true,
        config: true,
        footer: true,
        navigation: true,
        phones: true,
        loginConfig: true,
        whitelist: true,
      }),
    );
    for (const resource of [
      'messages/text-en.json',
      'configuration/config.json',
      'configuration/footer.json',
      'configuration/login.json',
      'configuration/whitelist.json',
      'phones/phones.json',
      'navigation/navigation.json',
    ]) {
      expect(
        requests.some((r) => new RegExp(`^/program/piel/${resource.replace('.', '\\.')}\\?ts=\\d+$`).test(r)),
        resource,
      ).toBe(true);
    }
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe(config.branding.colors.primary);
    expect(document.documentElement.lang).toBe('en');
  });

  it(
    'turns the login-config and whitelist flags false on failure, logs it, and still works',
    { timeout: 15_000 },
    async () => {
      const requests = serve(['configuration/login.json', 'configuration/whitelist.json']);
      renderProvider('/home');
      await waitFor(
        () => {
          const loaded = JSON.parse(screen.getByTestId('loaded').textContent!);
          expect(loaded.footer).toBe(true);
          expect(loaded.loginConfig).toBe(false);
          expect(loaded.whitelist).toBe(false);
        },
        { timeout: 5000 },
      );
      // Each failure is retried once before it counts; then it is logged.
      await waitFor(() => expect(requests.filter((r) => r === '/api/v1/log').length).toBeGreaterThanOrEqual(2), {
        timeout: 5000,
      });
    },
  );

  it('shows the bilingual offline page when the program cannot be reached', { timeout: 15_000 }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderProvider('/home');
    expect(await screen.findByText('Sin conexión', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('You are offline')).toBeTruthy();
  });
});
