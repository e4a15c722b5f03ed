import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../shared/i18n/languages';
import { PageLoading, PublicLayout } from '../components/layout/public-layout';
import {
  AdminApp,
  BlogArticlePage,
  BlogListPage,
  BookingPage,
  LandingPage,
  ManageBookingPage,
  MePage,
  MeSignInPage,
  NotFoundPage,
  OrderPage,
  VerifyPage,
  WaitlistPage,
} from './pages';

const publicRoutes = (
  <>
    <Route index element={<LandingPage />} />
    <Route path="booking" element={<BookingPage />} />
    <Route path="booking/manage/:token" element={<ManageBookingPage />} />
    <Route path="booking/waitlist/:token" element={<WaitlistPage />} />
    <Route path="booking/order/:token" element={<OrderPage />} />
    <Route path="verify/:code" element={<VerifyPage />} />
    <Route path="blog" element={<BlogListPage />} />
    <Route path="blog/:slug" element={<BlogArticlePage />} />
    <Route path="me" element={<MePage />} />
    <Route path="me/sign-in" element={<MeSignInPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </>
);

// The route table; pages.ts `matchPage` mirrors it for the server and the hydration preload.
export function App() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<PageLoading />}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route element={<PublicLayout />}>
        {publicRoutes}
        {/* The same pages under /ru, /zh, /de, /fr, /th (the page's language comes with its HTML). */}
        {LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).map((l) => (
          <Route key={l} path={l}>
            {publicRoutes}
          </Route>
        ))}
      </Route>
    </Routes>
  );
}
