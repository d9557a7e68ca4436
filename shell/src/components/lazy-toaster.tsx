import { useToast } from '@atelier/ui';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

// The Toaster (Radix's toast, ~6 KB gzip) loads with the page's first toast rather than with every page: until
// then there is nothing for it to draw. The store it draws is @atelier/ui's, shared by the shell and the remotes.
type ToasterModule = { default: ComponentType };
const loadToaster = (): Promise<ToasterModule> =>
  import('@atelier/ui/toaster').then(({ Toaster }) => ({ default: Toaster }));

/** A Toaster that could not load (offline, a deploy removed its chunk) costs its toasts, never the page. */
class ToasterBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[shell] the toaster could not load:', error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The page's one Toaster, mounted from the first toast on (and kept, so later toasts show at once). If its chunk
 * fails to load, the toast it was for is dropped and the next toast tries again.
 */
export function LazyToaster({ load = loadToaster }: { load?: () => Promise<ToasterModule> }) {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const [failedOn, setFailedOn] = useState<string | null>(null);
  const newest = toasts.at(-1)?.id ?? null;
  if (!Toaster && newest !== null && newest !== failedOn) setToaster(() => lazy(load));
  if (!Toaster) return null;
  return (
    <ToasterBoundary
      onError={() => {
        setFailedOn(newest);
        setToaster(null);
      }}
    >
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ToasterBoundary>
  );
}
