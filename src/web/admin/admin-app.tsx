import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import './admin.css';
import { AdminShell } from './components/layout/admin-shell';
import { RouteGuard } from './components/layout/route-guard';
import { RouteTitle } from './components/layout/route-title';
import { ToastProvider } from './components/ui/toast';
import { createAdminQueryClient } from './lib/query-client';
import { SessionProvider } from './lib/session';
import { AccountPage } from './routes/account';
import { BlogEditorPage } from './routes/blog-editor';
import { BlogListPage } from './routes/blog-list';
import { CategoriesPage } from './routes/categories';
import { ClientPage } from './routes/client';
import { ClientsPage } from './routes/clients';
import { ConversationPage } from './routes/conversation';
import { DashboardPage } from './routes/dashboard';
import { GalleryPage } from './routes/gallery';
import { JournalPage } from './routes/journal';
import { LoginPage } from './routes/login';
import { MessagesPage } from './routes/messages';
import { NewsletterPage } from './routes/newsletter';
import { OrderPage } from './routes/order';
import { OrdersPage } from './routes/orders';
import { ForgotPasswordPage, ResetPasswordPage } from './routes/password-reset';
import { PersonalDataPage } from './routes/personal-data';
import { PlanningPage } from './routes/planning';
import { ReservationsPage } from './routes/reservations';
import { SavedRepliesPage } from './routes/saved-replies';
import { SettingsPage } from './routes/settings';
import { UsersPage } from './routes/users';
import { VisasPage } from './routes/visas';
import { StaysPage } from './routes/stays';
import { ArrivalsPage } from './routes/arrivals';
import { MySchedulePage } from './routes/my-schedule';
import { LessonsDeskPage } from './routes/lessons-desk';
import { TrainersPage } from './routes/trainers';

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
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          <ToastProvider>
            <div lang="fr" className="admin-root font-sans antialiased">
              <RouteTitle />
              <Routes>
                <Route path="login" element={<LoginPage />} />
                <Route path="forgot-password" element={<ForgotPasswordPage />} />
                <Route path="reset-password" element={<ResetPasswordPage />} />
                <Route element={<RouteGuard />}>
                  <Route element={<AdminShell />}>
                    <Route index element={<Navigate to="/admin/dashboard" replace />} />
                    <Route path="dashboard" element={<DashboardPage />} />
                    <Route path="blog" element={<BlogListPage />} />
                    <Route path="blog/new" element={<BlogEditorPage />} />
                    <Route path="blog/edit/:id" element={<BlogEditorPage />} />
                    <Route path="categories" element={<CategoriesPage />} />
                    <Route path="gallery" element={<GalleryPage />} />
                    <Route path="newsletter" element={<NewsletterPage />} />
                    <Route path="messages" element={<MessagesPage />} />
                    <Route path="messages/:id" element={<ConversationPage />} />
                    <Route path="saved-replies" element={<SavedRepliesPage />} />
                    <Route path="reservations" element={<ReservationsPage />} />
                    <Route path="planning" element={<PlanningPage />} />
                    <Route path="orders" element={<OrdersPage />} />
                    <Route path="orders/:id" element={<OrderPage />} />
                    <Route path="visas" element={<VisasPage />} />
                    <Route path="arrivals" element={<ArrivalsPage />} />
                    <Route path="clients" element={<ClientsPage />} />
                    <Route path="clients/:id" element={<ClientPage />} />
                    <Route path="account" element={<AccountPage />} />
                    <Route path="personal-data" element={<PersonalDataPage />} />
                    <Route path="mon-planning" element={<MySchedulePage />} />
                    <Route path="cours-prives" element={<LessonsDeskPage />} />
                    <Route element={<RouteGuard role="admin" />}>
                      <Route path="users" element={<UsersPage />} />
                      <Route path="journal" element={<JournalPage />} />
                      <Route path="settings" element={<SettingsPage />} />
                      <Route path="stays" element={<StaysPage />} />
                      <Route path="trainers" element={<TrainersPage />} />
                    </Route>
                    <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
                  </Route>
                </Route>
              </Routes>
            </div>
          </ToastProvider>
        </Tooltip.Provider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
