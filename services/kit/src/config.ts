import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables once with a zod object schema. A bad value stops start-up with a
 * message that names the variable, e.g. `Invalid configuration: PORT must be a number`.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    input[key] = value === '' ? undefined : value;
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, issue.message);
  }
  return result.data;
}

/** Reusable field parsers for environment variables (all inputs are strings). */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  int: (fallback: number) => z.coerce.number().int().nonnegative().default(fallback),
  url: () => z.url(),
  secret: () => z.string().min(32, 'must be at least 32 characters'),
  flag: () =>
    z
      .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
      .transform((v) => v === '1' || v === 'true' || v === 'on' || v === 'yes')
      .optional(),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The secret that signed tokens before a rotation (IDENTITY_SECRET_PREVIOUS): still accepted, never used to sign. */
  previousSecret: () => z.string().min(32, 'must be at least 32 characters').optional(),
  /** The PostgreSQL server every service keeps its schema on (`npm start` runs one and sets it). */
  databaseUrl: () =>
    z
      .string({ error: 'is required (npm start runs an embedded PostgreSQL and sets it; a service run alone needs a server)' })
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
};
