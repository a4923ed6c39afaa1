// react-aria's links and menu items navigate through the router (client-side, with the router's hrefs). Only the
// screens that use react-aria load this provider with them (app/layouts/screen-providers.tsx), so the login route loads no react-aria
// (decision 023).
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';

export function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => navigate(to, options)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}
