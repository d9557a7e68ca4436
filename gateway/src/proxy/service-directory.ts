import type { ServiceName } from '../constants.js';

/** A replica that refused a connection is passed over this long (the supervisor restarts it meanwhile). */
export const REFUSED_COOLDOWN_MS = 5_000;
/**
 * A replica that let a request time out is passed over this long: it is hung (stopped, a blocked event loop) or
 * overloaded, and round-robin kept sending it every other request, each to wait the whole timeout for a 504.
 */
export const TIMED_OUT_COOLDOWN_MS = 15_000;

/**
 * Where each service's replicas are and whether they are running. It starts from the configuration
 * (`<NAME>_URL`, a comma-separated list) and follows what the supervisor of `npm start` reports (a
 * restarted replica, a replica that went down), so a route is never stale and a service that is down is
 * answered for at once. Requests go round-robin across the replicas that are up, passing over one that
 * refused a connection in the last REFUSED_COOLDOWN_MS or let a request time out in the last TIMED_OUT_COOLDOWN_MS.
 */
export interface ServiceDirectory {
  /** The next replica's base URL (no trailing slash), or undefined when the service is not configured. */
  url(name: ServiceName): string | undefined;
  /** Whether the supervisor said every replica of the service is down (until one is back). */
  isDown(name: ServiceName): boolean;
  /** A supervisor report about one replica (index in the list, default the first). */
  update(name: ServiceName, change: { url?: string; up?: boolean; replica?: number }): void;
  /** A replica refused a connection: pass over it for a while. */
  refused(name: ServiceName, url: string): void;
  /** A replica let a request time out: pass over it for a while (longer). */
  timedOut(name: ServiceName, url: string): void;
  /** Configured services and their replicas' URLs. */
  entries(): [ServiceName, string[]][];
}

interface Replica {
  url: string;
  down: boolean;
  refusedUntil: number;
}

export function createServiceDirectory(
  initial: Partial<Record<ServiceName, string[]>>,
  clock: () => number = Date.now,
): ServiceDirectory {
  const services = new Map<ServiceName, { replicas: Replica[]; next: number }>();
  for (const [name, urls] of Object.entries(initial) as [ServiceName, string[]][]) {
    services.set(name, { replicas: urls.map((url) => ({ url, down: false, refusedUntil: 0 })), next: 0 });
  }
  return {
    url(name) {
      const service = services.get(name);
      if (!service) return undefined;
      const { replicas } = service;
      if (replicas.length === 1) return replicas[0]!.url;
      const now = clock();
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(service.next + i) % replicas.length]!;
        if (!replica.down && replica.refusedUntil <= now) {
          service.next = (service.next + i + 1) % replicas.length;
          return replica.url;
        }
      }
      // None looks usable: try them in turn anyway (the caller answers 503 if it is refused).
      const replica = replicas[service.next % replicas.length]!;
      service.next = (service.next + 1) % replicas.length;
      return replica.url;
    },
    isDown(name) {
      const service = services.get(name);
      return Boolean(service && service.replicas.every((r) => r.down));
    },
    update(name, { url, up, replica: index = 0 }) {
      let service = services.get(name);
      if (!service) {
        if (!url) return;
        service = { replicas: [], next: 0 };
        services.set(name, service);
      }
      let replica = service.replicas[index];
      if (!replica) {
        if (!url) return;
        replica = { url, down: false, refusedUntil: 0 };
        service.replicas[index] = replica;
      }
      if (url) replica.url = url.replace(/\/+$/, '');
      if (up === true) {
        replica.down = false;
        replica.refusedUntil = 0;
      }
      if (up === false) replica.down = true;
    },
    refused(name, url) {
      const replica = services.get(name)?.replicas.find((r) => r.url === url);
      if (replica) replica.refusedUntil = clock() + REFUSED_COOLDOWN_MS;
    },
    timedOut(name, url) {
      const replica = services.get(name)?.replicas.find((r) => r.url === url);
      if (replica) replica.refusedUntil = clock() + TIMED_OUT_COOLDOWN_MS;
    },
    entries: () => [...services.entries()].map(([name, { replicas }]) => [name, replicas.map((r) => r.url)]),
  };
}
