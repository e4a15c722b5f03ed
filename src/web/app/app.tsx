import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading, PublicLayout } from '../components/layout/public-layout';
import { AdminApp, BlogArticlePage, BlogListPage, BookingPage, LandingPage, ManageBookingPage, NotFoundPage } from './pages';

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
        <Route index element={<LandingPage />} />
        <Route path="booking" element={<BookingPage />} />
        <Route path="booking/manage/:token" element={<ManageBookingPage />} />
        <Route path="blog" element={<BlogListPage />} />
        <Route path="blog/:slug" element={<BlogArticlePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
