import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { LandingPage } from '../features/products/routes/landing-page';
import { LpShell } from './layouts/lp-shell';

// Everything but the landing page loads on demand, so the first paint ships only what it shows.
const ProductDetailPage = lazy(() => import('../features/products/routes/product-detail-page'));
const GpConsole = lazy(() => import('../features/gp-console/routes/gp-console'));

export const AppRoutes = () => {
  const { t } = useTranslation();
  const fallback = <PageLoader label={t('app.loading')} />;
  return (
    <Routes>
      <Route
        path="gp/*"
        element={
          <Suspense fallback={fallback}>
            <GpConsole />
          </Suspense>
        }
      />
      <Route element={<LpShell />}>
        <Route index element={<LandingPage />} />
        <Route
          path="products/:productId"
          element={
            <Suspense fallback={fallback}>
              <ProductDetailPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
};
