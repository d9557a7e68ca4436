import { useMemo, useRef } from 'react';

/**
 * One at a time: `begin()` is true for the first call and false while it runs, until `end()`. Set at once, unlike
 * a mutation's `isPending` or a `disabled` from state, which only change at the next render: two clicks in one
 * task (a double-click that lands before React renders, a script) both got through them and sent twice.
 */
export function useSingleFlight(): { begin(): boolean; end(): void } {
  const running = useRef(false);
  return useMemo(
    () => ({
      begin: () => {
        if (running.current) return false;
        running.current = true;
        return true;
      },
      end: () => {
        running.current = false;
      },
    }),
    [],
  );
}
