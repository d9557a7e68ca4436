// @vitest-environment node
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useCurrentUser, useHost, useLocation } from '@atelier/host';
import { renderFirstPaint } from '../first-paint/index.js';

function Screen() {
  const host = useHost();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const plans = useQuery({ queryKey: ['/api/billing/plans'] });
  host.track('rendered'); // a no-op at build time, not a request
  return (
    <section data-remote="mf_test">
      <h1>{user ? `Hello ${user.firstName}` : 'Pricing'}</h1>
      <p>{pathname}</p>
      {plans.isPending ? <p role="status">Loading plans…</p> : null}
    </section>
  );
}

describe('renderFirstPaint', () => {
  it('renders a screen as it looks before anything loads, where there is no window', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(renderFirstPaint('/pricing/all', <Screen />)).toBe(
      '<section data-remote="mf_test"><h1>Pricing</h1><p>/pricing/all</p><p role="status">Loading plans…</p></section>',
    );
  });

  it("keeps the build's host from reaching a server", async () => {
    function Calls() {
      const host = useHost();
      void host.apiRequest('GET', '/api/auth/user').catch((error: Error) => (failure = error.message));
      return null;
    }
    let failure = '';
    renderFirstPaint('/', <Calls />);
    await Promise.resolve();
    expect(failure).toBe('There is no API at build time');
  });
});
