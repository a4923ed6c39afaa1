// Program content (spec section 7): the merged plan + branding from the API, and the static files with ?ts.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Language } from '@portal/contracts/enums';
import type { MessageFormatElement } from 'react-intl';
import type { Footer, LoginConfig, Navigation, Phones, ProgramConfig, Whitelist } from '@portal/contracts/program-files';
import type { BrandingResponseSchema, ProgramPlanResponseSchema } from '@portal/contracts/resources';
import { api } from '../lib/api.ts';
import { ApiError } from '../lib/api-client.ts';

/** The `ts` of this page's program requests: fresh content per visit, cached within it. */
const TS = Date.now();

export type ProgramInfo = z.infer<typeof ProgramPlanResponseSchema>['data'] & {
  logoUrl: string;
  colors: z.infer<typeof BrandingResponseSchema>['data']['colors'];
};

async function fetchProgram(): Promise<ProgramInfo> {
  const [plan, branding] = await Promise.all([
    // Not parsed again here: the server's answers pass its zod serializer, and zod would weigh on every route (decision 021).
    api.get<z.infer<typeof ProgramPlanResponseSchema>['data']>('/api/v1/resource/support/plan'),
    api.get<z.infer<typeof BrandingResponseSchema>['data']>('/api/v1/resource/branding'),
  ]);
  return { ...plan, logoUrl: branding.logoUrl, colors: branding.colors };
}

/**
 * A program file as served. Not parsed with the contracts' zod schemas in the browser: `npm run check:programs` checks
 * every file against them before it ships, and zod would be a fifth of the JavaScript of every route (decision 021).
 */
async function fetchProgramFile<T>(slug: string, file: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/program/${slug}/${file}?ts=${TS}`, { headers: { accept: 'application/json' } });
  } catch (cause) {
    throw new ApiError(0, { cause: String(cause) });
  }
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return (await response.json()) as T;
}

/** config.json with the one default its schema gives (`instances`). */
async function fetchProgramConfig(slug: string): Promise<ProgramConfig> {
  const config = await fetchProgramFile<Omit<ProgramConfig, 'instances'> & { instances?: ProgramConfig['instances'] }>(slug, 'configuration/config.json');
  return { ...config, instances: config.instances ?? [] };
}

/** A program's texts, each message as its parsed ICU syntax tree (apps/api's program-texts.ts). */
export type ParsedTexts = Record<string, MessageFormatElement[]>;

const STATIC = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

export const programQueries = {
  program: () => queryOptions({ queryKey: ['program'], queryFn: fetchProgram, ...STATIC }),
  // The texts as parsed ICU messages (the server parses texts/text-<lang>.json): no ICU parser in the browser (decision 023).
  texts: (slug: string, language: Language) =>
    queryOptions({ queryKey: ['program', slug, 'texts', language], queryFn: () => fetchProgramFile<ParsedTexts>(slug, `messages/text-${language}.json`), ...STATIC }),
  config: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'config'], queryFn: () => fetchProgramConfig(slug), ...STATIC }),
  footer: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'footer'], queryFn: () => fetchProgramFile<Footer>(slug, 'configuration/footer.json'), ...STATIC }),
  loginConfig: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'login'], queryFn: () => fetchProgramFile<LoginConfig>(slug, 'configuration/login.json'), ...STATIC }),
  whitelist: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'whitelist'], queryFn: () => fetchProgramFile<Whitelist>(slug, 'configuration/whitelist.json'), ...STATIC }),
  phones: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'phones'], queryFn: () => fetchProgramFile<Phones>(slug, 'phones/phones.json'), ...STATIC }),
  navigation: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'navigation'], queryFn: () => fetchProgramFile<Navigation>(slug, 'navigation/navigation.json'), ...STATIC }),
  features: () =>
    queryOptions({
      queryKey: ['features'],
      queryFn: () => api.get<{ featureToggles: Record<string, boolean> }>('/api/v1/resource/features'),
      // Toggles may change while a patient uses the portal: re-read at most once a minute on navigation.
      staleTime: 60_000,
    }),
};
