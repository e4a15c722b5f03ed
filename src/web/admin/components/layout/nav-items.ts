import {
  BedDouble,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  Contact,
  Dumbbell,
  FileText,
  Image,
  LayoutDashboard,
  Mail,
  MessageSquare,
  PlaneLanding,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  Stamp,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
  badge?: 'reservations' | 'conversations';
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

const DASHBOARD: NavItem = { to: '/admin/dashboard', label: 'Tableau de bord', icon: LayoutDashboard };
const RESERVATIONS: NavItem = { to: '/admin/reservations', label: 'Réservations', icon: CalendarCheck, badge: 'reservations' };
const ORDERS: NavItem = { to: '/admin/orders', label: 'Commandes', icon: Receipt };
const MESSAGES: NavItem = { to: '/admin/messages', label: 'Messages', icon: MessageSquare, badge: 'conversations' };
const ACCOUNT: NavItem = { to: '/admin/account', label: 'Mon compte', icon: UserCog };

// SPEC.md §2's entries under the desk's five headings (issue 46); the categories screen has no
// entry (it is reached from the blog list). docs/decisions: the back office's menu on a phone.
export const NAV_GROUPS: NavGroup[] = [
  {
    label: "Aujourd'hui",
    items: [
      DASHBOARD,
      RESERVATIONS,
      { to: '/admin/planning', label: 'Planning', icon: CalendarClock },
      { to: '/admin/arrivals', label: 'Arrivées', icon: PlaneLanding },
      { to: '/admin/cours-prives', label: 'Cours privés', icon: CalendarDays },
    ],
  },
  {
    label: 'Ventes',
    items: [ORDERS, { to: '/admin/visas', label: 'Visas', icon: Stamp }, { to: '/admin/stays', label: 'Hébergement', icon: BedDouble, adminOnly: true }],
  },
  {
    label: 'Clients',
    items: [
      { to: '/admin/clients', label: 'Clients', icon: Contact },
      MESSAGES,
      { to: '/admin/newsletter', label: 'Newsletter', icon: Mail },
      { to: '/admin/personal-data', label: 'Données personnelles', icon: ShieldCheck },
    ],
  },
  {
    label: 'Contenu',
    items: [
      { to: '/admin/blog', label: 'Blog', icon: FileText },
      { to: '/admin/gallery', label: 'Galerie', icon: Image },
      { to: '/admin/trainers', label: 'Entraîneurs', icon: Dumbbell, adminOnly: true },
    ],
  },
  {
    label: 'Réglages',
    items: [
      { to: '/admin/users', label: 'Utilisateurs', icon: Users, adminOnly: true },
      { to: '/admin/journal', label: 'Journal', icon: ScrollText, adminOnly: true },
      { to: '/admin/settings', label: 'Paramètres', icon: Settings, adminOnly: true },
      ACCOUNT,
    ],
  },
];

// A trainer's menu (issue 37): their own schedule and their account, nothing of the gym's.
const MY_SCHEDULE: NavItem = { to: '/admin/mon-planning', label: 'Mon planning', icon: CalendarDays };
export const TRAINER_GROUPS: NavGroup[] = [{ label: 'Mon espace', items: [MY_SCHEDULE, ACCOUNT] }];

/** The phone's bottom bar: the desk's most used screens, under their menu names (the menu has the rest). */
export const BAR_ITEMS: NavItem[] = [DASHBOARD, RESERVATIONS, ORDERS, MESSAGES];
export const TRAINER_BAR_ITEMS: NavItem[] = [MY_SCHEDULE, ACCOUNT];

/** The groups a role sees, empty groups left out. */
export function groupsFor(role: string | undefined): NavGroup[] {
  if (role === 'trainer') return TRAINER_GROUPS;
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => !i.adminOnly || role === 'admin') })).filter((g) => g.items.length > 0);
}
