import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AppLayout } from '../components/app-layout';
import { FullPageSpinner } from '../components/full-page-spinner';
import { RevealOnNavigation } from '../components/reveal-app';
import { RouteErrorBoundary } from '../components/route-error';
import { ScrollToTopOnNavigation } from '../components/scroll-to-top';
import { PageViewTracker } from '../features/analytics/components/page-view-tracker';
import { GuestOnly, RequireAuth } from '../features/auth/components/auth-guards';
import { DocumentTitle } from '../features/navigation/components/document-title';
import { NavigationGuards, type GuardedHistory } from '../lib/guarded-history';
import { CanvasRoute, CreateRoute, PhotoshootRoute, PricingRoute } from './routes/remote-routes';
import { SCREENS } from './screens';

/** A screen of the shell loaded when its route is first shown. */
const lazyScreen = (load: () => Promise<Record<string, unknown>>, name = 'Component') =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const Landing = lazyScreen(SCREENS.landing);
const Login = lazyScreen(SCREENS.login);
const Terms = lazyScreen(SCREENS.legal, 'TermsRoute');
const Privacy = lazyScreen(SCREENS.legal, 'PrivacyRoute');
const AppHome = lazyScreen(SCREENS.appHome);
const Dev = lazyScreen(SCREENS.dev);
const Account = lazyScreen(SCREENS.account);
const NotFound = lazyScreen(SCREENS.notFound);

/**
 * SPEC §2's route table. Screens of the shell load lazily; remote screens load at run time from their builds. The
 * plain router, not the data router (loaders, actions, fetchers: none used here, and twice its JavaScript): a route
 * that fails shows RouteError, a screen whose code is loading the spinner (or, on a navigation, the page it leaves).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <DocumentTitle />
      <PageViewTracker />
      <RevealOnNavigation />
      <ScrollToTopOnNavigation />
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          {/* Visitors only: a signed-in user is sent to /app. */}
          <Route path="/" element={<GuestOnly />}>
            <Route index element={<Landing />} />
          </Route>
          <Route path="/login" element={<Login />} />
          <Route path="/terms" element={<Terms />} />
          <Route path="/privacy" element={<Privacy />} />
          <Route element={<AppLayout />}>
            {/* Pricing is public. */}
            <Route path="/pricing" element={<PricingRoute variant="select" />} />
            <Route path="/pricing/all" element={<PricingRoute variant="all" />} />
            <Route path="/pricing/in" element={<PricingRoute variant="in" />} />
            <Route path="/app" element={<RequireAuth />}>
              <Route index element={<AppHome />} />
              <Route path="image" element={<CreateRoute tab="image" />} />
              <Route path="video" element={<CreateRoute tab="video" />} />
              <Route path="dress-up" element={<CreateRoute tab="dress-up" />} />
              <Route path="photoshoots" element={<PhotoshootRoute />} />
              <Route path="canvas" element={<CanvasRoute />} />
              <Route path="dev" element={<Dev />} />
              <Route path="account" element={<Account />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The app's routes on `history` (the browser's in the app, an in-memory one in tests), with its guards. */
export function AppRouter({ history }: { history: GuardedHistory }) {
  return (
    <NavigationGuards.Provider value={history}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </NavigationGuards.Provider>
  );
}
