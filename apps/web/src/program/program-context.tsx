// Loads the program's content and gives it to every screen; each resource has its loaded flag (spec section 4).
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useLanguage } from '../lib/language.tsx';
import { ApiError } from '../lib/api-client.ts';
import { appVersion } from '../lib/app-version.ts';
import { INTL_LOCALES } from '../lib/intl-locales.ts';
import { logger } from '../lib/logger.ts';
import { BootFailure } from '../components/errors/boot-failure.tsx';
import { valueOf, type Loaded, type ParsedTexts, type ProgramFiles, type ProgramInfo } from './program-content.ts';
import { programStore } from './program-store.ts';

interface ProgramContent extends Partial<ProgramFiles> {
  program: ProgramInfo;
  texts: ParsedTexts;
  featureToggles?: Record<string, boolean>;
  loaded: {
    program: boolean;
    texts: boolean;
    config: boolean;
    footer: boolean;
    navigation: boolean;
    phones: boolean;
    loginConfig: boolean;
    whitelist: boolean;
  };
}

const ProgramContext = createContext<ProgramContent | null>(null);

export function useProgram(): ProgramContent {
  const content = useContext(ProgramContext);
  if (!content) throw new Error('useProgram outside ProgramProvider');
  return content;
}

function useLoggedFailure(name: string, error: unknown) {
  useEffect(() => {
    // Configuration load failures are only logged (spec section 8); the page goes on without them.
    if (error)
      logger.warning(`program resource failed to load: ${name}`, {
        resource: name,
        status: error instanceof ApiError ? error.status : null,
      });
  }, [name, error]);
}

function applyBranding(program: ProgramInfo) {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(program.colors)) {
    style.setProperty(`--brand-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value);
  }
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', program.colors.primary);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  // The server's page names the program's icon already; the service worker's offline copy names the neutral one.
  if (icon && icon.getAttribute('href') !== program.iconUrl) {
    icon.type = 'image/png';
    icon.href = program.iconUrl;
  }
}

const errorOf = (loaded: Loaded<unknown> | undefined): unknown => (loaded && !loaded.ok ? loaded.error : null);

export function ProgramProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const state = useSyncExternalStore(programStore.subscribe, programStore.get, programStore.get);
  const program = valueOf(state.program);
  const texts = state.texts[language];
  const { config, footer, navigation, phones, loginConfig, whitelist, features } = state.files;

  // main.tsx gives the store what the page's first script fetched before the first render; without it, fetch here.
  useEffect(() => {
    if (!state.program) void programStore.load(language);
  }, [state.program, language]);
  // Another language's texts, once chosen.
  useEffect(() => {
    if (program) programStore.ensureTexts(language);
  }, [program, language]);

  useLoggedFailure('config', errorOf(config));
  useLoggedFailure('footer', errorOf(footer));
  useLoggedFailure('navigation', errorOf(navigation));
  useLoggedFailure('phones', errorOf(phones));
  useLoggedFailure('login', errorOf(loginConfig));
  useLoggedFailure('whitelist', errorOf(whitelist));
  useLoggedFailure('features', errorOf(features));

  useEffect(() => {
    if (!program) return;
    applyBranding(program);
    appVersion.setStrategy(program.updateStrategy);
  }, [program]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const content = useMemo((): ProgramContent | undefined => {
    if (!program || !texts?.ok) return undefined;
    return {
      program,
      texts: texts.value,
      config: valueOf(config),
      footer: valueOf(footer),
      navigation: valueOf(navigation),
      phones: valueOf(phones),
      loginConfig: valueOf(loginConfig),
      whitelist: valueOf(whitelist),
      featureToggles: valueOf(features)?.featureToggles,
      loaded: {
        program: true,
        texts: true,
        config: Boolean(config?.ok),
        footer: Boolean(footer?.ok),
        navigation: Boolean(navigation?.ok),
        phones: Boolean(phones?.ok),
        // Login configuration and whitelist flags become false on failure (spec section 4).
        loginConfig: Boolean(loginConfig?.ok),
        whitelist: Boolean(whitelist?.ok),
      },
    };
  }, [program, texts, config, footer, navigation, phones, loginConfig, whitelist, features]);

  const bootError = errorOf(state.program) ?? errorOf(texts);
  if (bootError) {
    const offline = bootError instanceof ApiError && bootError.status === 0;
    return (
      <BootFailure
        offline={offline}
        onRetry={() => (program ? programStore.ensureTexts(language, true) : void programStore.load(language, true))}
      />
    );
  }
  if (!content) {
    return (
      <div className="boot-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Cargando / Loading</span>
      </div>
    );
  }
  return (
    <ProgramContext.Provider value={content}>
      <IntlProvider
        locale={INTL_LOCALES[language]}
        defaultLocale={INTL_LOCALES.es}
        messages={content.texts}
        onError={(error) => logger.warning(`intl: ${error.code}`)}
      >
        {children}
      </IntlProvider>
    </ProgramContext.Provider>
  );
}
