import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '@atelier/federation/offline-remote';

/** Lets every queued promise callback run (several turns of the microtask queue), but no task. */
async function drainMicrotasks() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves in a later task, not among the promise callbacks of this one', async () => {
    vi.stubGlobal('scheduler', undefined);
    let resumed = false;
    const waited = nextTask().then(() => {
      resumed = true;
    });
    await drainMicrotasks();
    expect(resumed).toBe(false);
    await waited;
    expect(resumed).toBe(true);
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledOnce();
  });
});
