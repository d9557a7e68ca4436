import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteRegistry, type FederationRuntime } from './remote-registry';

const runtime: FederationRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};

/** The page's registry, backed by the Module Federation runtime the shell's build initialised. */
export const remoteRegistry = createRemoteRegistry(runtime);
