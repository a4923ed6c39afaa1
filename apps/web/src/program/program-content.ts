// The program's content as it is fetched (spec section 7): the merged plan and branding from the API, the texts and
// the static files with ?ts. No React and no query library here: the page's first script (boot.ts) starts these
// fetches when the frame has painted, in parallel with the app's scripts, and program-store.ts keeps what arrived
// for the page's life (decision 028).
import type { z } from 'zod';
import type { Language } from '@portal/contracts/enums';
import type { MessageFormatElement } from 'react-intl';
import type {
  Footer,
  LoginConfig,
  Navigation,
  Phones,
  ProgramConfig,
  Whitelist,
} from '@portal/contracts/program-files';
import type { BrandingResponseSchema, ProgramPlanResponseSchema } from '@portal/contracts/resources';
import { api } from '../lib/api.ts';
import { ApiError, type createApiClient } from '../lib/api-client.ts';

/** The `ts` of this page's program requests: fresh content per visit, cached within it. */
const TS = Date.now();

type Branding = z.infer<typeof BrandingResponseSchema>['data'];
export type ProgramInfo = z.infer<typeof ProgramPlanResponseSchema>['data'] &
  Pick<Branding, 'logoUrl' | 'mark' | 'iconUrl' | 'colors'>;

/** A program's texts, each message as its parsed ICU syntax tree (apps/api's program-texts.ts). */
export type ParsedTexts = Record<string, MessageFormatElement[]>;

interface FeatureToggles {
  featureToggles: Record<string, boolean>;
}

/**
 * Where the program's content comes from: the browser's API client and fetch, or, when the server renders a public
 * page (entry-server.tsx, decision 029), the same requests answered inside the server — one list of requests and one
 * reading of their answers for both.
 */
export interface ProgramSource {
  api: Pick<ReturnType<typeof createApiClient>, 'get'>;
  fetch: typeof fetch;
  /** The `ts` of the program files' requests. */
  ts: number;
}

const browserSource: ProgramSource = { api, fetch: (...args) => fetch(...args), ts: TS };

async function fetchProgram(source: ProgramSource = browserSource): Promise<ProgramInfo> {
  const [plan, branding] = await Promise.all([
    // Not parsed again here: the server's answers pass its zod serializer, and zod would weigh on every route (decision 021).
    source.api.get<z.infer<typeof ProgramPlanResponseSchema>['data']>('/api/v1/resource/support/plan'),
    source.api.get<Branding>('/api/v1/resource/branding'),
  ]);
  return {
    ...plan,
    logoUrl: branding.logoUrl,
    mark: branding.mark,
    iconUrl: branding.iconUrl,
    colors: branding.colors,
  };
}

export function fetchFeatures(source: ProgramSource = browserSource): Promise<FeatureToggles> {
  return source.api.get<FeatureToggles>('/api/v1/resource/features');
}

/**
 * A program file as served. Not parsed with the contracts' zod schemas in the browser: `npm run check:programs` checks
 * every file against them before it ships, and zod would be a fifth of the JavaScript of every route (decision 021).
 */
async function fetchProgramFile<T>(slug: string, file: string, source: ProgramSource = browserSource): Promise<T> {
  let response: Response;
  try {
    response = await source.fetch(`/program/${slug}/${file}?ts=${source.ts}`, {
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    throw new ApiError(0, { cause: String(cause) });
  }
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return (await response.json()) as T;
}

/** config.json with the one default its schema gives (`instances`). */
async function fetchProgramConfig(slug: string, source?: ProgramSource): Promise<ProgramConfig> {
  const config = await fetchProgramFile<Omit<ProgramConfig, 'instances'> & { instances?: ProgramConfig['instances'] }>(
    slug,
    'configuration/config.json',
    source,
  );
  return { ...config, instances: config.instances ?? [] };
}

/** Every file of a program the page reads, by name: one list for the queries and for the first fetch. */
export const programFiles = {
  texts: (slug: string, language: Language, source?: ProgramSource) =>
    fetchProgramFile<ParsedTexts>(slug, `messages/text-${language}.json`, source),
  config: (slug: string, source?: ProgramSource) => fetchProgramConfig(slug, source),
  footer: (slug: string, source?: ProgramSource) => fetchProgramFile<Footer>(slug, 'configuration/footer.json', source),
  loginConfig: (slug: string, source?: ProgramSource) =>
    fetchProgramFile<LoginConfig>(slug, 'configuration/login.json', source),
  whitelist: (slug: string, source?: ProgramSource) =>
    fetchProgramFile<Whitelist>(slug, 'configuration/whitelist.json', source),
  phones: (slug: string, source?: ProgramSource) => fetchProgramFile<Phones>(slug, 'phones/phones.json', source),
  navigation: (slug: string, source?: ProgramSource) =>
    fetchProgramFile<Navigation>(slug, 'navigation/navigation.json', source),
};

type FileName = keyof typeof programFiles;
type FileContent<K extends FileName> = Awaited<ReturnType<(typeof programFiles)[K]>>;

/** The program's files besides its texts, each as `programFiles` fetches it. */
export type ProgramFiles = { [K in Exclude<FileName, 'texts'>]: FileContent<K> };

/** One resource as it ended: its content, or the error of its last try. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface ProgramBoot {
  /** The plan and branding, or why they could not be loaded (the provider then shows the boot failure with Retry). */
  program: Loaded<ProgramInfo>;
  language: Language;
  /** Each file of the program (the texts in `language`) and the feature toggles; absent when the program failed. */
  files: Partial<
    { [K in Exclude<FileName, 'texts'>]: Loaded<FileContent<K>> } & {
      texts: Loaded<ParsedTexts>;
      features: Loaded<FeatureToggles>;
    }
  >;
}

export const valueOf = <T>(loaded: Loaded<T> | undefined): T | undefined => (loaded?.ok ? loaded.value : undefined);

/** Runs `load`, and once more if it fails (a phone's connection drops a request now and then). */
export async function loadedOf<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { ok: true, value: await load() };
    } catch (error) {
      if (attempt === 2) return { ok: false, error };
    }
  }
}

let boot: Promise<ProgramBoot> | undefined;

/**
 * Starts fetching everything the first screen needs, at once: the program (plan and branding), and in parallel, when
 * the server named the program in the page (`<meta name="program">`), its texts and files. Without that name (the
 * service worker's offline copy of the page) the files wait for the plan's slug. The first call starts it; later
 * calls return the same fetch, unless `again` (Retry after a failure).
 */
export function startProgramBoot(language: Language, again = false): Promise<ProgramBoot> {
  if (again || !boot)
    boot = loadProgramBoot(language, document.querySelector<HTMLMetaElement>('meta[name="program"]')?.content);
  return boot;
}

/** Everything the first screen needs, from `source` (the browser's, or the server's for a page it renders). */
export async function loadProgramBoot(
  language: Language,
  named: string | undefined,
  source: ProgramSource = browserSource,
): Promise<ProgramBoot> {
  const program = loadedOf(() => fetchProgram(source));
  const slug = named || valueOf(await program)?.slug;
  const files = slug ? fetchFilesOf(slug, language, source) : Promise.resolve({});
  const [info, content] = await Promise.all([program, files]);
  // A page that named another program than the API answers for (never, unless the host changed) takes nothing.
  return { program: info, language, files: info.ok && info.value.slug === slug ? content : {} };
}

async function fetchFilesOf(slug: string, language: Language, source: ProgramSource): Promise<ProgramBoot['files']> {
  const texts = loadedOf(() => programFiles.texts(slug, language, source));
  // The other requests in a task of their own: the first fetches of a page are slow to start (a phone's CPU).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const [config, footer, loginConfig, whitelist, phones, navigation, features] = await Promise.all([
    loadedOf(() => programFiles.config(slug, source)),
    loadedOf(() => programFiles.footer(slug, source)),
    loadedOf(() => programFiles.loginConfig(slug, source)),
    loadedOf(() => programFiles.whitelist(slug, source)),
    loadedOf(() => programFiles.phones(slug, source)),
    loadedOf(() => programFiles.navigation(slug, source)),
    loadedOf(() => fetchFeatures(source)),
  ]);
  return { texts: await texts, config, footer, loginConfig, whitelist, phones, navigation, features };
}
