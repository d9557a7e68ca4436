// The API as the pricing page sees it, faked in memory for tests (the network only: the page runs through
// the real apiRequest). The billing service does not exist yet, so the answers follow SPEC.md §7:
// POST /api/waitlist { email, source } → 201 the entry, 409 when the email is already registered;
// POST /api/create-billing-portal-session → { url }. Any other route fails the test (see @atelier/host/testing).
import { installFakeApi as installHostFakeApi, installedFakeApi, json, type FakeApi, type FakeRoutes } from '@atelier/host/testing';

export { json };

export interface WaitlistEntry {
  email: string;
  source: string;
}

export interface PricingFakeApi extends FakeApi {
  /** The waitlist so far (a test may add to it). */
  waitlist: WaitlistEntry[];
}

export const BILLING_PORTAL_URL = 'https://billing.stripe.com/p/session/test_YWNjdF8xUGF0ZWxpZXI';

export function installFakeApi(routes: FakeRoutes = {}): PricingFakeApi {
  const api = Object.assign(installHostFakeApi(), { waitlist: [] as WaitlistEntry[] });
  api.on('POST /api/waitlist', ({ body }) => {
    const { email, source } = (body ?? {}) as { email?: unknown; source?: unknown };
    if (typeof email !== 'string' || !email.trim()) return json({ error: 'Email is required' }, 400);
    if (api.waitlist.some((entry) => entry.email.toLowerCase() === email.toLowerCase())) {
      return json({ error: 'Already registered' }, 409);
    }
    const entry = { email, source: typeof source === 'string' ? source : 'unknown' };
    api.waitlist.push(entry);
    return json(entry, 201);
  });
  api.on('POST /api/create-billing-portal-session', () => ({ url: BILLING_PORTAL_URL }));
  for (const [route, handler] of Object.entries(routes)) api.on(route, handler);
  return api;
}

/** The fake installed in this test, or one with the default answers (an empty waitlist). */
export const currentFakeApi = (): PricingFakeApi => (installedFakeApi() as PricingFakeApi | null) ?? installFakeApi();
