// The shell's own screens, each a chunk of its own: the router loads one when it is shown (app/router.tsx), and
// bootstrap asks for the one of the address it opens on beside the app's chunk, instead of after the session check.

export const SCREENS = {
  landing: () => import('./routes/landing'),
  login: () => import('./routes/login'),
  legal: () => import('./routes/legal'),
  appHome: () => import('./routes/app-home'),
  dev: () => import('./routes/dev'),
  account: () => import('./routes/account'),
  notFound: () => import('./routes/not-found'),
};

const SIGNED_IN_SCREENS: Record<string, () => Promise<unknown>> = {
  '/app': SCREENS.appHome,
  '/app/account': SCREENS.account,
  '/app/dev': SCREENS.dev,
};

/** Starts loading the shell screen `pathname` shows under /app, if it is one; a failure is met (and shown) by the router. */
export function preloadScreen(pathname: string): void {
  const load = SIGNED_IN_SCREENS[pathname.replace(/\/+$/, '')];
  load?.().catch(() => {});
}
