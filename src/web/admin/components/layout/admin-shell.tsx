import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { Spinner } from '../ui/spinner';
import { Tip } from '../ui/tip';
import { BAR_ITEMS, TRAINER_BAR_ITEMS } from './nav-items';
import { Badge, SideMenu, UnreadProvider } from './side-menu';

export { roleLabel } from './side-menu';

const MenuDrawer = lazy(() => import('./menu-drawer'));

const barLink =
  'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[10px] leading-tight font-medium tracking-tight [overflow-wrap:normal] focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none focus-visible:ring-inset';

/**
 * Below lg, the menu is at the thumb (issue 46): a bar at the bottom with the desk's most used
 * screens and "Menu", which opens the drawer titled "Admin Panel" with every entry.
 */
function BottomBar() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so that it can close with its animation.
  const [wanted, setWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const items = user?.role === 'trainer' ? TRAINER_BAR_ITEMS : BAR_ITEMS;
  return (
    <nav
      aria-label="Raccourcis"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.06)] lg:hidden"
    >
      <ul className="grid" style={{ gridTemplateColumns: `repeat(${items.length + 1}, minmax(0, 1fr))` }}>
        {items.map((item) => (
          <li key={item.to} className="min-w-0 overflow-hidden">
            <NavLink to={item.to} className={({ isActive }) => cn(barLink, isActive ? 'font-bold text-red-800' : 'text-gray-700 hover:text-gray-900')}>
              <span className="relative">
                <item.icon className="h-5 w-5" aria-hidden />
                <span className="absolute -top-2 left-3">
                  <Badge item={item} testId={(k) => `bar-${k}`} />
                </span>
              </span>
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <Tip label="Ouvrir le menu">
            <button
              ref={menuButton}
              type="button"
              aria-label="Ouvrir le menu"
              aria-haspopup="dialog"
              aria-expanded={open}
              aria-controls={open ? 'admin-menu-drawer' : undefined}
              onClick={() => {
                setWanted(true);
                setOpen(true);
              }}
              className={cn(barLink, 'text-gray-700 hover:text-gray-900')}
            >
              <Menu className="h-5 w-5" aria-hidden />
              Menu
            </button>
          </Tip>
          {wanted && (
            <Suspense fallback={null}>
              <MenuDrawer open={open} onOpenChange={setOpen} returnFocus={() => menuButton.current?.focus()} />
            </Suspense>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** Fixed 64-unit side menu on large screens; below lg, the bottom bar and its drawer. */
export function AdminShell() {
  return (
    <UnreadProvider>
      <div className="min-h-screen bg-gray-50 text-gray-900">
        {/* First stop of the keyboard: past the menu, straight to the screen's content. */}
        <a
          href="#admin-main"
          className="sr-only z-[120] rounded-md bg-white px-4 py-2 font-semibold text-red-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-red-600 focus:outline-none"
        >
          Aller au contenu
        </a>
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col lg:flex">
          <div className="flex h-12 shrink-0 items-center bg-gray-950 px-6">
            <span className="text-lg font-bold text-white">Admin Panel</span>
          </div>
          <div className="flex-1 overflow-hidden">
            <SideMenu />
          </div>
        </aside>

        <main id="admin-main" tabIndex={-1} className="pb-[var(--admin-bottom-inset)] focus:outline-none lg:pl-64">
          <div className="mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
            {/* Each screen is its own chunk: the menu stays while the next one loads. */}
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <BottomBar />
      </div>
    </UnreadProvider>
  );
}
