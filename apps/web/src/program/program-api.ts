// Program content (spec section 7): the merged plan + branding from the API, and the static files with ?ts.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/contracts/enums';
import { fetchFeatures, fetchProgram, programFiles, type ProgramBoot } from './program-content.ts';

export type { ParsedTexts, ProgramInfo } from './program-content.ts';

const STATIC = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

export const programQueries = {
  program: () => queryOptions({ queryKey: ['program'], queryFn: fetchProgram, ...STATIC }),
  // The texts as parsed ICU messages (the server parses texts/text-<lang>.json): no ICU parser in the browser (decision 023).
  texts: (slug: string, language: Language) =>
    queryOptions({ queryKey: ['program', slug, 'texts', language], queryFn: () => programFiles.texts(slug, language), ...STATIC }),
  config: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'config'], queryFn: () => programFiles.config(slug), ...STATIC }),
  footer: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'footer'], queryFn: () => programFiles.footer(slug), ...STATIC }),
  loginConfig: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'login'], queryFn: () => programFiles.loginConfig(slug), ...STATIC }),
  whitelist: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'whitelist'], queryFn: () => programFiles.whitelist(slug), ...STATIC }),
  phones: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'phones'], queryFn: () => programFiles.phones(slug), ...STATIC }),
  navigation: (slug: string) =>
    queryOptions({ queryKey: ['program', slug, 'navigation'], queryFn: () => programFiles.navigation(slug), ...STATIC }),
  features: () =>
    queryOptions({
      queryKey: ['features'],
      queryFn: fetchFeatures,
      // Toggles may change while a patient uses the portal: re-read at most once a minute on navigation.
      staleTime: 60_000,
    }),
};

/**
 * Puts what the page's first script fetched (program-content.ts) into the query cache before the first render, so
 * that the first render has the program, its texts and files: no render of the whole page again as each arrives.
 * What failed is left out; its query asks again when a screen needs it.
 */
export function seedProgramQueries(client: QueryClient, boot: ProgramBoot): void {
  const { program, language, files } = boot;
  if (!program) return;
  const slug = program.slug;
  client.setQueryData(programQueries.program().queryKey, program);
  if (files.texts) client.setQueryData(programQueries.texts(slug, language).queryKey, files.texts);
  if (files.config) client.setQueryData(programQueries.config(slug).queryKey, files.config);
  if (files.footer) client.setQueryData(programQueries.footer(slug).queryKey, files.footer);
  if (files.loginConfig) client.setQueryData(programQueries.loginConfig(slug).queryKey, files.loginConfig);
  if (files.whitelist) client.setQueryData(programQueries.whitelist(slug).queryKey, files.whitelist);
  if (files.phones) client.setQueryData(programQueries.phones(slug).queryKey, files.phones);
  if (files.navigation) client.setQueryData(programQueries.navigation(slug).queryKey, files.navigation);
  if (files.features) client.setQueryData(programQueries.features().queryKey, files.features);
}
