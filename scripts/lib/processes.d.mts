export const repoRoot: string;
export const SERVICES: { name: string; dir: string; envPrefix: string }[];
export function freePort(): Promise<number>;
export function startProduct(options?: {
  env?: NodeJS.ProcessEnv;
  quiet?: boolean;
  watch?: boolean;
}): Promise<{ url: string; env: Record<string, string>; children: unknown[]; stop: () => Promise<void> }>;
