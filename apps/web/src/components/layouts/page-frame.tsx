// The real page frame: header (logo, navigation, language toggle), the page title, and the footer.
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { useLocation } from 'react-router';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { isFeatureEnabled } from '../../lib/features.ts';
import { useSession } from '../../lib/session-hooks.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

function LanguageToggle() {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const target = language === 'es' ? 'en' : 'es';
  return (
    <Button className="button button--ghost language-toggle" onPress={() => setLanguage(target)}>
      <span lang={target}>{t('language.toggle')}</span>
    </Button>
  );
}

function Header({ banner }: { banner?: ReactNode }) {
  const { program, navigation, featureToggles } = useProgram();
  const { language } = useLanguage();
  const session = useSession();
  const location = useLocation();
  const t = useT();
  const items = (navigation?.main ?? []).filter((item) => !item.feature || isFeatureEnabled(item.feature, featureToggles));
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="site-header__bar">
        <Link className="brand" href={pathInLanguage(language, session ? paths.home : paths.login)}>
          <img className="brand__logo" src={program.logoUrl} alt="" width={40} height={40} />
          <span className="brand__name">{program.name}</span>
        </Link>
        <LanguageToggle />
      </div>
      {session && items.length > 0 ? (
        <nav className="site-nav" aria-label={t('app.mainNavigation')}>
          <ul>
            {items.map((item) => {
              const href = pathInLanguage(language, item.path);
              const current = location.pathname === href || location.pathname.startsWith(`${href}/`);
              return (
                <li key={item.id}>
                  <Link href={href} className="site-nav__link" aria-current={current ? 'page' : undefined}>
                    {t(item.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {banner}
    </header>
  );
}

function Footer() {
  const { footer } = useProgram();
  const t = useT();
  return (
    <footer className="site-footer">
      {footer ? (
        <>
          <ul className="site-footer__links">
            {footer.links.map((link) => (
              <li key={link.labelKey}>
                <a href={link.href} {...(link.external && !link.href.startsWith('mailto:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {t(link.labelKey)}
                </a>
              </li>
            ))}
          </ul>
          <p>{t(footer.legalKey)}</p>
        </>
      ) : null}
    </footer>
  );
}

export function PageFrame({ title, children, banner }: { title: string; children?: ReactNode; banner?: ReactNode }) {
  const { program } = useProgram();
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  useEffect(() => {
    document.title = `${title} · ${program.name}`;
  }, [title, program.name]);
  useEffect(() => {
    // After a client navigation, move focus to the new page's title so screen readers announce it.
    if (window.history.state?.idx > 0) heading.current?.focus();
  }, [location.pathname]);
  return (
    <div className="app-shell">
      <Header banner={banner} />
      <main id="main" className="page">
        <h1 ref={heading} tabIndex={-1} className="page__title">
          {title}
        </h1>
        {children}
      </main>
      <Footer />
    </div>
  );
}
