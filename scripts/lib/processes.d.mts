import type { ChildProcess } from 'node:child_process';

export const repoRoot: string;
export const SERVICES: { name: string; dir: string; envPrefix: string }[];
export function freePort(): Promise<number>;
/** Processes to run of one kind: `<PREFIX>_REPLICAS`, else `REPLICAS`, else 1. */
export function replicaCount(env: NodeJS.ProcessEnv, prefix: string): number;

export interface SupervisedProcess {
  readonly name: string;
  /** The port it listens on (the OS's choice unless configured). */
  readonly port: number | undefined;
  /** The running child (a new one after each restart). */
  readonly child: ChildProcess | null;
  /** How many times it was restarted after exiting unexpectedly. */
  readonly restarts: number;
  on(event: 'up', listener: (port: number, restarted: boolean) => void): this;
  on(event: 'down', listener: (code: number | null, signal: string | null) => void): this;
}

export interface RunningProduct {
  /** The first gateway. */
  url: string;
  /** Every gateway (GATEWAY_REPLICAS): PORT, PORT+1, … */
  urls: string[];
  env: Record<string, string>;
  /** Every supervised process by name: the services and `gateway`; further replicas are `create-2`, `gateway-2`, … */
  processes: Map<string, SupervisedProcess>;
  /** The embedded PostgreSQL server, or null with DATABASE_URL. */
  database: { url: string; port: number; pid: number | undefined } | null;
  stop: () => Promise<void>;
  /** Resolves with the message when too many crashes stopped the product. */
  stopped: Promise<string>;
}

export function startProduct(options?: {
  env?: NodeJS.ProcessEnv;
  quiet?: boolean;
  watch?: boolean;
  onFatal?: (message: string) => void;
}): Promise<RunningProduct>;
