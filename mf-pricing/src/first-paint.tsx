// The pricing pages as they first paint, before the plans or the session have loaded: the production build
// writes them to dist/first-paint.json and the gateway sends each in its route's page (docs/architecture.md).
import { renderFirstPaint } from '@atelier/host/first-paint';
import PricingPageRemote from './expose/pricing-page';

/** By `<Module>?<prop>=<value>`, the key the shell's route table names (shell/src/app/routes/remote-routes.tsx). */
export function firstPaint(): Record<string, string> {
  return {
    'PricingPage?variant=select': renderFirstPaint('/pricing', <PricingPageRemote variant="select" />),
    'PricingPage?variant=all': renderFirstPaint('/pricing/all', <PricingPageRemote variant="all" />),
    'PricingPage?variant=in': renderFirstPaint('/pricing/in', <PricingPageRemote variant="in" />),
  };
}
