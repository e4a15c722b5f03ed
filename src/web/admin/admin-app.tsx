import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import './admin.css';
import { AdminShell } from './components/layout/admin-shell';
import { RouteGuard } from './components/layout/route-guard';
import { RouteTitle } from './components/layout/route-title';
import { ToastProvider } from './components/ui/toast';
import { createAdminQueryClient } from './lib/query-client';
import { SessionProvider } from './lib/session';
import { Spinner } from './components/ui/spinner';

// Every screen is its own chunk (issue 46): the first screen after sign-in loads the shell and
// the dashboard only; the Markdown renderer, the forms' schemas and each screen's code come
// with the screen that uses them. Screens export named components, hence the small adapter.
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const SCREENS = {
  login: screen(() => import('./routes/login'), 'LoginPage'),
  forgot: screen(() => import('./routes/password-reset'), 'ForgotPasswordPage'),
  reset: screen(() => import('./routes/password-reset'), 'ResetPasswordPage'),
  dashboard: screen(() => import('./routes/dashboard'), 'DashboardPage'),
  blog: screen(() => import('./routes/blog-list'), 'BlogListPage'),
  blogEditor: screen(() => import('./routes/blog-editor'), 'BlogEditorPage'),
  categories: screen(() => import('./routes/categories'), 'CategoriesPage'),
  gallery: screen(() => import('./routes/gallery'), 'GalleryPage'),
  newsletter: screen(() => import('./routes/newsletter'), 'NewsletterPage'),
  campaign: screen(() => import('./routes/campaign'), 'CampaignPage'),
  messages: screen(() => import('./routes/messages'), 'MessagesPage'),
  conversation: screen(() => import('./routes/conversation'), 'ConversationPage'),
  savedReplies: screen(() => import('./routes/saved-replies'), 'SavedRepliesPage'),
  reservations: screen(() => import('./routes/reservations'), 'ReservationsPage'),
  planning: screen(() => import('./routes/planning'), 'PlanningPage'),
  orders: screen(() => import('./routes/orders'), 'OrdersPage'),
  order: screen(() => import('./routes/order'), 'OrderPage'),
  discountCodes: screen(() => import('./routes/discount-codes'), 'DiscountCodesPage'),
  visas: screen(() => import('./routes/visas'), 'VisasPage'),
  arrivals: screen(() => import('./routes/arrivals'), 'ArrivalsPage'),
  clients: screen(() => import('./routes/clients'), 'ClientsPage'),
  client: screen(() => import('./routes/client'), 'ClientPage'),
  account: screen(() => import('./routes/account'), 'AccountPage'),
  personalData: screen(() => import('./routes/personal-data'), 'PersonalDataPage'),
  mySchedule: screen(() => import('./routes/my-schedule'), 'MySchedulePage'),
  lessonsDesk: screen(() => import('./routes/lessons-desk'), 'LessonsDeskPage'),
  users: screen(() => import('./routes/users'), 'UsersPage'),
  journal: screen(() => import('./routes/journal'), 'JournalPage'),
  settings: screen(() => import('./routes/settings'), 'SettingsPage'),
  settingsSection: screen(() => import('./routes/settings'), 'SettingsSectionPage'),
  stays: screen(() => import('./routes/stays'), 'StaysPage'),
  trainers: screen(() => import('./routes/trainers'), 'TrainersPage'),
};

/**
 * The back office, rendered by the public router for every /admin/* path (lazy chunk).
 * It brings its own providers so nothing of it loads on public pages.
 */
export default function AdminApp() {
  // One client per mounted back office: the public site's cache stays separate.
  const [queryClient] = useState(createAdminQueryClient);

  useEffect(() => {
    const previous = { title: document.title, lang: document.documentElement.lang };
    // French screens; dialogs and toasts render in <body>, outside this tree, so set it on <html>.
    document.documentElement.lang = 'fr';
    document.body.classList.add('admin-body');
    return () => {
      document.title = previous.title;
      document.documentElement.lang = previous.lang;
      document.body.classList.remove('admin-body');
    };
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <div lang="fr" className="admin-root font-sans antialiased">
            <RouteTitle />
            {/* The shell has its own boundary around each screen; this one covers the sign-in pages. */}
            <Suspense fallback={<Spinner className="min-h-screen" />}>
              <Routes>
                <Route path="login" element={<SCREENS.login />} />
                <Route path="forgot-password" element={<SCREENS.forgot />} />
                <Route path="reset-password" element={<SCREENS.reset />} />
                <Route element={<RouteGuard />}>
                  <Route element={<AdminShell />}>
                    <Route index element={<Navigate to="/admin/dashboard" replace />} />
                    <Route path="dashboard" element={<SCREENS.dashboard />} />
                    <Route path="blog" element={<SCREENS.blog />} />
                    <Route path="blog/new" element={<SCREENS.blogEditor />} />
                    <Route path="blog/edit/:id" element={<SCREENS.blogEditor />} />
                    <Route path="categories" element={<SCREENS.categories />} />
                    <Route path="gallery" element={<SCREENS.gallery />} />
                    <Route path="newsletter" element={<SCREENS.newsletter />} />
                    <Route path="newsletter/campagnes/:id" element={<SCREENS.campaign />} />
                    <Route path="messages" element={<SCREENS.messages />} />
                    <Route path="messages/:id" element={<SCREENS.conversation />} />
                    <Route path="saved-replies" element={<SCREENS.savedReplies />} />
                    <Route path="reservations" element={<SCREENS.reservations />} />
                    <Route path="planning" element={<SCREENS.planning />} />
                    <Route path="orders" element={<SCREENS.orders />} />
                    <Route path="orders/codes" element={<SCREENS.discountCodes />} />
                    <Route path="orders/:id" element={<SCREENS.order />} />
                    <Route path="visas" element={<SCREENS.visas />} />
                    <Route path="arrivals" element={<SCREENS.arrivals />} />
                    <Route path="clients" element={<SCREENS.clients />} />
                    <Route path="clients/:id" element={<SCREENS.client />} />
                    <Route path="account" element={<SCREENS.account />} />
                    <Route path="personal-data" element={<SCREENS.personalData />} />
                    <Route path="mon-planning" element={<SCREENS.mySchedule />} />
                    <Route path="cours-prives" element={<SCREENS.lessonsDesk />} />
                    <Route element={<RouteGuard role="admin" />}>
                      <Route path="users" element={<SCREENS.users />} />
                      <Route path="journal" element={<SCREENS.journal />} />
                      <Route path="settings" element={<SCREENS.settings />} />
                      <Route path="settings/:section" element={<SCREENS.settingsSection />} />
                      <Route path="stays" element={<SCREENS.stays />} />
                      <Route path="trainers" element={<SCREENS.trainers />} />
                    </Route>
                    <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
                  </Route>
                </Route>
              </Routes>
            </Suspense>
          </div>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
