// Loads the program's content and gives it to every screen; each resource has its loaded flag (spec section 4).
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Footer, LoginConfig, Navigation, Phones, ProgramConfig, Whitelist } from '@portal/contracts/program-files';
import { useLanguage } from '../lib/language.tsx';
import { ApiError } from '../lib/api-client.ts';
import { appVersion } from '../lib/app-version.ts';
import { INTL_LOCALES } from '../lib/intl-locales.ts';
import { logger } from '../lib/logger.ts';
import { BootFailure } from '../components/errors/boot-failure.tsx';
import { programQueries, type ParsedTexts, type ProgramInfo } from './program-api.ts';

export interface ProgramContent {
  program: ProgramInfo;
  texts: ParsedTexts;
  config?: ProgramConfig;
  footer?: Footer;
  navigation?: Navigation;
  phones?: Phones;
  loginConfig?: LoginConfig;
  whitelist?: Whitelist;
  featureToggles?: Record<string, boolean>;
  loaded: { program: boolean; texts: boolean; config: boolean; footer: boolean; navigation: boolean; phones: boolean; loginConfig: boolean; whitelist: boolean };
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
    if (error) logger.warning(`program resource failed to load: ${name}`, { resource: name, status: error instanceof ApiError ? error.status : null });
  }, [name, error]);
}

function applyBranding(program: ProgramInfo) {
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(program.colors)) {
    style.setProperty(`--brand-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value);
  }
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', program.colors.primary);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = program.logoUrl;
}

export function ProgramProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const programQuery = useQuery(programQueries.program());
  const slug = programQuery.data?.slug ?? '';
  const enabled = { enabled: Boolean(slug) };
  const textsQuery = useQuery({ ...programQueries.texts(slug, language), ...enabled });
  const configQuery = useQuery({ ...programQueries.config(slug), ...enabled });
  const footerQuery = useQuery({ ...programQueries.footer(slug), ...enabled });
  const navigationQuery = useQuery({ ...programQueries.navigation(slug), ...enabled });
  const phonesQuery = useQuery({ ...programQueries.phones(slug), ...enabled });
  const loginQuery = useQuery({ ...programQueries.loginConfig(slug), ...enabled });
  const whitelistQuery = useQuery({ ...programQueries.whitelist(slug), ...enabled });
  const featuresQuery = useQuery(programQueries.features());

  useLoggedFailure('config', configQuery.error);
  useLoggedFailure('footer', footerQuery.error);
  useLoggedFailure('navigation', navigationQuery.error);
  useLoggedFailure('phones', phonesQuery.error);
  useLoggedFailure('login', loginQuery.error);
  useLoggedFailure('whitelist', whitelistQuery.error);
  useLoggedFailure('features', featuresQuery.error);

  useEffect(() => {
    if (!programQuery.data) return;
    applyBranding(programQuery.data);
    appVersion.setStrategy(programQuery.data.updateStrategy);
  }, [programQuery.data]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const bootError = programQuery.error ?? textsQuery.error;
  if (bootError) {
    const offline = bootError instanceof ApiError && bootError.status === 0;
    return <BootFailure offline={offline} onRetry={() => void (programQuery.error ? programQuery.refetch() : textsQuery.refetch())} />;
  }
  if (!programQuery.data || !textsQuery.data) {
    return <div className="boot-loading" role="status" aria-live="polite"><span className="spinner" aria-hidden="true" /><span className="visually-hidden">Cargando / Loading</span></div>;
  }

  const content: ProgramContent = {
    program: programQuery.data,
    texts: textsQuery.data,
    config: configQuery.data,
    footer: footerQuery.data,
    navigation: navigationQuery.data,
    phones: phonesQuery.data,
    loginConfig: loginQuery.data,
    whitelist: whitelistQuery.data,
    featureToggles: featuresQuery.data?.featureToggles,
    loaded: {
      program: programQuery.isSuccess,
      texts: textsQuery.isSuccess,
      config: configQuery.isSuccess,
      footer: footerQuery.isSuccess,
      navigation: navigationQuery.isSuccess,
      phones: phonesQuery.isSuccess,
      // Login configuration and whitelist flags become false on failure (spec section 4).
      loginConfig: loginQuery.isSuccess,
      whitelist: whitelistQuery.isSuccess,
    },
  };
  return (
    <ProgramContext.Provider value={content}>
      <IntlProvider
        locale={INTL_LOCALES[language]}
        defaultLocale={INTL_LOCALES.es}
        messages={textsQuery.data}
        onError={(error) => logger.warning(`intl: ${error.code}`)}
      >
        {children}
      </IntlProvider>
    </ProgramContext.Provider>
  );
}
