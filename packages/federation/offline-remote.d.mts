/** The shell's Module Federation runtime plugin (offline-remote.mjs). */
export default function offlineRemotePlugin(): {
  name: string;
  /** A manifest the shell's entry already fetched, once; undefined lets the runtime fetch it. */
  fetch(url: string): Promise<Response | undefined> | undefined;
  /** Each resolves in a later task of the event loop: a remote's start is several short tasks, not one long one. */
  beforeInitRemote(): Promise<undefined>;
  beforeGetExpose(): Promise<undefined>;
  beforeExecuteFactory(): Promise<undefined>;
  errorLoadRemote(args: { id: string; error: unknown; lifecycle: string }): { __esModule: true; default: () => never };
};

/** Resolves (to undefined) in a later task of the event loop: `scheduler.yield()`, else a MessageChannel message. */
export function nextTask(): Promise<undefined>;
