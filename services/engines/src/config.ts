import { z } from 'zod';

/**
 * Engine settings as read from the environment. Services merge this shape into their own config
 * schema (kit `loadConfig`), or call `parseEngineConfig(process.env)`.
 */
export const engineConfigSchema = z.object({
  /** Turns on the fal engine. */
  FAL_KEY: z.string().min(1).optional(),
  /** Where fal's queue and storage APIs are reached; only tests set it (a local fake). */
  FAL_BASE_URL: z.url().optional(),
  /** The site's public origin; with it, fal calls back a webhook instead of being polled. */
  PUBLIC_URL: z.url().optional(),
  /** Path of the webhook route under PUBLIC_URL. */
  FAL_WEBHOOK_PATH: z.string().startsWith('/').default('/internal/engines/fal-webhook'),
  /** Poll interval while waiting for fal (ms). */
  FAL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_500),
  /** Give up waiting for one fal request after this long (ms). */
  FAL_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(15 * 60_000),
  /** Forces an engine regardless of FAL_KEY. */
  ENGINE: z.enum(['local', 'fal']).optional(),
});

export type EngineConfig = z.infer<typeof engineConfigSchema>;

export function parseEngineConfig(env: Record<string, string | undefined> = process.env): EngineConfig {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(engineConfigSchema.shape)) input[key] = env[key] === '' ? undefined : env[key];
  const result = engineConfigSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`Invalid configuration: ${String(issue.path[0] ?? 'environment')} ${issue.message}`);
  }
  return result.data;
}
