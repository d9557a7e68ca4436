// Module Federation runtime plugin: when a remote's manifest or entry cannot be loaded, hand back a module
// whose component throws a RemoteUnavailableError, so the error boundary around that remote shows its
// fallback (with Retry) while every other screen keeps working.
export default function offlineRemotePlugin() {
  return {
    name: 'offline-remote',
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
