import { useToast } from '@atelier/ui';
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

// The Toaster (Radix's toast, ~6 KB gzip) is not part of the page's first load: it is fetched once the page is idle
// (so a toast that comes while offline — "Generate" with the network gone — still shows; fetched with the first
// toast it failed to load and the toast was lost), or with the first toast if that comes sooner. The store it draws
// is @atelier/ui's, shared by the shell and the remotes.
type ToasterModule = { default: ComponentType };
const loadToaster = (): Promise<ToasterModule> =>
  import('@atelier/ui/toaster').then(({ Toaster }) => ({ default: Toaster }));

/** At the latest this long after the page starts, the Toaster's chunk is fetched even if the page is never idle. */
const TOASTER_PRELOAD_TIMEOUT_MS = 5_000;

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
export function LazyToaster({
  load = loadToaster,
  preloadWhenIdle = true,
}: {
  load?: () => Promise<ToasterModule>;
  /** Fetch the Toaster's chunk once the page is idle (the bundler keeps it: the first toast then needs no network). */
  preloadWhenIdle?: boolean;
}) {
  const { toasts } = useToast();
  useEffect(() => {
    if (!preloadWhenIdle) return;
    const early = () => void load().catch(() => undefined); // a failure here is tried again by the first toast
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(early, { timeout: TOASTER_PRELOAD_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(early, TOASTER_PRELOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [load, preloadWhenIdle]);
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
