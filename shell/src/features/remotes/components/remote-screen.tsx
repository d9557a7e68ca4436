import { Spinner } from '@atelier/ui';
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ComponentType } from 'react';
import type { RemoteModuleId, RemoteRegistry } from '../utils/remote-registry';
import { RevealApp } from '../../../components/reveal-app';
import { RemoteErrorBoundary } from './remote-error-boundary';

type LazyRemote = ComponentType<Record<string, unknown>>;

/** Which registry remote screens load from; the real runtime in the app, a stand-in in tests. */
export const RemoteRegistryContext = createContext<RemoteRegistry | null>(null);

// One lazy component per registry and exposed module, so returning to a route does not suspend again.
const lazyCache = new WeakMap<RemoteRegistry, Map<RemoteModuleId, LazyRemote>>();

function lazyRemote(registry: RemoteRegistry, id: RemoteModuleId, retry: boolean): LazyRemote {
  let byId = lazyCache.get(registry);
  if (!byId) lazyCache.set(registry, (byId = new Map()));
  const cached = byId.get(id);
  if (cached && !retry) return cached;
  const component = lazy(() => registry.loadComponent(id, { retry }).then((Loaded) => ({ default: Loaded })));
  byId.set(id, component);
  return component;
}

export interface RemoteScreenProps {
  id: RemoteModuleId;
  label: string;
  props?: Record<string, unknown>;
}

/** Renders one exposed remote module, loaded lazily at run time, inside its own error boundary. */
export function RemoteScreen({ id, label, props = {} }: RemoteScreenProps) {
  const registry = useContext(RemoteRegistryContext);
  if (!registry) throw new Error('RemoteScreen needs a RemoteRegistryContext provider');
  const [attempt, setAttempt] = useState(0);
  const [Remote, setRemote] = useState(() => lazyRemote(registry, id, false));
  const [loadedId, setLoadedId] = useState(id);
  if (loadedId !== id) {
    // The route switched to another remote module (e.g. /app/canvas → /app/image with the layout kept).
    setLoadedId(id);
    setRemote(() => lazyRemote(registry, id, false));
  }
  const retry = useCallback(() => {
    setRemote(() => lazyRemote(registry, id, true));
    setAttempt((n) => n + 1);
  }, [registry, id]);

  return (
    <RemoteErrorBoundary key={`${id}#${attempt}`} label={label} onRetry={retry}>
      <Suspense
        fallback={
          <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
            <Spinner label={`Loading ${label}`} />
          </div>
        }
      >
        <Remote {...props} />
        <RevealApp />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
