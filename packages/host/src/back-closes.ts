import { useEffect, useRef } from 'react';
import type { Host } from './types.js';

/**
 * While `open`, the browser's Back (or Forward) calls `close` instead of leaving the page — what a phone's user expects
 * of a full-screen viewer. Links and `navigate()` go on as usual. Without the shell's navigation guards (an older
 * shell) Back leaves the page as before.
 *
 * A subpath (`@atelier/host/back-closes`), bundled into each remote that uses it: the shared `@atelier/host` is the
 * shell's copy, so a new export there would be missing under an older shell ("useBackCloses is not a function").
 */
export function useBackCloses(host: Pick<Host, 'guardNavigation'>, open: boolean, close: () => void) {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    return host.guardNavigation?.((to) => {
      if (!to.traversal) return false;
      latest.current();
      return true;
    });
  }, [open, host]);
}
