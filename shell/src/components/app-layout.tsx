import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { usePublicConfig } from '../features/auth/api/get-config';
import { AppHeader } from '../features/navigation/components/app-header';
import { PhotoshootsNavigationGate } from '../features/navigation/components/photoshoots-gate';
import { FullPageSpinner } from './full-page-spinner';

/** The studio frame: a skip link, the header with tabs and account corner, then the route's screen. */
export function AppLayout() {
  const { avatarEnabled } = usePublicConfig();
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
      >
        Skip to content
      </a>
      <AppHeader avatarEnabled={avatarEnabled} />
      <PhotoshootsNavigationGate />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {/* A screen whose code is still loading spins here, under the header (which keeps its focus). */}
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
