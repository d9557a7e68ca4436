import { useEffect, type RefObject } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Another dialog open outside the overlay (portaled out of it: the viewer, a small form), which keeps its own keys. */
function otherDialogOpen(container: HTMLElement): boolean {
  return [...document.querySelectorAll('[role="dialog"],[role="alertdialog"]')].some((dialog) => dialog !== container && !container.contains(dialog));
}

/**
 * Keeps Tab and Shift+Tab inside a full-screen overlay (an aria-modal element that is not a Radix dialog), wherever
 * focus is: on a control, on a step's heading (not tabbable itself), or on the page's body after the focused control
 * was disabled (Continue while a preview is made: Tab went on to the header behind the overlay). Escape calls
 * `onEscape`. A dialog portaled out of the overlay keeps its own trap and its own Escape.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || otherDialogOpen(container)) return;
      if (event.key === 'Escape' && onEscape && !event.isComposing) {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const tabbables = [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
        (element) => element.tabIndex >= 0 && !element.closest('[inert],[hidden]') && element.getClientRects().length > 0,
      );
      const active = document.activeElement;
      const at = active instanceof HTMLElement && container.contains(active) ? active : null;
      const first = tabbables[0];
      const last = tabbables[tabbables.length - 1];
      // The browser's own order inside the overlay; only where it would leave it, back to its other end.
      let target: HTMLElement | undefined;
      if (!at) target = event.shiftKey ? last : first;
      else if (tabbables.includes(at)) target = at === (event.shiftKey ? first : last) ? (event.shiftKey ? last : first) : undefined;
      else {
        // On something not tabbable itself (a step's heading): natural order while a control lies that way.
        const following = (element: HTMLElement) => (at.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
        const onward = event.shiftKey ? tabbables.some((element) => !following(element)) : tabbables.some(following);
        if (!onward) target = event.shiftKey ? last : first;
      }
      if (target === undefined && at) return;
      event.preventDefault();
      target?.focus();
    };
    // On the document: with focus on the body (its control disabled), the overlay itself never sees the key.
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ref, onEscape]);
}
