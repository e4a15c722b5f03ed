import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../../../shared/constants';
import { useSession } from '../../lib/session';
import { Spinner } from '../ui/spinner';

const ACCOUNT_PATH = '/admin/account';
const TRAINER_PATHS = ['/admin/mon-planning', ACCOUNT_PATH];

/**
 * SPEC.md §2: a spinner while the session loads; signed out → /admin/login; a role the user
 * lacks (admins pass every role) → /admin/dashboard.
 */
export function RouteGuard({ role }: { role?: Role }) {
  const { user, isLoading: checking } = useSession();
  // The screen behind the guard is drawn at a deferred priority once the session is known,
  // which React splits into short tasks: the whole shell and screen at once held a phone's main
  // thread for most of a second (issue 46 point 4).
  const isLoading = useDeferredValue(checking);
  const location = useLocation();
  if (isLoading) return <Spinner label="Chargement de la session..." className="min-h-screen" />;
  if (!user) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  // An admin requires two-factor and this account has none: enrol before any other screen.
  if (user.twoFactorSetupRequired && location.pathname !== ACCOUNT_PATH) return <Navigate to={ACCOUNT_PATH} replace />;
  // A trainer sees only their own schedule and their account (issue 37).
  if (user.role === 'trainer' && !TRAINER_PATHS.includes(location.pathname)) return <Navigate to="/admin/mon-planning" replace />;
  if (role && user.role !== role && user.role !== 'admin') return <Navigate to="/admin/dashboard" replace />;
  return <Outlet />;
}
