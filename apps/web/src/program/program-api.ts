// Program content (spec section 7): the merged plan + branding from the API, and the static files with ?ts.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Language } from '@portal/contracts/enums';
import {
  FooterSchema,
  LoginConfigSchema,
  NavigationSchema,
  PhonesSchema,
  ProgramConfigSchema,
  TextsSchema,
  WhitelistSchema,
} from '@portal/contracts/program-files';
import { BrandingResponseSchema, ProgramPlanResponseSchema } from '@portal/contracts/resources';
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
    api.get('/api/v1/resource/support/plan', { schema: ProgramPlanResponseSchema.shape.data }),
    api.get('/api/v1/resource/branding', { schema: BrandingResponseSchema.shape.data }),
  ]);
  return { ...plan, logoUrl: branding.logoUrl, colors: branding.colors };
}

async function fetchProgramFile<T>(slug: string, file: string, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/program/${slug}/${file}?ts=${TS}`, { headers: { accept: 'application/json' } });
  } catch (cause) {
    throw new ApiError(0, { cause: String(cause) });
  }
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return schema.parse(await response.json());
}

const STATIC = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

export const programQueries = {
  program: () => queryOptions({ queryKey: ['program'], queryFn: fetchProgram, ...STATIC }),
  texts: (slug: string, language: Language) =>
    queryOptions({ queryKey: ['program', slug, 'texts', language], queryFn: () => fetchProgramFile(slug, `texts/text-${language}.json`, TextsSchema), ...STATIC }),
  config: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'config'], queryFn: () => fetchProgramFile(slug, 'configuration/config.json', ProgramConfigSchema), ...STATIC }),
  footer: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'footer'], queryFn: () => fetchProgramFile(slug, 'configuration/footer.json', FooterSchema), ...STATIC }),
  loginConfig: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'login'], queryFn: () => fetchProgramFile(slug, 'configuration/login.json', LoginConfigSchema), ...STATIC }),
  whitelist: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'whitelist'], queryFn: () => fetchProgramFile(slug, 'configuration/whitelist.json', WhitelistSchema), ...STATIC }),
  phones: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'phones'], queryFn: () => fetchProgramFile(slug, 'phones/phones.json', PhonesSchema), ...STATIC }),
  navigation: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'navigation'], queryFn: () => fetchProgramFile(slug, 'navigation/navigation.json', NavigationSchema), ...STATIC }),
  features: () =>
    queryOptions({
      queryKey: ['features'],
      queryFn: () => api.get<{ featureToggles: Record<string, boolean> }>('/api/v1/resource/features'),
      // Toggles may change while a patient uses the portal: re-read at most once a minute on navigation.
      staleTime: 60_000,
    }),
};
