import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { ApiError, apiRequest, configureApiClient } from '../../lib/api-client';
import { clearToken, getToken, setToken } from './auth-token';
import { takeEarlyResponse } from './early-requests';
import { frenchServerMessage } from './server-messages';
import type { SessionUser } from './types';

// The signed-in user is a query: ['session'] holds the user, or null when signed out.
// SPEC.md §4: on load a stored token is checked against GET /api/auth/me; an error answer or a
// failed call removes the token and signs out. Login sets the data, logout and any 401 clear it.

export const SESSION_KEY = ['session'] as const;

type MeAnswer = SessionUser & { error?: string };

// Leaving a page (reload, link, typed address) aborts its calls. An aborted check of the token
// is no answer about it: clearing the token then would sign the next page out.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/** The stored token checked against the server; null (and no token kept) when it does not hold. */
export async function fetchSession(): Promise<SessionUser | null> {
  if (!getToken()) return null;
  try {
    const me = await apiRequest<MeAnswer>('GET', '/api/auth/me');
    if (me && !me.error) return me;
  } catch (err) {
    // An error answer signs out at once. A call without an answer may be the page going away:
    // its timers never fire once it is gone, so a short wait tells the two apart.
    if (!(err instanceof ApiError)) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (leavingPage) return null;
    }
  }
  clearToken();
  return null;
}

/** Forgets the session here: token, user, and every cached answer of the previous session. */
export function signOutLocally(queryClient: QueryClient): void {
  clearToken();
  // Nothing of the previous session may show to the next person at this desk. The session
  // query itself stays (its observers see the null).
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  queryClient.setQueryData(SESSION_KEY, null);
}

interface SessionValue {
  user: SessionUser | null;
  /** True until the stored token has been checked against /api/auth/me. */
  isLoading: boolean;
  /** A session, or (two-factor account) the challenge to send back with a code. */
  login: (email: string, password: string) => Promise<{ user: SessionUser } | { challenge: string }>;
  /** Second step of a two-factor sign-in. */
  completeTwoFactor: (challenge: string, code: string) => Promise<SessionUser>;
  /** Keeps a session the server just handed out (after a password change, the old token is dead). */
  adoptSession: (token: string, user: SessionUser) => Promise<void>;
  logout: () => Promise<void>;
  /** Re-reads /api/auth/me: after editing one's own account, the menu shows the new name. */
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();

  // Layout effects run before any passive effect, so before the first query is fetched: every
  // request of the back office carries the token, and a 401 anywhere signs out.
  useLayoutEffect(() => {
    configureApiClient({
      getToken,
      onUnauthorized: () => signOutLocally(queryClient),
      translateError: frenchServerMessage,
      takeEarly: takeEarlyResponse,
    });
    return () => configureApiClient({});
  }, [queryClient]);

  const session = useQuery({
    queryKey: SESSION_KEY,
    queryFn: fetchSession,
    // Without a stored token there is nothing to check: signed out at once, no spinner.
    initialData: () => (getToken() ? undefined : null),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const user = session.data ?? null;
  const isLoading = session.isPending;

  const adoptSession = useCallback(
    async (token: string, next: SessionUser) => {
      await queryClient.cancelQueries({ queryKey: SESSION_KEY });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      setToken(token);
      queryClient.setQueryData(SESSION_KEY, next);
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      let data: { token?: string; user?: SessionUser; error?: string; twoFactorRequired?: boolean; challenge?: string };
      try {
        data = await apiRequest('POST', '/api/auth/login', { email, password }, { anonymous: true });
      } catch (err) {
        // SPEC.md §8: the server's error text, else "Login failed".
        throw new Error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Login failed');
      }
      if (data?.twoFactorRequired && data.challenge) return { challenge: data.challenge };
      if (!data?.token || !data.user) throw new Error(data?.error || 'Login failed');
      await adoptSession(data.token, data.user);
      return { user: data.user };
    },
    [adoptSession],
  );

  const completeTwoFactor = useCallback(
    async (challenge: string, code: string) => {
      let data: { token?: string; user?: SessionUser };
      try {
        data = await apiRequest('POST', '/api/auth/login/two-factor', { challenge, code }, { anonymous: true });
      } catch (err) {
        throw new Error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Login failed');
      }
      if (!data?.token || !data.user) throw new Error('Login failed');
      await adoptSession(data.token, data.user);
      return data.user;
    },
    [adoptSession],
  );

  const refresh = useCallback(async () => {
    if (!getToken()) return;
    // A failure here is not a sign-out: a 401 already signs out through the client's handler.
    const me = await apiRequest<MeAnswer>('GET', '/api/auth/me').catch(() => null);
    if (me && !me.error) queryClient.setQueryData(SESSION_KEY, me);
  }, [queryClient]);

  const logout = useCallback(async () => {
    // Revoke on the server; sign out here even if the server cannot be reached.
    if (getToken()) await apiRequest('POST', '/api/auth/logout').catch(() => undefined);
    signOutLocally(queryClient);
  }, [queryClient]);

  const value = useMemo(
    () => ({ user, isLoading, login, completeTwoFactor, adoptSession, logout, refresh }),
    [user, isLoading, login, completeTwoFactor, adoptSession, logout, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
