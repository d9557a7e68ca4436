import { createContext, useContext, type ReactNode } from 'react';
import type { Host } from './types.js';

// One module instance per page (a Module Federation singleton), so this context object is the same
// in the shell and in every remote.
const HostContext = createContext<Host | null>(null);

export function HostProvider({ host, children }: { host: Host; children?: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): Host {
  const host = useContext(HostContext);
  if (!host) {
    throw new Error(
      'useHost() was called outside <HostProvider>. Render the component inside the shell or inside DevHost from @atelier/host/dev.',
    );
  }
  return host;
}
