import { useEffect, useRef, useState, type ReactNode } from 'react';
import { photoshootInSession } from '@atelier/host';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { ROUTES } from '../../../constants';
import { useNavigationGuard } from '../../../lib/guarded-history';
import { isPhotoshootsPath, rememberPhotoshootsReturnPath, usePhotoshootsGate } from '../hooks/use-photoshoots-gate';

/**
 * In the app's layout: every navigation to /app/photoshoots from another page (the tab, the home card, a
 * remote's host.navigate, Back/Forward) is blocked while the avatar allowance is used up, with the limit
 * dialog; an allowed one remembers the page it came from as the flow's return path.
 */
export function PhotoshootsNavigationGate() {
  const { blocked, block } = usePhotoshootsGate();
  useNavigationGuard(({ currentLocation, nextLocation }) => {
    if (!blocked || !isPhotoshootsPath(nextLocation.pathname) || isPhotoshootsPath(currentLocation.pathname)) return false;
    block();
    return true;
  });

  const location = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (isPhotoshootsPath(location.pathname) && previous.current && !isPhotoshootsPath(previous.current.split('?')[0]!)) {
      rememberPhotoshootsReturnPath(previous.current);
    }
    previous.current = here;
  }, [location.pathname, location.search]);
  return null;
}

/**
 * Around the /app/photoshoots route: an address typed, bookmarked or reloaded never passed the navigation
 * gate, so the route waits for the limits and judges once; used up, it opens the limit dialog and goes to
 * /app. Judged once: the allowance used by this very photoshoot must not close the open flow.
 */
export function PhotoshootsRouteGate({ children }: { children: ReactNode }) {
  const gate = usePhotoshootsGate();
  const [decision, setDecision] = useState<'pending' | 'open' | 'blocked'>('pending');
  const decided = useRef(false);
  const { settled, blocked, block } = gate;
  useEffect(() => {
    if (decided.current || !settled) return;
    decided.current = true;
    // The photoshoot this tab is making or has just made comes back after a reload, though it used the allowance.
    const refused = blocked && photoshootInSession() === null;
    if (refused) block();
    setDecision(refused ? 'blocked' : 'open');
  }, [settled, blocked, block]);

  if (decision === 'pending') return <FullPageSpinner label="Checking your photoshoots" />;
  if (decision === 'blocked') return <Navigate to={ROUTES.app} replace />;
  return children;
}
