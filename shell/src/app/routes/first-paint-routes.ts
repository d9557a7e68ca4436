/**
 * The remote routes the gateway sends with a first paint (lib/first-paint.ts): the remote screen each shows, by its
 * key in the remote's dist/first-paint.json (`<Module>` or `<Module>?<prop>=<value>`, the module and props of
 * remote-routes.tsx), and whether it needs a session (an /app route is sent plain to a browser without one: it is
 * off to /login).
 */
export const FIRST_PAINT_ROUTES: Record<string, { remote: string; screen: string; session: boolean }> = {
  '/pricing': { remote: 'mf_pricing', screen: 'PricingPage?variant=select', session: false },
  '/pricing/all': { remote: 'mf_pricing', screen: 'PricingPage?variant=all', session: false },
  '/pricing/in': { remote: 'mf_pricing', screen: 'PricingPage?variant=in', session: false },
  '/app/image': { remote: 'mf_create', screen: 'CreateScreen?tab=image', session: true },
  '/app/video': { remote: 'mf_create', screen: 'CreateScreen?tab=video', session: true },
  '/app/dress-up': { remote: 'mf_create', screen: 'CreateScreen?tab=dress-up', session: true },
  '/app/canvas': { remote: 'mf_canvas', screen: 'CanvasEditor', session: true },
  // Not /app/photoshoots: whether the flow opens at all depends on the user's allowance (PhotoshootsRouteGate), so
  // a first paint of it would show a blocked user a flow they cannot use until the app sends them back.
};
