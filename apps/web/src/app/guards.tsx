// Route guards: language prefix, login required, public auth routes, features switched off, and unknown paths.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import type { Language } from '@portal/contracts/enums';
import { isFeatureEnabled } from '../lib/features.ts';
import { useSession } from '../lib/session-hooks.ts';
import { useProgram } from '../program/program-context.tsx';
import { sessionStore } from '../lib/session.ts';
import { useLanguage } from '../lib/language.tsx';
import { loginPathFor, pathInLanguage, paths, safeNextPath, stripLanguage } from '../lib/paths.ts';

/** Makes the path's prefix match the user's language (adds or removes /en). */
export function LanguageScope({ lang }: { lang: Language }) {
  const { language } = useLanguage();
  const location = useLocation();
  if (lang !== language) {
    return <Navigate replace to={`${pathInLanguage(language, location.pathname)}${location.search}${location.hash}`} />;
  }
  return <Outlet />;
}

/** `/es/...` names Spanish, the default: the app switches to Spanish and drops the prefix (`/es/login` -> `/login`). */
export function SpanishPrefix() {
  const { language, setLanguage } = useLanguage();
  const location = useLocation();
  useEffect(() => {
    if (language !== 'es') setLanguage('es');
  }, [language, setLanguage]);
  // Until the language is Spanish the unprefixed scope would send an English reader back to /en.
  if (language !== 'es') return null;
  return <Navigate replace to={`${stripLanguage(location.pathname)}${location.search}${location.hash}`} />;
}

/** Anonymous visitors go to login with next = the full path (path and query). */
export function RequireAuth() {
  const session = useSession();
  const { language } = useLanguage();
  const location = useLocation();
  if (!session) {
    const ref = sessionStore.endReason === 'expired' ? 'session-expired' : undefined;
    return <Navigate replace to={loginPathFor(language, `${location.pathname}${location.search}`, ref)} />;
  }
  return <Outlet />;
}

/**
 * The routes of a feature the program may switch off (spec section 6): with its toggle off, `off` instead (the
 * feature's screen never renders, so none of its calls is made), as the navigation and the home hide its entry and
 * card. Toggles that could not be read close nothing: the server still answers FEATURE_DISABLED for the feature's
 * calls, and a patient offline keeps the lessons they saved.
 */
export function RequireFeature({ feature, off }: { feature: string; off: ReactNode }) {
  const { featureToggles } = useProgram();
  if (featureToggles && !isFeatureEnabled(feature, featureToggles)) return off;
  return <Outlet />;
}

/**
 * Login and password routes send logged-in users where the login leads: `next` (a safe path of this site), else home.
 * The same place the login itself goes after a success: two navigations to two places raced, and the patient who logged
 * in to follow `next` landed home about one time in ten.
 */
export function PublicOnly() {
  const session = useSession();
  const { language } = useLanguage();
  const location = useLocation();
  const nextParam = new URLSearchParams(location.search).get('next');
  const next = nextParam ? safeNextPath(nextParam, window.location.origin) : undefined;
  // A login that has just succeeded keeps its screen (the entry screen) until the next one replaces it, rather than a
  // blank frame while the navigation renders (decision 052); a visitor who came with a session sees nothing of it.
  const [wasPublic] = useState(() => !session);
  // One shape whether or not the session has started: with another, React would mount the login screen afresh when it
  // starts, and its empty form would flash back for a few frames before the home (issue 38, item 7).
  return (
    <>
      {session ? <Navigate replace to={pathInLanguage(language, next ?? paths.home)} /> : null}
      {!session || wasPublic ? <Outlet /> : null}
    </>
  );
}

/** Any other path goes to signup. */
function ToSignup() {
  const { language } = useLanguage();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  // Keep the signup queries (instance logo, variants) if someone mistyped the path but not the query.
  const kept = new URLSearchParams([...query].filter(([key]) => key === 'ii' || key === 'v'));
  const search = kept.toString();
  return <Navigate replace to={`${pathInLanguage(language, paths.signup)}${search ? `?${search}` : ''}`} />;
}

/** A path the app does not know: 'page not found' for a logged-in patient, signup for a visitor (spec section 2). */
export function UnknownPath({ notFound }: { notFound: ReactNode }) {
  const session = useSession();
  return session ? notFound : <ToSignup />;
}

/** The booking route takes a numeric benefit id only. */
export function NumericBenefitId() {
  const { idBenefit } = useParams();
  if (!idBenefit || !/^\d{1,10}$/.test(idBenefit)) return <ToSignup />;
  return <Outlet />;
}
