import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a process run by `npm start`'s supervisor says to it over the IPC channel, and hears back.
 * Without a supervisor (a process run alone, tests) every function here does nothing.
 */
export type SupervisorMessage =
  | { type: 'listening'; port: number }
  /** To the gateway: where a service (its `replica`-th process, default the first) is now, and whether it is running. */
  | { type: 'service'; name: string; url: string; up: boolean; replica?: number };

const supervised = () => typeof process.send === 'function' && process.connected;

/** Tells the supervisor the port this process listens on (it may have been chosen by the OS). */
export function reportListening(server: http.Server): void {
  if (!supervised()) return;
  const { port } = server.address() as AddressInfo;
  process.send!({ type: 'listening', port } satisfies SupervisorMessage);
}

/** Calls `handler` with each message the supervisor sends. */
export function onSupervisorMessage(handler: (message: SupervisorMessage) => void): void {
  if (!supervised()) return;
  process.on('message', (message: unknown) => {
    if (message && typeof message === 'object' && typeof (message as { type?: unknown }).type === 'string') handler(message as SupervisorMessage);
  });
}

/**
 * A supervised process whose supervisor is gone (killed outright) has nobody to stop it: it shuts
 * itself down instead of living on as an orphan holding its port and database connections.
 */
export function stopWhenSupervisorLeaves(stop: (reason: string) => void): void {
  if (!supervised()) return;
  process.once('disconnect', () => stop('supervisor gone'));
  // The channel must not keep an otherwise finished process alive.
  (process.channel as { unref?: () => void } | undefined)?.unref?.();
}

/**
 * Whether a busy port may be traded for any free one: the supervisor restarts a service on its
 * previous port and allows the fallback, then routes to wherever it landed.
 */
export const portFallbackAllowed = () => process.env.ATELIER_PORT_FALLBACK === '1';
