// Module Federation runtime plugin: when a remote's manifest or entry cannot be loaded, hand back a module
// whose component throws a RemoteUnavailableError, so the error boundary around that remote shows its
// fallback (with Retry) while every other screen keeps working.
//
// It also hands the runtime a remote's manifest the shell's entry already fetched (shell/src/features/remotes/
// utils/early-load.ts leaves it under globalThis.__atelierEarlyRemotes), once, instead of a second request.
export default function offlineRemotePlugin() {
  return {
    name: 'offline-remote',
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
