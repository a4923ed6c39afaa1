// The program's content as it is fetched (spec section 7): the merged plan and branding from the API, the texts and
// the static files with ?ts. No React and no query library here: the page's first script (boot.ts) starts these
// fetches when the frame has painted, in parallel with the app's scripts (decision 027); program-api.ts wraps the same
// fetchers in queries for the screens.
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

/** A program's texts, each message as its parsed ICU syntax tree (apps/api's program-texts.ts). */
export type ParsedTexts = Record<string, MessageFormatElement[]>;

export interface FeatureToggles {
  featureToggles: Record<string, boolean>;
}

export async function fetchProgram(): Promise<ProgramInfo> {
  const [plan, branding] = await Promise.all([
    // Not parsed again here: the server's answers pass its zod serializer, and zod would weigh on every route (decision 021).
    api.get<z.infer<typeof ProgramPlanResponseSchema>['data']>('/api/v1/resource/support/plan'),
    api.get<z.infer<typeof BrandingResponseSchema>['data']>('/api/v1/resource/branding'),
  ]);
  return { ...plan, logoUrl: branding.logoUrl, colors: branding.colors };
}

export function fetchFeatures(): Promise<FeatureToggles> {
  return api.get<FeatureToggles>('/api/v1/resource/features');
}

/**
 * A program file as served. Not parsed with the contracts' zod schemas in the browser: `npm run check:programs` checks
 * every file against them before it ships, and zod would be a fifth of the JavaScript of every route (decision 021).
 */
export async function fetchProgramFile<T>(slug: string, file: string): Promise<T> {
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
export async function fetchProgramConfig(slug: string): Promise<ProgramConfig> {
  const config = await fetchProgramFile<Omit<ProgramConfig, 'instances'> & { instances?: ProgramConfig['instances'] }>(slug, 'configuration/config.json');
  return { ...config, instances: config.instances ?? [] };
}

/** Every file of a program the page reads, by name: one list for the queries and for the first fetch. */
export const programFiles = {
  texts: (slug: string, language: Language) => fetchProgramFile<ParsedTexts>(slug, `messages/text-${language}.json`),
  config: (slug: string) => fetchProgramConfig(slug),
  footer: (slug: string) => fetchProgramFile<Footer>(slug, 'configuration/footer.json'),
  loginConfig: (slug: string) => fetchProgramFile<LoginConfig>(slug, 'configuration/login.json'),
  whitelist: (slug: string) => fetchProgramFile<Whitelist>(slug, 'configuration/whitelist.json'),
  phones: (slug: string) => fetchProgramFile<Phones>(slug, 'phones/phones.json'),
  navigation: (slug: string) => fetchProgramFile<Navigation>(slug, 'navigation/navigation.json'),
};

export interface ProgramBoot {
  /** Absent when it failed: the provider then shows the boot failure with Retry, as before. */
  program?: ProgramInfo;
  language: Language;
  /** What arrived; a file that failed is absent (its query asks again, and its failure is logged there). */
  files: Partial<{ [K in keyof typeof programFiles]: Awaited<ReturnType<(typeof programFiles)[K]>> }> & { features?: FeatureToggles };
}

let boot: Promise<ProgramBoot> | undefined;

const settled = <T,>(promise: Promise<T>): Promise<T | undefined> => promise.catch(() => undefined);

/**
 * Starts fetching everything the first screen needs, at once: the program (plan and branding), and in parallel, when
 * the server named the program in the page (`<meta name="program">`), its texts and files. Without that name (the
 * service worker's offline copy of the page) the files wait for the plan's slug. Called once; later calls return the
 * same fetch.
 */
export function startProgramBoot(language: Language): Promise<ProgramBoot> {
  boot ??= (async () => {
    const named = document.querySelector<HTMLMetaElement>('meta[name="program"]')?.content;
    const program = settled(fetchProgram());
    const slug = named || (await program)?.slug;
    const files = slug ? fetchFilesOf(slug, language) : Promise.resolve({});
    const [info, content] = await Promise.all([program, files]);
    // A page that named another program than the API answers for (never, unless the host changed) takes nothing.
    return { program: info, language, files: info && info.slug === slug ? content : {} };
  })();
  return boot;
}

async function fetchFilesOf(slug: string, language: Language): Promise<ProgramBoot['files']> {
  const texts = settled(programFiles.texts(slug, language));
  // The other requests in a task of their own: the first fetches of a page are slow to start (a phone's CPU).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const [config, footer, loginConfig, whitelist, phones, navigation, features] = await Promise.all([
    settled(programFiles.config(slug)),
    settled(programFiles.footer(slug)),
    settled(programFiles.loginConfig(slug)),
    settled(programFiles.whitelist(slug)),
    settled(programFiles.phones(slug)),
    settled(programFiles.navigation(slug)),
    settled(fetchFeatures()),
  ]);
  return { texts: await texts, config, footer, loginConfig, whitelist, phones, navigation, features };
}
