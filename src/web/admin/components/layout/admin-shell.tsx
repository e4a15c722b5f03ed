import {
  CalendarCheck,
  CalendarClock,
  Contact,
  FileText,
  Image,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquare,
  Receipt,
  UserCog,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
  X,
  type LucideIcon,
  Stamp,
  BedDouble,
  PlaneLanding,
  CalendarDays,
  Dumbbell,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useConversations } from '../../features/conversations/api';
import { useUnreadReservations } from '../../features/reservations/api';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { Tip } from '../ui/tip';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
  badge?: 'reservations' | 'conversations';
}

// SPEC.md §2: the categories screen has no menu entry (it is reached from the blog list).
const NAV: NavItem[] = [
  { to: '/admin/dashboard', label: 'Tableau de bord', icon: LayoutDashboard },
  { to: '/admin/blog', label: 'Blog', icon: FileText },
  { to: '/admin/gallery', label: 'Galerie', icon: Image },
  { to: '/admin/reservations', label: 'Réservations', icon: CalendarCheck, badge: 'reservations' },
  { to: '/admin/planning', label: 'Planning', icon: CalendarClock },
  { to: '/admin/orders', label: 'Commandes', icon: Receipt },
  { to: '/admin/visas', label: 'Visas', icon: Stamp },
  { to: '/admin/arrivals', label: 'Arrivées', icon: PlaneLanding },
  { to: '/admin/stays', label: 'Hébergement', icon: BedDouble, adminOnly: true },
  { to: '/admin/cours-prives', label: 'Cours privés', icon: CalendarDays },
  { to: '/admin/trainers', label: 'Entraîneurs', icon: Dumbbell, adminOnly: true },
  { to: '/admin/messages', label: 'Messages', icon: MessageSquare, badge: 'conversations' },
  { to: '/admin/clients', label: 'Clients', icon: Contact },
  { to: '/admin/users', label: 'Utilisateurs', icon: Users, adminOnly: true },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Mail },
  { to: '/admin/account', label: 'Mon compte', icon: UserCog },
  { to: '/admin/personal-data', label: 'Données personnelles', icon: ShieldCheck },
  { to: '/admin/journal', label: 'Journal', icon: ScrollText, adminOnly: true },
  { to: '/admin/settings', label: 'Paramètres', icon: Settings, adminOnly: true },
];

export const roleLabel = (role: string) => (role === 'admin' ? 'Administrateur' : role === 'trainer' ? 'Entraîneur' : 'Staff');

// A trainer's menu (issue 37): their own schedule and their account, nothing of the gym's.
const TRAINER_NAV: NavItem[] = [
  { to: '/admin/mon-planning', label: 'Mon planning', icon: CalendarDays },
  { to: '/admin/account', label: 'Mon compte', icon: UserCog },
];

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  return user?.role === 'trainer' ? <MenuFrame items={TRAINER_NAV} onNavigate={onNavigate} /> : <StaffMenu onNavigate={onNavigate} />;
}

function StaffMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const unread = useUnreadReservations() ?? 0;
  const { data: conversations } = useConversations();
  // Conversations with at least one unread customer message.
  const unreadConversations = (conversations ?? []).filter((c) => (c.unreadCount ?? 0) > 0).length;
  const items = NAV.filter((item) => !item.adminOnly || user?.role === 'admin');
  return <MenuFrame items={items} onNavigate={onNavigate} unread={unread} unreadConversations={unreadConversations} />;
}

function MenuFrame({
  items,
  onNavigate,
  unread = 0,
  unreadConversations = 0,
}: {
  items: NavItem[];
  onNavigate?: () => void;
  unread?: number;
  unreadConversations?: number;
}) {
  const { user, logout } = useSession();
  const navigate = useNavigate();

  return (
    <div className="flex h-full flex-col bg-gray-900 text-gray-100">
      <nav aria-label="Menu d'administration" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    'focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
                    isActive ? 'bg-red-700 text-white' : 'text-gray-200 hover:bg-gray-800 hover:text-white',
                  )
                }
              >
                <item.icon className="h-5 w-5 shrink-0" aria-hidden />
                <span className="flex-1">{item.label}</span>
                {item.badge === 'reservations' && unread > 0 && (
                  <span
                    className="rounded-full bg-white px-2 py-0.5 text-xs font-bold text-red-800"
                    aria-label={`${unread} non lue${unread > 1 ? 's' : ''}`}
                    data-testid="unread-badge"
                  >
                    {unread}
                  </span>
                )}
                {item.badge === 'conversations' && unreadConversations > 0 && (
                  <span
                    className="rounded-full bg-white px-2 py-0.5 text-xs font-bold text-red-800"
                    aria-label={`${unreadConversations} conversation${unreadConversations > 1 ? 's' : ''} non lue${unreadConversations > 1 ? 's' : ''}`}
                    data-testid="unread-conversations-badge"
                  >
                    {unreadConversations}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {user && (
        <div className="border-t border-gray-700 p-4">
          <p className="truncate text-sm font-semibold text-white" data-testid="current-user-name">
            {user.name}
          </p>
          <p className="text-xs text-gray-300">{roleLabel(user.role)}</p>
          <button
            type="button"
            onClick={async () => {
              onNavigate?.();
              await logout();
              void navigate('/admin/login', { replace: true });
            }}
            className="mt-3 flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-200 hover:bg-gray-800 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Déconnexion
          </button>
        </div>
      )}
    </div>
  );
}

/** Fixed 64-unit side menu on large screens; a slide-in drawer titled "Admin Panel" below lg. */
export function AdminShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="min-h-screen bg-gray-50 text-gray-900">
      {/* First stop of the keyboard: past the menu, straight to the screen's content. */}
      <a
        href="#admin-main"
        className="sr-only z-[120] rounded-md bg-white px-4 py-2 font-semibold text-red-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-red-600 focus:outline-none"
      >
        Aller au contenu
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col lg:flex">
        <div className="flex h-16 items-center bg-gray-950 px-6">
          <span className="text-lg font-bold text-white">Admin Panel</span>
        </div>
        <div className="flex-1 overflow-hidden">
          <SideMenu />
        </div>
      </aside>

      <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-4 lg:hidden">
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Tip label="Ouvrir le menu">
            <Dialog.Trigger asChild>
              <button
                type="button"
                aria-label="Ouvrir le menu"
                className="rounded-md p-2 text-gray-900 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
              >
                <Menu className="h-6 w-6" aria-hidden />
              </button>
            </Dialog.Trigger>
          </Tip>
          <Dialog.Portal>
            <Dialog.Overlay className="admin-drawer-overlay fixed inset-0 z-40 bg-black/50" />
            <Dialog.Content
              aria-describedby={undefined}
              className="admin-drawer fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col shadow-xl focus:outline-none"
            >
              <div className="flex h-14 items-center justify-between bg-gray-950 px-4">
                <Dialog.Title className="text-lg font-bold text-white">Admin Panel</Dialog.Title>
                <Tip label="Fermer le menu">
                  <Dialog.Close
                    aria-label="Fermer le menu"
                    className="rounded-md p-2 text-white hover:bg-gray-800 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                  >
                    <X className="h-5 w-5" aria-hidden />
                  </Dialog.Close>
                </Tip>
              </div>
              <div className="flex-1 overflow-hidden">
                <SideMenu onNavigate={() => setDrawerOpen(false)} />
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <span className="font-semibold text-gray-900">Admin Panel</span>
      </header>

      <main id="admin-main" tabIndex={-1} className="lg:pl-64 focus:outline-none">
        <div className="mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
