// The program's content for the life of the page (spec section 7): what the page's first script fetched, the texts of
// a language chosen later, the feature toggles read again at most once a minute. A plain store read with
// useSyncExternalStore: the login route carries no query library (decision 028).
import type { Language } from '@portal/contracts/enums';
import {
  fetchFeatures,
  loadedOf,
  programFiles,
  startProgramBoot,
  type Loaded,
  type ParsedTexts,
  type ProgramBoot,
  type ProgramInfo,
} from './program-content.ts';

/** Toggles may change while a patient uses the portal: read again at most once a minute, on navigation. */
const FEATURES_STALE_MS = 60_000;

interface ProgramState {
  /** Undefined until the first answer. */
  program?: Loaded<ProgramInfo>;
  texts: Partial<Record<Language, Loaded<ParsedTexts>>>;
  files: Omit<ProgramBoot['files'], 'texts'>;
}

let state: ProgramState = { texts: {}, files: {} };
const listeners = new Set<() => void>();
const textsLoading = new Set<Language>();
let featuresReadAt = 0;
let featuresLoading = false;
/** After reset(): the next load fetches again instead of taking the page's first fetch. */
let fresh = false;

function update(next: ProgramState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const programStore = {
  get: (): ProgramState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Takes what the page's first script fetched (main.tsx, before the first render). */
  accept(boot: ProgramBoot): void {
    const { texts, features, ...files } = boot.files;
    if (features?.ok) featuresReadAt = Date.now();
    update({
      program: boot.program,
      texts: texts ? { ...state.texts, [boot.language]: texts } : state.texts,
      files: { ...files, features },
    });
  },
  /** Fetches everything (again, after a failure, when `again`). */
  async load(language: Language, again = false): Promise<void> {
    const boot = startProgramBoot(language, again || fresh);
    fresh = false;
    programStore.accept(await boot);
  },
  /** Fetches the texts of a language not read yet (the language toggle, the profile). */
  ensureTexts(language: Language, again = false): void {
    const slug = state.program?.ok ? state.program.value.slug : undefined;
    if (!slug || textsLoading.has(language) || (state.texts[language] && !again)) return;
    textsLoading.add(language);
    void loadedOf(() => programFiles.texts(slug, language)).then((texts) => {
      textsLoading.delete(language);
      update({ ...state, texts: { ...state.texts, [language]: texts } });
    });
  },
  /** Forgets everything (each test starts from an empty page). */
  reset(): void {
    textsLoading.clear();
    featuresReadAt = 0;
    featuresLoading = false;
    fresh = true;
    update({ texts: {}, files: {} });
  },
  /** Reads the feature toggles again when they are over a minute old (which also brings the server's version). */
  refreshFeatures(): void {
    if (featuresLoading || Date.now() - featuresReadAt < FEATURES_STALE_MS) return;
    featuresLoading = true;
    void loadedOf(() => fetchFeatures()).then((features) => {
      featuresLoading = false;
      if (features.ok) featuresReadAt = Date.now();
      // A failed re-read keeps the toggles the page has.
      if (features.ok || !state.files.features?.ok) update({ ...state, files: { ...state.files, features } });
    });
  },
};
