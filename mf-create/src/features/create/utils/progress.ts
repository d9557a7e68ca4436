// The generation progress bar of SPEC.md §4, as plain logic (no React) so it can be tested with fake timers:
// it starts at 1 while loading and rises by 1 each tick up to 99; on completion it jumps to 100 and resets
// to 0 after 1 second. A failed generation resets it at once.
import type { GenerationType } from '@atelier/contracts';
import { PROGRESS_RESET_MS, PROGRESS_TICK_MS } from '../../../constants';

export const PROGRESS_START = 1;
export const PROGRESS_CEILING = 99;
export const PROGRESS_DONE = 100;

/** The tick of a generation: 300 ms for images (and Dress Up), 500 ms for video, 900 ms for Wan 2.5. */
export function progressTickMs(type: GenerationType, model?: string | null): number {
  if (type !== 'video') return PROGRESS_TICK_MS.image;
  return model === 'wan-2.5' ? PROGRESS_TICK_MS.wan : PROGRESS_TICK_MS.video;
}

/**
 * The label under the video progress bar: Generating video up to 68 %, Video generated successfully up to 72,
 * then Uploading video; Almost done! at 99 while still loading.
 */
export function videoProgressLabel(progress: number, loading: boolean): string {
  if (loading && progress >= PROGRESS_CEILING) return 'Almost done!';
  if (progress <= 68) return 'Generating video';
  if (progress <= 72) return 'Video generated successfully';
  return 'Uploading video';
}

/** The label for images and Dress Up (the spec gives only the video labels). */
export function stillProgressLabel(type: GenerationType, progress: number, loading: boolean): string {
  if (loading && progress >= PROGRESS_CEILING) return 'Almost done!';
  if (!loading && progress >= PROGRESS_DONE) return 'Done';
  return type === 'dressup' ? 'Dressing up' : 'Generating image';
}

export function progressLabel(type: GenerationType, progress: number, loading: boolean): string {
  return type === 'video' ? videoProgressLabel(progress, loading) : stillProgressLabel(type, progress, loading);
}

export interface ProgressTicker {
  /** Starts at 1 and ticks (a no-op while already loading). */
  start(tickMs: number): void;
  /** Completion: 100 now, 0 after 1 s. */
  complete(): void;
  /** Failure or cancel: 0 now. */
  reset(): void;
  readonly value: number;
  readonly loading: boolean;
  dispose(): void;
}

export function createProgressTicker(onChange: (value: number) => void): ProgressTicker {
  let value = 0;
  let loading = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: number) => {
    if (next === value) return;
    value = next;
    onChange(value);
  };
  const clearTimers = () => {
    clearInterval(interval);
    clearTimeout(resetTimer);
    interval = undefined;
    resetTimer = undefined;
  };

  return {
    start(tickMs) {
      if (loading) return;
      clearTimers();
      loading = true;
      set(PROGRESS_START);
      interval = setInterval(() => set(Math.min(PROGRESS_CEILING, value + 1)), tickMs);
    },
    complete() {
      clearTimers();
      loading = false;
      set(PROGRESS_DONE);
      resetTimer = setTimeout(() => set(0), PROGRESS_RESET_MS);
    },
    reset() {
      clearTimers();
      loading = false;
      set(0);
    },
    get value() {
      return value;
    },
    get loading() {
      return loading;
    },
    dispose() {
      clearTimers();
      loading = false;
    },
  };
}
