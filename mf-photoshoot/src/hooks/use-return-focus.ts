import { useCallback, useRef } from 'react';

/**
 * Focus back where it was when a dialog opened without a Radix trigger (opened from state): call
 * `remember()` as it opens and pass `onCloseAutoFocus` to its content. When that element is gone (a
 * deleted card), `fallback` gets focus instead.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      event.preventDefault();
      const target = opener.current?.isConnected ? opener.current : fallback?.();
      opener.current = null;
      target?.focus();
    },
    [fallback],
  );
  return { remember, onCloseAutoFocus };
}
