import { useEffect, useRef, useState } from 'react';
import { createProgressTicker, type ProgressTicker } from '../utils/progress';

export type ProgressPhase = 'idle' | 'loading' | 'completed' | 'failed';

/**
 * Drives the SPEC §4 bar from the phase of the tab's current generation: loading starts it (1, +1 per tick up
 * to 99), completed jumps to 100 and resets after 1 s, failed resets at once.
 */
export function useGenerationProgress(phase: ProgressPhase, tickMs: number): { value: number; loading: boolean } {
  const [value, setValue] = useState(0);
  const tickerRef = useRef<ProgressTicker | null>(null);

  useEffect(() => {
    const ticker = createProgressTicker(setValue);
    tickerRef.current = ticker;
    return () => {
      ticker.dispose();
      tickerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const ticker = tickerRef.current;
    if (!ticker) return;
    if (phase === 'loading') ticker.start(tickMs);
    else if (phase === 'completed' && ticker.loading) ticker.complete();
    else if (phase === 'failed' || (phase === 'idle' && ticker.loading)) ticker.reset();
  }, [phase, tickMs]);

  return { value, loading: phase === 'loading' };
}
