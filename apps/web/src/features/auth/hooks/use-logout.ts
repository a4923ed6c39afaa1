// Signing out: revokes the session on the server once, and remembers the patient's first name for the goodbye.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sessionStore } from '../../../lib/session.ts';
import { userQuery } from '../../../lib/user.ts';
import { logout } from '../api/auth-api.ts';

type LogoutState =
  { kind: 'working' } | { kind: 'done'; firstName?: string } | { kind: 'failed' } | { kind: 'anonymous' };

/** The sign-out's state (started at once when there is a session) and a retry after a failure. */
export function useLogout(): { state: LogoutState; retry: () => Promise<void> } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LogoutState>(() =>
    sessionStore.get() ? { kind: 'working' } : { kind: 'anonymous' },
  );
  const started = useRef(false);

  const run = async () => {
    setState({ kind: 'working' });
    const firstName =
      queryClient.getQueryData(userQuery().queryKey)?.firstName ??
      (await queryClient.fetchQuery(userQuery()).catch(() => undefined))?.firstName;
    try {
      await logout();
      queryClient.removeQueries({ queryKey: userQuery().queryKey });
      setState({ kind: 'done', firstName });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  useEffect(() => {
    if (started.current || !sessionStore.get()) return;
    started.current = true;
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { state, retry: run };
}
