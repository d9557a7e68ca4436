interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task of the browser's event loop, so what follows does not lengthen the task that awaited
 * it: a page's start-up runs as several short tasks, between which the browser can paint and answer input,
 * instead of one long one (what Lighthouse's Total Blocking Time counts). `scheduler.yield()` where the browser
 * has it (the work keeps its place ahead of other queued tasks), else a MessageChannel message (`setTimeout` is
 * clamped to 4 ms once nested).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
