import type { Generation, GenerationType } from '@atelier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isInFlight } from '../api/get-generations';
import type { ProgressPhase } from './use-generation-progress';

export interface WatchedGeneration {
  type: GenerationType;
  model: string | null;
  cost: number;
}

interface Callbacks {
  onCompleted(generation: Generation, watched: WatchedGeneration): void;
  onFailed(generation: Generation, watched: WatchedGeneration): void;
}

/**
 * Follows generations until they settle: the ones this screen started and any the list shows queued or
 * processing. Reports each settlement once and gives every type its progress phase.
 */
export function useGenerationWatcher(items: readonly Generation[] | undefined, callbacks: Callbacks) {
  const watched = useRef(new Map<string, WatchedGeneration>());
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<Partial<Record<GenerationType, 'completed' | 'failed'>>>({});
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;

  const watch = useCallback((id: string, generation: WatchedGeneration) => {
    watched.current.set(id, generation);
    setVersion((v) => v + 1);
  }, []);

  useEffect(() => {
    if (!items) return;
    let changed = false;
    for (const generation of items) {
      if (isInFlight(generation) && !watched.current.has(generation.id)) {
        watched.current.set(generation.id, { type: generation.type, model: generation.model, cost: generation.cost });
        changed = true;
      }
    }
    for (const [id, meta] of [...watched.current]) {
      const generation = items.find((item) => item.id === id);
      if (!generation || isInFlight(generation)) continue; // not listed yet, or still running
      watched.current.delete(id);
      changed = true;
      const status = generation.status === 'completed' ? 'completed' : 'failed';
      setSettled((previous) => ({ ...previous, [meta.type]: status }));
      if (status === 'completed') callbacksRef.current.onCompleted(generation, meta);
      else callbacksRef.current.onFailed(generation, meta);
    }
    if (changed) setVersion((v) => v + 1);
  }, [items]);

  /** The generation of this type still running (the newest one watched), if any. */
  const inFlight = useCallback(
    (type: GenerationType): (WatchedGeneration & { id: string }) | null => {
      void version; // re-read after watch()
      let found: (WatchedGeneration & { id: string }) | null = null;
      for (const [id, meta] of watched.current) if (meta.type === type) found = { id, ...meta };
      return found;
    },
    [version],
  );

  const phase = useCallback(
    (type: GenerationType): ProgressPhase => (inFlight(type) ? 'loading' : (settled[type] ?? 'idle')),
    [inFlight, settled],
  );

  return { watch, inFlight, phase, watching: watched.current.size > 0 };
}
