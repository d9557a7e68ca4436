// Module Federation runtime plugin: when a remote's manifest or entry cannot be loaded, hand back a module
// whose component throws a RemoteUnavailableError, so the error boundary around that remote shows its
// fallback (with Retry) while every other screen keeps working.
//
// It also hands the runtime a remote's manifest the shell's entry already fetched (shell/src/features/remotes/
// utils/early-load.ts leaves it under globalThis.__atelierEarlyRemotes), once, instead of a second request.
//
// And it spreads a remote's start over several tasks: once its remoteEntry.js has loaded, the runtime would init
// its container (negotiating every shared module), ask for the exposed module and evaluate it in one chain of
// promise callbacks — one long task of the main thread. Each of those steps now begins in a task of its own, so
// the browser can paint and answer input between them.
export default function offlineRemotePlugin() {
  return {
    name: 'offline-remote',
    beforeInitRemote: nextTask,
    beforeGetExpose: nextTask,
    beforeExecuteFactory: nextTask,
    fetch(url) {
      const early = globalThis.__atelierEarlyRemotes;
      if (!early || typeof url !== 'string' || typeof location === 'undefined') return undefined;
      const key = new URL(url, location.href).href;
      const pending = early.manifests?.get(key);
      if (!pending) return undefined;
      early.manifests.delete(key);
      return pending.then((text) => (text === null ? undefined : new Response(text, { status: 200, headers: { 'content-type': 'application/json' } })));
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[mf] remote ${id} failed to load during ${lifecycle}:`, error);
      const unavailable = new Error(`Remote ${id} is unavailable`);
      unavailable.name = 'RemoteUnavailableError';
      // A module whose default export throws when rendered; the caller's boundary catches it.
      const Unavailable = () => {
        throw unavailable;
      };
      return { __esModule: true, default: Unavailable };
    },
  };
}

/**
 * Resolves in a later task of the event loop, so what follows does not lengthen the task that awaited it (what
 * Lighthouse's Total Blocking Time counts): `scheduler.yield()` where the browser has it (the work keeps its place
 * ahead of other queued tasks), else a MessageChannel message (`setTimeout` is clamped to 4 ms once nested); in Node
 * without one (a remote's first-paint build) the next macrotask. Resolves to undefined, so the runtime's hooks go on
 * with their own arguments. The shell's start-up yields with it too (shell/src/index.ts, bootstrap.tsx).
 */
export function nextTask() {
  const scheduler = globalThis.scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield().then(() => undefined);
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve(undefined);
    };
    channel.port2.postMessage(null);
  });
}
