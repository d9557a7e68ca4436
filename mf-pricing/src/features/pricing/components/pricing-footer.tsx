import { useHost } from '@atelier/host';
import type { MouseEvent } from 'react';
import { PAGE_TEXTS, ROUTES } from '../../../constants';

/** Terms and privacy links (SPEC.md §2), followed inside the app through the host's navigation. */
export function PricingFooter() {
  const host = useHost();
  const go = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return; // a new tab or window
    event.preventDefault();
    host.navigate(to);
  };
  return (
    <footer className="flex justify-center gap-6 border-t border-border pt-6 text-sm text-muted-foreground">
      <a href={ROUTES.terms} onClick={go(ROUTES.terms)} className="hover:text-foreground">
        {PAGE_TEXTS.terms}
      </a>
      <a href={ROUTES.privacy} onClick={go(ROUTES.privacy)} className="hover:text-foreground">
        {PAGE_TEXTS.privacy}
      </a>
    </footer>
  );
}
