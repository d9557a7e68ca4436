import { remoteForPath } from '../../features/remotes/utils/early-load';

/** Each remote route with a first paint, and its screen's key in the remote's dist/first-paint.json. */
const FIRST_PAINT_SCREENS: Record<string, string> = {
  '/pricing': 'PricingPage?variant=select',
  '/pricing/all': 'PricingPage?variant=all',
  '/pricing/in': 'PricingPage?variant=in',
  '/app/image': 'CreateScreen?tab=image',
  '/app/video': 'CreateScreen?tab=video',
  '/app/dress-up': 'CreateScreen?tab=dress-up',
  '/app/canvas': 'CanvasEditor',
  // Not /app/photoshoots: whether the flow opens at all depends on the user's allowance (PhotoshootsRouteGate), so
  // a first paint of it would show a blocked user a flow they cannot use until the app sends them back.
};

/**
 * The remote routes the gateway sends with a first paint (lib/first-paint.ts): the remote screen each shows, by its
 * key in the remote's dist/first-paint.json (`<Module>` or `<Module>?<prop>=<value>`, the module and props of
 * remote-routes.tsx); the remote the path shows (early-load.ts's ROUTE_REMOTES); and whether it needs a session
 * (an /app route is sent plain to a browser without one: it is off to /login).
 */
export const FIRST_PAINT_ROUTES: Record<string, { remote: string; screen: string; session: boolean }> =
  Object.fromEntries(
    Object.entries(FIRST_PAINT_SCREENS).map(([path, screen]) => {
      const remote = remoteForPath(path);
      if (!remote) throw new Error(`first paint: no remote shows ${path}`);
      return [path, { remote, screen, session: path.startsWith('/app/') }];
    }),
  );
