import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { revealApp } from '../lib/first-paint';

/** Rendered with a screen worth showing (a remote's once it has loaded, an error): it replaces the first paint. */
export function RevealApp() {
  useEffect(revealApp, []);
  return null;
}

/** Replaces the first paint when the app leaves the route it was for (e.g. a redirect to /login). */
export function RevealOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) revealApp();
  }, [pathname]);
  return null;
}
