import type { ServiceName } from '../constants.js';

/**
 * Where each service is and whether it is running. It starts from the configuration (`<NAME>_URL`)
 * and follows what the supervisor of `npm start` reports (a restarted service, a service that went
 * down), so a route is never stale and a service that is down is answered for at once.
 */
export interface ServiceDirectory {
  /** The service's base URL (no trailing slash), or undefined when it is not configured. */
  url(name: ServiceName): string | undefined;
  /** Whether the supervisor said the service is down (until it says it is back). */
  isDown(name: ServiceName): boolean;
  update(name: ServiceName, change: { url?: string; up?: boolean }): void;
  /** Configured services and their URLs. */
  entries(): [ServiceName, string][];
}

export function createServiceDirectory(initial: Partial<Record<ServiceName, string>>): ServiceDirectory {
  const urls = new Map<ServiceName, string>(Object.entries(initial) as [ServiceName, string][]);
  const down = new Set<ServiceName>();
  return {
    url: (name) => urls.get(name),
    isDown: (name) => down.has(name),
    update(name, { url, up }) {
      if (url) urls.set(name, url.replace(/\/+$/, ''));
      if (up === true) down.delete(name);
      if (up === false) down.add(name);
    },
    entries: () => [...urls.entries()],
  };
}
