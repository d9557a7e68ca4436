import type { ServiceName } from '../constants.js';

export interface RouteMatch {
  prefix: string;
  service: ServiceName;
}

export type RouteTable = (path: string) => RouteMatch | null;

/** Is `path` the prefix itself or below it? (`/api/auth` matches `/api/auth/user`, not `/api/authors`.) */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Builds the matcher of a prefix → service table; the longest matching prefix wins. */
export function createRouteTable(routes: Readonly<Record<string, ServiceName>>): RouteTable {
  const entries = Object.entries(routes)
    .map(([prefix, service]) => ({ prefix: prefix.replace(/\/+$/, ''), service }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return (path) => entries.find((entry) => isUnder(path, entry.prefix)) ?? null;
}
