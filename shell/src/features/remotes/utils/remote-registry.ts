import type { ComponentType } from 'react';
import { getRemotes, type RemoteEntry } from '../api/get-remotes';

// The exposed modules the shell renders (docs/architecture.md, "Module Federation").
export type RemoteModuleId =
  | 'mf_create/CreateScreen'
  | 'mf_photoshoot/PhotoshootFlow'
  | 'mf_canvas/CanvasEditor'
  | 'mf_pricing/PricingPage';

/** The Module Federation runtime calls the registry needs; injected so tests can stand in for them. */
export interface FederationRuntime {
  registerRemotes(remotes: RemoteEntry[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemoteRegistry {
  /** Loads an exposed component; `retry` first forgets what the runtime cached about that remote. */
  loadComponent(id: RemoteModuleId, options?: { retry?: boolean }): Promise<ComponentType<Record<string, unknown>>>;
}

type RemoteModule = { default?: unknown } & Record<string, unknown>;

export function createRemoteRegistry(
  runtime: FederationRuntime,
  fetchRemotes: () => Promise<RemoteEntry[]> = getRemotes,
): RemoteRegistry {
  let registration: Promise<RemoteEntry[]> | null = null;

  // remotes.json is fetched once; a failed fetch is not kept, so the next attempt asks again.
  function ensureRegistered(): Promise<RemoteEntry[]> {
    registration ??= fetchRemotes().then(
      (remotes) => {
        runtime.registerRemotes(remotes.map((remote) => ({ ...remote })));
        return remotes;
      },
      (error: unknown) => {
        registration = null;
        throw error;
      },
    );
    return registration;
  }

  return {
    async loadComponent(id, { retry = false } = {}) {
      const [remoteName, exposed] = id.split('/') as [string, string];
      const remotes = await ensureRegistered();
      const remote = remotes.find((r) => r.name === remoteName);
      if (!remote) throw new Error(`Remote ${remoteName} is not listed in /mf/remotes.json`);
      // force: true drops the runtime's cached manifest, entry and module of this remote.
      if (retry) runtime.registerRemotes([{ ...remote }], { force: true });
      const module = await runtime.loadRemote<RemoteModule>(id);
      const component = module?.default ?? module?.[exposed];
      if (typeof component !== 'function' && typeof component !== 'object') {
        throw new Error(`Remote module ${id} has no component to render`);
      }
      return component as ComponentType<Record<string, unknown>>;
    },
  };
}
