// The public routes' guard: a session sends the reader where the login leads (`next` when safe, else home), the same
// place the login's own navigation goes, so the two never race to different screens (issue 38, item 7).
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../lib/language.tsx';
import { sessionStore } from '../lib/session.ts';
import { PublicOnly } from './guards.tsx';

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const session = {
  accessToken: 'a',
  refreshToken: 'r',
  idToken: `${base64url({ alg: 'EdDSA' })}.${base64url({ sub: 'm' })}.s`,
};

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { element: <PublicOnly />, children: [{ path: 'login', element: <p>login form</p> }] },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <LanguageProvider initialPath={path}>
      <RouterProvider router={router} />
    </LanguageProvider>,
  );
}

afterEach(() => sessionStore.clear());

describe('PublicOnly', () => {
  it('sends a login that has just succeeded to its next screen, query included', async () => {
    open('/login?next=%2Fprofile%3Ftab%3D1');
    expect(screen.getByText('login form')).toBeTruthy();
    act(() => sessionStore.set(session));
    expect(await screen.findByText('at /profile?tab=1')).toBeTruthy();
  });

  it('sends home when there is no next, or one that leaves the site', async () => {
    open('/login?next=%2F%2Fevil.example%2Fprofile');
    act(() => sessionStore.set(session));
    expect(await screen.findByText('at /home')).toBeTruthy();
  });
});
