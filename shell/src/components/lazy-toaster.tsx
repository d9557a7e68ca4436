import { useToast } from '@atelier/ui';
import { lazy, Suspense, useState } from 'react';

// The Toaster (Radix's toast, ~6 KB gzip) loads with the page's first toast rather than with every page: until
// then there is nothing for it to draw. The store it draws is @atelier/ui's, shared by the shell and the remotes.
const Toaster = lazy(() => import('@atelier/ui/toaster').then(({ Toaster }) => ({ default: Toaster })));

/** The page's one Toaster, mounted from the first toast on (and kept, so later toasts show at once). */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
