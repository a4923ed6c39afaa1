// The page frame of every screen: header (logo and name, navigation on desktop, help, language), the page's
// title, the footer with the call-center phones, and on phones the navigation as a bottom tab bar.
// The frame holds no react-aria: its links are the router's, its buttons native, and the help popover and the
// 'More' menu load on the first press of their button (frame-overlays.tsx; decision 023).
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { isFeatureEnabled } from '../../lib/features.ts';
import { useSession } from '../../lib/session-hooks.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { NavIcon } from '../ui/nav-icon.tsx';
import { HelpPhones, type HelpCountry } from './help-phones.tsx';

const HelpPopover = lazy(() => import('./frame-overlays.tsx').then((module) => ({ default: module.HelpPopover })));
const MoreMenu = lazy(() => import('./frame-overlays.tsx').then((module) => ({ default: module.MoreMenu })));

/** A bottom tab bar holds this many tabs (each about 97 px wide on a 390 px phone, room for a two-word label): the first three sections and "More", a menu of the rest and "Log out". */
const MAX_TABS = 4;

/**
 * A real link to this page in the other language, which the app follows without reloading: on the server-rendered
 * login screen it works before the app has loaded (decision 052).
 */
function LanguageToggle() {
  const { language, setLanguage } = useLanguage();
  // Signed in, the switch is the patient's language from now on, for the mails too (issue 38).
  const session = useSession();
  const location = useLocation();
  const t = useT();
  const target = language === 'es' ? 'en' : 'es';
  return (
    <a
      className="language-toggle"
      href={`${pathInLanguage(target, location.pathname)}${location.search}${location.hash}`}
      hrefLang={target}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        setLanguage(target, Boolean(session));
      }}
    >
      <span lang={target}>{t('language.toggle')}</span>
    </a>
  );
}

/** The footer's call-center phones: where the help link leads before the app can open its popover (decision 052). */
export const HELP_PHONES_ID = 'help-phones';

/**
 * A plain button that opens an overlay: its open state for assistive technology, and how the overlay should take
 * focus (the first item when opened from the keyboard, as react-aria's MenuTrigger does; the overlay itself otherwise).
 */
function useOverlayButton<T extends HTMLElement = HTMLButtonElement>() {
  const ref = useRef<T>(null);
  const [open, setOpen] = useState<false | true | 'first' | 'last'>(false);
  const show = (focus: true | 'first' | 'last') => {
    // Safari does not focus a pressed button: the overlay returns focus to what had it when it opened.
    ref.current?.focus();
    setOpen(focus);
  };
  return { ref, open, close: () => setOpen(false), show };
}

/**
 * "Help": a link to the footer's phones, which the app turns into the help popover. Before the app has loaded (the
 * server-rendered login screen, decision 052) the link itself answers the first tap: the phones are on the page.
 */
function HelpMenu({ help }: { help: HelpCountry }) {
  const t = useT();
  const button = useOverlayButton<HTMLAnchorElement>();
  return (
    <>
      <a
        ref={button.ref}
        href={`#${HELP_PHONES_ID}`}
        className="help-button"
        aria-haspopup="dialog"
        aria-expanded={Boolean(button.open)}
        onClick={(event) => {
          event.preventDefault();
          button.show(true);
        }}
      >
        <NavIcon name="help" />
        <span>{t('app.help')}</span>
      </a>
      {button.open ? (
        <Suspense fallback={null}>
          <HelpPopover triggerRef={button.ref} onClose={button.close} help={help} />
        </Suspense>
      ) : null}
    </>
  );
}

/** `markCurrent` false: no item is the current one (a 'page not found' belongs to no section). */
function useNavigationItems(markCurrent: boolean) {
  const { navigation, featureToggles } = useProgram();
  const { language } = useLanguage();
  const location = useLocation();
  return (navigation?.main ?? [])
    .filter((item) => !item.feature || isFeatureEnabled(item.feature, featureToggles))
    .map((item) => {
      const href = pathInLanguage(language, item.path);
      const isCurrent = markCurrent && (location.pathname === href || location.pathname.startsWith(`${href}/`));
      return { ...item, href, isCurrent };
    });
}

/** 'Log out' as a navigation item: the last entry of the phone's 'More' menu and of the desktop navigation. */
function useLogoutItem() {
  const { language } = useLanguage();
  return {
    id: 'logout',
    labelKey: 'nav.logout',
    path: paths.logout,
    href: pathInLanguage(language, paths.logout),
    isCurrent: false,
  };
}

export type NavigationItem = ReturnType<typeof useNavigationItems>[number];
type Item = NavigationItem;

function NavLink({ item, className }: { item: Item; className: string }) {
  const t = useT();
  return (
    <Link to={item.href} className={className} aria-current={item.isCurrent ? 'page' : undefined}>
      <NavIcon name={item.id} />
      <span className={`${className}-label`}>{t(item.labelKey)}</span>
    </Link>
  );
}

function TopNavigation({ items }: { items: Item[] }) {
  const t = useT();
  const logout = useLogoutItem();
  return (
    <nav className="top-nav" aria-label={t('app.mainNavigation')}>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <NavLink item={item} className="top-nav__link" />
          </li>
        ))}
        <li className="top-nav__end">
          <NavLink item={logout} className="top-nav__link" />
        </li>
      </ul>
    </nav>
  );
}

function TabBar({ items }: { items: Item[] }) {
  const t = useT();
  // 'More' is always there for a patient: it holds 'Log out' (decision 054), after the sections that do not fit.
  const tabs = items.slice(0, MAX_TABS - 1);
  const rest = [...items.slice(tabs.length), useLogoutItem()];
  const restIsCurrent = rest.some((item) => item.isCurrent);
  const more = useOverlayButton();
  return (
    <nav className="tab-bar" aria-label={t('app.mainNavigation')}>
      <ul>
        {tabs.map((item) => (
          <li key={item.id}>
            <NavLink item={item} className="tab-bar__link" />
          </li>
        ))}
        {rest.length > 0 ? (
          <li>
            <button
              ref={more.ref}
              type="button"
              className="tab-bar__link"
              data-current={restIsCurrent || undefined}
              aria-haspopup="menu"
              aria-expanded={Boolean(more.open)}
              onClick={(event) => more.show(event.detail === 0 ? 'first' : true)}
              onKeyDown={(event) => {
                // As react-aria's MenuTrigger: the arrow keys open the menu on its first or last item.
                if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
                event.preventDefault();
                more.show(event.key === 'ArrowDown' ? 'first' : 'last');
              }}
            >
              <NavIcon name="more" />
              <span className="tab-bar__link-label">{t('nav.more')}</span>
            </button>
            {more.open ? (
              <Suspense fallback={null}>
                <MoreMenu triggerRef={more.ref} onClose={more.close} items={rest} focus={more.open} />
              </Suspense>
            ) : null}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function Header({
  banner,
  help,
  items,
  brandHref,
}: {
  banner?: ReactNode;
  help: HelpCountry;
  items: Item[];
  brandHref?: string;
}) {
  const { program } = useProgram();
  const { language } = useLanguage();
  const session = useSession();
  const t = useT();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="site-header__bar">
        <Link className="brand" to={brandHref ?? pathInLanguage(language, session ? paths.home : paths.login)}>
          {/* The logo is the program's mark (a PNG, decision 032); its name is the text beside it (the link's name). */}
          <img
            className="brand__logo"
            src={program.mark.url}
            alt=""
            width={program.mark.width}
            height={program.mark.height}
          />
          <span className="brand__name">{program.name}</span>
        </Link>
        {items.length > 0 ? <TopNavigation items={items} /> : null}
        <div className="site-header__tools">
          <HelpMenu help={help} />
          <LanguageToggle />
        </div>
      </div>
      {banner}
    </header>
  );
}

function Footer({ help }: { help: HelpCountry }) {
  const { footer } = useProgram();
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section id={HELP_PHONES_ID} className="site-footer__help" aria-labelledby="footer-help-title">
          <h2 id="footer-help-title" className="site-footer__title">
            {t('phones.title')}
          </h2>
          <HelpPhones help={help} />
        </section>
        {footer ? (
          <>
            <ul className="site-footer__links" aria-label={t('footer.navigation')}>
              {footer.links.map((link) => (
                <li key={link.labelKey}>
                  <a
                    href={link.href}
                    {...(link.external && !link.href.startsWith('mailto:')
                      ? { target: '_blank', rel: 'noopener noreferrer' }
                      : {})}
                  >
                    {t(link.labelKey)}
                  </a>
                </li>
              ))}
            </ul>
            <p>{t(footer.legalKey)}</p>
          </>
        ) : null}
      </div>
    </footer>
  );
}

export interface PageFrameProps {
  /** The page's h1 and the document title. */
  title: string;
  children?: ReactNode;
  /** Drawn under the header bar (the logged-in ribbon). */
  banner?: ReactNode;
  /** Whose call-center phones the help shows (default: a visitor's, every country). */
  help?: HelpCountry;
  /** One sentence under the title. */
  lead?: ReactNode;
  /** Beside the title on desktop, under it on phones (e.g. an 'Add treatment' link). */
  actions?: ReactNode;
  /** A link back to the parent screen, above the title. */
  back?: { href: string; label: string };
  /** The navigation shows only when a patient is logged in; screens of a visitor pass false. */
  showNavigation?: boolean;
  /** False on a screen of no section ('page not found'): no navigation item is marked as the current one. */
  markCurrent?: boolean;
  /** Where the program's brand leads (default: the patient's home, or the login for a visitor). */
  brandHref?: string;
}

export function PageFrame({
  title,
  children,
  banner,
  help = { kind: 'visitor' },
  lead,
  actions,
  back,
  showNavigation = true,
  markCurrent = true,
  brandHref,
}: PageFrameProps) {
  const { program } = useProgram();
  const session = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const allItems = useNavigationItems(markCurrent);
  const items = session && showNavigation ? allItems : [];
  useEffect(() => {
    document.title = `${title} · ${program.name}`;
  }, [title, program.name]);
  useEffect(() => {
    // After a client navigation, move focus to the new page's title so screen readers announce it, unless the
    // screen already put it somewhere on purpose (the profile's form opened on the field a link promised).
    const main = heading.current?.closest('main');
    const isPlaced = main?.contains(document.activeElement) && document.activeElement !== main;
    if (window.history.state?.idx > 0 && !isPlaced) heading.current?.focus();
  }, [location.pathname]);
  return (
    <div className={`app-shell${items.length > 0 ? ' app-shell--tabs' : ''}`}>
      <Header banner={banner} help={help} items={items} brandHref={brandHref} />
      <main id="main" className="page">
        {back ? (
          <Link className="back-link" to={back.href}>
            <span aria-hidden="true">‹ </span>
            {back.label}
          </Link>
        ) : null}
        <div className="page__header">
          <h1 ref={heading} tabIndex={-1} className="page__title">
            {title}
          </h1>
          {actions ? <div className="page__actions">{actions}</div> : null}
        </div>
        {lead ? <p className="page__lead">{lead}</p> : null}
        {children}
      </main>
      <Footer help={help} />
      {items.length > 0 ? <TabBar items={items} /> : null}
    </div>
  );
}
