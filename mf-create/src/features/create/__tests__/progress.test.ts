import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressTicker, progressLabel, progressTickMs, videoProgressLabel } from '../utils/progress';

describe('progress ticker (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 1 and rises by 1 each tick', () => {
    const values: number[] = [];
    const ticker = createProgressTicker((v) => values.push(v));
    ticker.start(300);
    expect(ticker.value).toBe(1);
    vi.advanceTimersByTime(299);
    expect(ticker.value).toBe(1);
    vi.advanceTimersByTime(1);
    expect(ticker.value).toBe(2);
    vi.advanceTimersByTime(300 * 10);
    expect(ticker.value).toBe(12);
    expect(values.slice(0, 4)).toEqual([1, 2, 3, 4]);
    ticker.dispose();
  });

  it('stops at 99 while still loading', () => {
    const ticker = createProgressTicker(() => {});
    ticker.start(500);
    vi.advanceTimersByTime(500 * 200);
    expect(ticker.value).toBe(99);
    expect(ticker.loading).toBe(true);
    ticker.dispose();
  });

  it('jumps to 100 on completion and resets to 0 after 1 second', () => {
    const ticker = createProgressTicker(() => {});
    ticker.start(900);
    vi.advanceTimersByTime(900 * 5);
    expect(ticker.value).toBe(6);
    ticker.complete();
    expect(ticker.value).toBe(100);
    expect(ticker.loading).toBe(false);
    vi.advanceTimersByTime(999);
    expect(ticker.value).toBe(100);
    vi.advanceTimersByTime(1);
    expect(ticker.value).toBe(0);
    // no more ticks after the reset
    vi.advanceTimersByTime(10_000);
    expect(ticker.value).toBe(0);
  });

  it('resets at once on failure, and a new start begins at 1 again', () => {
    const ticker = createProgressTicker(() => {});
    ticker.start(300);
    vi.advanceTimersByTime(3000);
    ticker.reset();
    expect(ticker.value).toBe(0);
    vi.advanceTimersByTime(3000);
    expect(ticker.value).toBe(0);
    ticker.start(300);
    expect(ticker.value).toBe(1);
    ticker.dispose();
  });

  it('ignores a second start while loading', () => {
    const ticker = createProgressTicker(() => {});
    ticker.start(300);
    vi.advanceTimersByTime(900);
    ticker.start(300);
    expect(ticker.value).toBe(4);
    ticker.dispose();
  });

  it('a start during the 1 s reset window begins at 1 and is not reset by the old timer', () => {
    const ticker = createProgressTicker(() => {});
    ticker.start(300);
    ticker.complete();
    ticker.start(300);
    expect(ticker.value).toBe(1);
    vi.advanceTimersByTime(1200);
    expect(ticker.value).toBe(5);
    ticker.dispose();
  });
});

describe('progress tick and labels', () => {
  it('ticks 300 ms for images and Dress Up, 500 ms for video, 900 ms for Wan 2.5', () => {
    expect(progressTickMs('image')).toBe(300);
    expect(progressTickMs('dressup')).toBe(300);
    expect(progressTickMs('video', 'veo-3.1')).toBe(500);
    expect(progressTickMs('video', 'sora-2')).toBe(500);
    expect(progressTickMs('video', 'wan-2.5')).toBe(900);
  });

  it('labels video progress as the spec says', () => {
    expect(videoProgressLabel(1, true)).toBe('Generating video');
    expect(videoProgressLabel(68, true)).toBe('Generating video');
    expect(videoProgressLabel(69, true)).toBe('Video generated successfully');
    expect(videoProgressLabel(72, true)).toBe('Video generated successfully');
    expect(videoProgressLabel(73, true)).toBe('Uploading video');
    expect(videoProgressLabel(98, true)).toBe('Uploading video');
    expect(videoProgressLabel(99, true)).toBe('Almost done!');
    expect(videoProgressLabel(99, false)).toBe('Uploading video');
  });

  it('labels images and Dress Up', () => {
    expect(progressLabel('image', 10, true)).toBe('Generating image');
    expect(progressLabel('dressup', 10, true)).toBe('Dressing up');
    expect(progressLabel('image', 99, true)).toBe('Almost done!');
    expect(progressLabel('image', 100, false)).toBe('Done');
  });
});
