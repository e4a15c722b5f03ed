import { LogOut } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useConversations } from '../../features/conversations/api';
import { useUnreadReservations } from '../../features/reservations/api';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { groupsFor, type NavItem } from './nav-items';

export const roleLabel = (role: string) => (role === 'admin' ? 'Administrateur' : role === 'trainer' ? 'Entraîneur' : 'Staff');

interface Unread {
  reservations: number;
  conversations: number;
}

const UnreadContext = createContext<Unread>({ reservations: 0, conversations: 0 });
const useUnread = () => useContext(UnreadContext);

/** Unread reservations and conversations (with at least one unread customer message), read once for both menus. */
function StaffUnread({ children }: { children: ReactNode }) {
  const reservations = useUnreadReservations() ?? 0;
  const { data } = useConversations();
  const conversations = (data ?? []).filter((c) => (c.unreadCount ?? 0) > 0).length;
  return <UnreadContext.Provider value={{ reservations, conversations }}>{children}</UnreadContext.Provider>;
}

/** A trainer reads neither list (the server would refuse): no badges. */
export function UnreadProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user?.role === 'trainer' ? children : <StaffUnread>{children}</StaffUnread>;
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** The unread count of a menu entry, when it has one. */
export function Badge({ item, testId }: { item: NavItem; testId: (kind: string) => string }) {
  const unread = useUnread();
  const className = 'rounded-full bg-white px-2 py-0.5 text-xs leading-4 font-bold text-red-800 ring-1 ring-red-800/20';
  if (item.badge === 'reservations' && unread.reservations > 0) {
    const n = unread.reservations;
    return (
      <span className={className} aria-label={`${n} non lue${n > 1 ? 's' : ''}`} data-testid={testId('unread-badge')}>
        {n}
      </span>
    );
  }
  if (item.badge === 'conversations' && unread.conversations > 0) {
    const n = unread.conversations;
    return (
      <span className={className} aria-label={`${plural(n, 'conversation')} non lue${n > 1 ? 's' : ''}`} data-testid={testId('unread-conversations-badge')}>
        {n}
      </span>
    );
  }
  return null;
}

/**
 * The grouped menu (issue 46): compact rows on a large screen, so that all of it fits 800 px
 * in height; in the phone's drawer, rows a thumb can hit.
 */
export function SideMenu({ onNavigate, roomy }: { onNavigate?: () => void; roomy?: boolean }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const groups = groupsFor(user?.role);
  return (
    <div className="flex h-full flex-col bg-gray-900 text-gray-100">
      <nav aria-label="Menu d'administration" className={cn('flex-1 overflow-y-auto px-3', roomy ? 'py-3' : 'py-2')}>
        {groups.map((group, i) => (
          <div key={group.label} className={cn(i > 0 && (roomy ? 'mt-4' : 'mt-2'))}>
            <p id={`admin-menu-${i}`} className="px-3 pb-1 text-[11px] leading-4 font-semibold tracking-wide text-gray-300 uppercase">
              {group.label}
            </p>
            <ul aria-labelledby={`admin-menu-${i}`}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                        roomy ? 'min-h-11 py-2' : 'py-[3px]',
                        'focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
                        isActive ? 'bg-red-700 text-white' : 'text-gray-200 hover:bg-gray-800 hover:text-white',
                      )
                    }
                  >
                    <item.icon className={cn('shrink-0', roomy ? 'h-5 w-5' : 'h-4 w-4')} aria-hidden />
                    <span className="flex-1">{item.label}</span>
                    <Badge item={item} testId={(k) => k} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {user && (
        <div className="grid gap-0.5 border-t border-gray-700 px-3 py-2">
          <div className="px-3">
            <p className="truncate text-sm font-semibold text-white" data-testid="current-user-name">
              {user.name}
            </p>
            <p className="text-xs text-gray-300">{roleLabel(user.role)}</p>
          </div>
          <button
            type="button"
            onClick={async () => {
              onNavigate?.();
              await logout();
              void navigate('/admin/login', { replace: true });
            }}
            className="flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium text-gray-200 hover:bg-gray-800 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none lg:min-h-8"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Déconnexion
          </button>
        </div>
      )}
    </div>
  );
}
