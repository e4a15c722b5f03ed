import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiRequest, clearToken, getToken, setToken, setUnauthorizedHandler, ApiError } from './api';
import type { SessionUser } from './types';

interface SessionValue {
  user: SessionUser | null;
  /** True until the stored token has been checked against /api/auth/me. */
  isLoading: boolean;
  login: (email: string, password: string) => Promise<SessionUser>;
  logout: () => Promise<void>;
  /** Re-reads /api/auth/me: after editing one's own account, the menu shows the new name. */
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(() => getToken() !== null);

  const signOutLocally = useCallback(() => {
    clearToken();
    setUser(null);
    // Nothing of the previous session may show to the next person at this desk.
    queryClient.clear();
  }, [queryClient]);

  // SPEC.md §4: a stored token is checked on load; any error removes it.
  useEffect(() => {
    if (!getToken()) {
      setIsLoading(false);
      return;
    }
    let cancelled = false;
    apiRequest<SessionUser & { error?: string }>('GET', '/api/auth/me', undefined, { anonymous: false })
      .then((me) => {
        if (cancelled) return;
        if (!me || me.error) signOutLocally();
        else setUser(me);
      })
      .catch(() => {
        if (!cancelled) signOutLocally();
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [signOutLocally]);

  useEffect(() => {
    setUnauthorizedHandler(signOutLocally);
    return () => setUnauthorizedHandler(null);
  }, [signOutLocally]);

  const login = useCallback(
    async (email: string, password: string) => {
      let data: { token?: string; user?: SessionUser; error?: string };
      try {
        data = await apiRequest('POST', '/api/auth/login', { email, password }, { anonymous: true });
      } catch (err) {
        // SPEC.md §8: the server's error text, else "Login failed".
        throw new Error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Login failed');
      }
      if (!data?.token || !data.user) throw new Error(data?.error || 'Login failed');
      setToken(data.token);
      queryClient.clear();
      setUser(data.user);
      return data.user;
    },
    [queryClient],
  );

  const refresh = useCallback(async () => {
    if (!getToken()) return;
    // A failure here is not a sign-out: a 401 already signs out through the handler above.
    const me = await apiRequest<SessionUser & { error?: string }>('GET', '/api/auth/me').catch(() => null);
    if (me && !me.error) setUser(me);
  }, []);

  const logout = useCallback(async () => {
    // Revoke on the server; sign out here even if the server cannot be reached.
    if (getToken()) await apiRequest('POST', '/api/auth/logout').catch(() => undefined);
    signOutLocally();
  }, [signOutLocally]);

  const value = useMemo(() => ({ user, isLoading, login, logout, refresh }), [user, isLoading, login, logout, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
