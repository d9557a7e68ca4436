import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/app-layout';
import { FullPageSpinner } from '../components/full-page-spinner';
import { RevealOnNavigation } from '../components/reveal-app';
import { RouteError } from '../components/route-error';
import { PageViewTracker } from '../features/analytics/components/page-view-tracker';
import { GuestOnly, RequireAuth } from '../features/auth/components/auth-guards';
import { CanvasRoute, CreateRoute, PhotoshootRoute, PricingRoute } from './routes/remote-routes';

// SPEC §2's route table. Screens of the shell load lazily; remote screens load at run time from their builds.
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <PageViewTracker />
        <RevealOnNavigation />
        <Outlet />
      </>
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />, // shown while the first lazy route's chunk loads
    children: [
      // Visitors only: a signed-in user is sent to /app.
      { path: '/', element: <GuestOnly />, children: [{ index: true, lazy: () => import('./routes/landing') }] },
      { path: '/login', lazy: () => import('./routes/login') },
      { path: '/terms', lazy: async () => ({ Component: (await import('./routes/legal')).TermsRoute }) },
      { path: '/privacy', lazy: async () => ({ Component: (await import('./routes/legal')).PrivacyRoute }) },
      {
        element: <AppLayout />,
        children: [
          // Pricing is public.
          { path: '/pricing', element: <PricingRoute variant="select" /> },
          { path: '/pricing/all', element: <PricingRoute variant="all" /> },
          { path: '/pricing/in', element: <PricingRoute variant="in" /> },
          {
            path: '/app',
            element: <RequireAuth />,
            children: [
              { index: true, lazy: () => import('./routes/app-home') },
              { path: 'image', element: <CreateRoute tab="image" /> },
              { path: 'video', element: <CreateRoute tab="video" /> },
              { path: 'dress-up', element: <CreateRoute tab="dress-up" /> },
              { path: 'photoshoots', element: <PhotoshootRoute /> },
              { path: 'canvas', element: <CanvasRoute /> },
              { path: 'dev', lazy: () => import('./routes/dev') },
              { path: 'account', lazy: () => import('./routes/account') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
