// The route table of spec section 2, for both languages (es without prefix, en under /en).
// The declarative router, not the data router: the app uses none of its loaders or actions, and it is about 16 KB
// gzip of the login route (decision 029).
import { isValidElement, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { Language } from '@portal/contracts/enums';
import { RouteErrorBoundary } from '../components/errors/route-error.tsx';
import { clearStaleAnnouncements } from '../lib/announcer.ts';
import { hydrated } from '../lib/before-hydration.ts';
import { appVersion } from '../lib/app-version.ts';
import { lazyScreen } from '../lib/lazy.ts';
import { programStore } from '../program/program-store.ts';
import {
  LanguageScope,
  NumericBenefitId,
  PublicOnly,
  RequireAuth,
  RequireFeature,
  SpanishPrefix,
  UnknownPath,
} from './guards.tsx';
import { useLanguage } from '../lib/language.tsx';
import { pathInLanguage, paths } from '../lib/paths.ts';

/**
 * A screen loaded with the providers the screens share (screen-providers.tsx: the query client, the signed-in
 * patient, react-aria's links through the router); none of them is on the login route (decisions 023 and 028).
 */
function lazyScreenWithProviders<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazyScreen<P>(async () => {
    const [screen, providers] = await Promise.all([load(), import('./layouts/screen-providers.tsx')]);
    return { default: providers.withScreenProviders<P>(screen.default) };
  });
}

const HomeScreen = lazyScreenWithProviders(() => import('./routes/home.tsx'));
const TreatmentsScreen = lazyScreenWithProviders(() => import('./routes/treatments.tsx'));
const TreatmentsNewScreen = lazyScreenWithProviders(() => import('./routes/treatments-new.tsx'));
const CaregiverAddScreen = lazyScreenWithProviders(() => import('./routes/caregiver-add.tsx'));
const NotFoundScreen = lazyScreenWithProviders(() => import('./routes/not-found.tsx'));
const FeatureOffScreen = lazyScreenWithProviders(() => import('./routes/feature-off.tsx'));
// The login route loads no react-aria nor query library (decisions 023 and 028): its screen is not wrapped.
const LoginScreen = lazyScreen(() => import('./routes/login.tsx'));
const PasswordRecoverScreen = lazyScreenWithProviders(() => import('./routes/password-recover.tsx'));
const LogoutScreen = lazyScreenWithProviders(() => import('./routes/logout.tsx'));
const SignupScreen = lazyScreenWithProviders(() => import('./routes/signup.tsx'));
const SignupNotMeScreen = lazyScreenWithProviders(() => import('./routes/signup-not-me.tsx'));
const ProfileScreen = lazyScreenWithProviders(() => import('./routes/profile.tsx'));
const BenefitsScreen = lazyScreenWithProviders(() => import('./routes/benefits.tsx'));
const CouponCodeScreen = lazyScreenWithProviders(() => import('./routes/coupon-code.tsx'));
const EmailConfirmScreen = lazyScreenWithProviders(() => import('./routes/email-confirm.tsx'));
const EmailNotMeScreen = lazyScreenWithProviders(() => import('./routes/email-not-me.tsx'));
const CouponScreen = lazyScreenWithProviders(() => import('./routes/coupon.tsx'));
const LearningScreen = lazyScreenWithProviders(() => import('./routes/learning.tsx'));
const BookingScreen = lazyScreenWithProviders(() => import('./routes/booking.tsx'));
const PurchasesScreen = lazyScreenWithProviders(() => import('./routes/purchases.tsx'));
// The pharmacy counter (decision 060): for a pharmacy's staff, outside the patient's guards; no patient screen links it.
const PharmacyScreen = lazyScreenWithProviders(() => import('./routes/pharmacy.tsx'));
// The staff console (decision 072): its own route tree and frame, for the program's staff; no patient screen links it.
const StaffConsoleScreen = lazyScreenWithProviders(() => import('./routes/staff.tsx'));

/**
 * Done once a screen is on the page: on the server-rendered login screen, once it has hydrated (decision 029). One
 * render later than the screen's own first effects, so that a press held meanwhile finds what they set (the login
 * form takes what was typed before the app came).
 */
function ScreenShown() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (mounted) hydrated();
  }, [mounted]);
  return null;
}

function Screen<P extends object>({ component: Component, props }: { component: ComponentType<P>; props: P }) {
  return (
    <Suspense fallback={<div className="route-loading" role="progressbar" aria-label="…" aria-busy="true" />}>
      <Component {...props} />
      <ScreenShown />
    </Suspense>
  );
}

/** The pharmacy loop's three routes share one screen, which tells them apart by their parameters. */
const purchasesScreen = <Screen component={PurchasesScreen} props={{}} />;

function HomeRedirect() {
  const { language } = useLanguage();
  return <Navigate replace to={pathInLanguage(language, paths.home)} />;
}

function scopedRoutes(): RouteObject[] {
  return [
    { index: true, element: <HomeRedirect /> },
    {
      element: <RequireAuth />,
      children: [
        { path: 'home', element: <Screen component={HomeScreen} props={{}} /> },
        {
          element: (
            <RequireFeature
              feature="learning"
              off={<Screen component={FeatureOffScreen} props={{ titleKey: 'pages.learning.title' }} />}
            />
          ),
          children: [
            {
              path: 'learning/:conditionSearchQuery?/:lessonSearchQuery?',
              element: <Screen component={LearningScreen} props={{}} />,
            },
          ],
        },
        { path: 'treatments', element: <Screen component={TreatmentsScreen} props={{}} /> },
        { path: 'treatments/new', element: <Screen component={TreatmentsNewScreen} props={{}} /> },
        { path: 'caregiver/add', element: <Screen component={CaregiverAddScreen} props={{}} /> },
        {
          element: (
            <RequireFeature
              feature="purchases"
              off={<Screen component={FeatureOffScreen} props={{ titleKey: 'pages.purchases.title' }} />}
            />
          ),
          children: [
            {
              path: 'purchases/:idProduct',
              element: purchasesScreen,
            },
          ],
        },
        {
          element: (
            <RequireFeature
              feature="redemptions"
              off={<Screen component={FeatureOffScreen} props={{ titleKey: 'pages.redemptions.title' }} />}
            />
          ),
          children: [
            {
              path: 'redemptions/:productSearchQuery?',
              element: purchasesScreen,
            },
            {
              path: 'redemptions/:productSearchQuery/menu',
              element: purchasesScreen,
            },
          ],
        },
        { path: 'benefits/:productSearchQuery?', element: <Screen component={BenefitsScreen} props={{}} /> },
        {
          path: 'benefits/:productSearchQuery/coupon-code',
          element: <Screen component={CouponCodeScreen} props={{}} />,
        },
        { path: 'profile', element: <Screen component={ProfileScreen} props={{}} /> },
      ],
    },
    {
      element: <PublicOnly />,
      children: [
        { path: 'login', element: <Screen component={LoginScreen} props={{ preloadScreen: preloadScreenAt }} /> },
        {
          path: 'password/forgot',
          element: <Screen component={LoginScreen} props={{ forgotPassword: true, preloadScreen: preloadScreenAt }} />,
        },
        { path: 'password/recover', element: <Screen component={PasswordRecoverScreen} props={{}} /> },
      ],
    },
    { path: 'logout', element: <Screen component={LogoutScreen} props={{}} /> },
    { path: 'signup', element: <Screen component={SignupScreen} props={{}} /> },
    { path: 'signup/not-me', element: <Screen component={SignupNotMeScreen} props={{}} /> },
    { path: 'email/confirm', element: <Screen component={EmailConfirmScreen} props={{}} /> },
    { path: 'email/not-me', element: <Screen component={EmailNotMeScreen} props={{}} /> },
    { path: 'coupon', element: <Screen component={CouponScreen} props={{}} /> },
    { path: 'pharmacy', element: <Screen component={PharmacyScreen} props={{}} /> },
    { path: 'staff/*', element: <Screen component={StaffConsoleScreen} props={{}} /> },
    // Also /purchases without a product: the pattern above needs one.
    { path: '*', element: <UnknownPath notFound={<Screen component={NotFoundScreen} props={{}} />} /> },
  ];
}

/** Root of every route: app-version check after each navigation; a screen's error shows within it. */
function RootLayout() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Announcements of the page left behind point at elements that no longer exist: drop them.
    void clearStaleAnnouncements();
    // After each navigation a pending app update reloads the page (spec section 2) ...
    appVersion.onNavigation();
    // ... and stale feature toggles are re-read, which also brings the server's current version.
    programStore.refreshFeatures();
  }, [location.pathname, location.search]);
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

function scope(lang: Language, path: string): RouteObject {
  return { path, element: <LanguageScope lang={lang} />, children: scopedRoutes() };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/benefit/:idBenefit/booking',
        element: <NumericBenefitId />,
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                element: (
                  <RequireFeature
                    feature="booking"
                    off={<Screen component={FeatureOffScreen} props={{ titleKey: 'pages.booking.title' }} />}
                  />
                ),
                children: [{ index: true, element: <Screen component={BookingScreen} props={{}} /> }],
              },
            ],
          },
        ],
      },
      { path: '/es/*', element: <SpanishPrefix /> },
      { path: '/es', element: <SpanishPrefix /> },
      scope('en', '/en'),
      scope('es', '/'),
    ],
  },
];

/** The route table, rendered for the router's location. */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the screen of the route at `pathname` (if it is a lazy one), before the first render shows it. */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (!isValidElement<{ component: { preload?: () => Promise<unknown> } }>(element) || element.type !== Screen) return;
  // A failure shows when the screen renders (its error boundary, with Try again).
  await element.props.component.preload?.().catch(() => undefined);
}
