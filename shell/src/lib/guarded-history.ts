import { createContext, useContext, useEffect, useRef } from 'react';
import { parsePath, type Location, type To, type UNSAFE_createBrowserHistory } from 'react-router-dom';

/** React Router's history: the browser's (the app) or an in-memory one (tests). */
export type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** Where the app is and where a navigation would take it. */
export interface PendingNavigation {
  currentLocation: Pick<Location, 'pathname' | 'search'>;
  nextLocation: Pick<Location, 'pathname' | 'search'>;
  /** The browser's Back or Forward, not a link or `navigate()`. */
  traversal: boolean;
}

/** Returns true to stop the navigation (and then tells the user why itself). */
export type NavigationGuard = (navigation: PendingNavigation) => boolean;

export interface GuardedHistory extends History {
  /** Adds a guard consulted before every navigation; returns its removal. */
  guard(guard: NavigationGuard): () => void;
}

/**
 * The app's history with navigation guards — what the data router's `useBlocker` did, for the plain router the app
 * uses (a third of the data router's JavaScript). A link, `navigate()` or a remote's `host.navigate` that a guard
 * stops never happens; a Back or Forward it stops (the browser has already moved) is undone with `go(-delta)` before
 * the router sees it. A step whose distance is unknown (an entry from before this page load) is let through.
 */
export function guardHistory(inner: History): GuardedHistory {
  const guards = new Set<NavigationGuard>();
  let shown: Location = inner.location; // what the app shows
  let undoingTo: string | null = null; // the entry (key) a stopped Back/Forward is being taken back to

  const stopped = (nextLocation: Pick<Location, 'pathname' | 'search'>, traversal = false) =>
    [...guards].some((guard) => guard({ currentLocation: shown, nextLocation, traversal }));
  const target = (to: To) => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    return { pathname: path.pathname ?? shown.pathname, search: path.search ?? '' };
  };
  const navigateUnlessStopped = (to: To, go: () => void) => {
    if (stopped(target(to))) return;
    go();
    shown = inner.location;
  };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push: (to, state) => navigateUnlessStopped(to, () => inner.push(to, state)),
    replace: (to, state) => navigateUnlessStopped(to, () => inner.replace(to, state)),
    go: (delta) => inner.go(delta),
    listen(listener) {
      return inner.listen((update) => {
        const undo = undoingTo;
        undoingTo = null;
        // The step back from a stopped Back/Forward: the app never left. Known by its entry, so an undo the browser
        // never made cannot swallow the next real step.
        if (undo !== null && update.location.key === undo) return;
        if (update.action === 'POP' && update.delta && stopped(update.location, true)) {
          undoingTo = shown.key;
          inner.go(-update.delta);
          return;
        }
        shown = update.location;
        listener(update);
      });
    },
    guard(guard) {
      guards.add(guard);
      return () => void guards.delete(guard);
    },
  };
}

/** The app's history, for useNavigationGuard (app/router.tsx provides it). */
export const NavigationGuards = createContext<GuardedHistory | null>(null);

/** Consults `shouldStop` before every navigation while the calling component is mounted. */
export function useNavigationGuard(shouldStop: NavigationGuard) {
  const history = useContext(NavigationGuards);
  const latest = useRef(shouldStop);
  useEffect(() => {
    latest.current = shouldStop;
  });
  useEffect(() => history?.guard((navigation) => latest.current(navigation)), [history]);
}
