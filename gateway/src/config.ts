import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { env, loadConfig, mediaEnvShape, mediaStoreConfig, trustedProxiesEnv } from '@atelier/kit';
import type { MediaStoreConfig, TokenKeys } from '@atelier/kit';
import { DEFAULT_ROUTES, REMOTES, SECURE_SESSION_COOKIE, SERVICE_NAMES, SESSION_COOKIE } from './constants.js';
import type { ServiceName } from './constants.js';

/** The repository root: this file lives in gateway/src or gateway/dist. */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const optionalUrl = () => env.url().optional();
/** One service's replicas: `http://a:1,http://b:2` (the gateway balances across them). */
const urlList = () =>
  z
    .string()
    .transform((text, ctx) => {
      const urls = text.split(',').map((s) => s.trim()).filter(Boolean);
      for (const url of urls) {
        if (!z.url().safeParse(url).success) {
          ctx.addIssue({ code: 'custom', message: `"${url}" is not a URL (a comma-separated list of URLs)` });
          return z.NEVER;
        }
      }
      return urls;
    })
    .optional();

const routesSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON like {"/api/prefix": "service"}' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().regex(/^\/api(\/[^/?#]+)+$/, 'prefixes must look like /api/name (no trailing slash)'),
      z.enum(SERVICE_NAMES).nullable(),
    ),
  )
  .optional();

const schema = z.object({
  PORT: env.port(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(),
  IDENTITY_SECRET: env.secret(),
  IDENTITY_SECRET_PREVIOUS: env.previousSecret(),
  ACCOUNT_URL: urlList().default(['http://127.0.0.1:8101']),
  CREATE_URL: urlList(),
  PHOTOSHOOT_URL: urlList(),
  CANVAS_URL: urlList(),
  BILLING_URL: urlList(),
  GATEWAY_ROUTES: routesSchema,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SESSION_CACHE_TTL_MS: env.int(30_000),
  SHELL_DIR: z.string().optional(),
  REMOTE_MF_CREATE_URL: optionalUrl(),
  REMOTE_MF_CREATE_DIR: z.string().optional(),
  REMOTE_MF_PHOTOSHOOT_URL: optionalUrl(),
  REMOTE_MF_PHOTOSHOOT_DIR: z.string().optional(),
  REMOTE_MF_CANVAS_URL: optionalUrl(),
  REMOTE_MF_CANVAS_DIR: z.string().optional(),
  REMOTE_MF_PRICING_URL: optionalUrl(),
  REMOTE_MF_PRICING_DIR: z.string().optional(),
  LOG_LEVEL: env.logLevel(),
  NODE_ENV: z.string().default('development'),
  /** Serve the builds' source maps (`*.map`) in production too; off by default there. */
  SERVE_SOURCE_MAPS: env.flag(),
  // The shell's build-time third parties (shell/shell-config.ts): the gateway's CSP must let them load.
  ATELIER_SCENE_SCRIPT_URL: z.string().trim().url().startsWith('https://', 'must be an https:// URL').optional().or(z.literal('')),
  ATELIER_GA_MEASUREMENT_ID: z.string().trim().optional(),
  /** The billing service's Stripe.js key: when set, the pricing pages load Stripe.js (SPEC.md §7's payment script). */
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  ATELIER_SCENE_ASSET_ORIGINS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const origins: string[] = [];
      for (const item of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
        let url: URL | null = null;
        try {
          url = new URL(item);
        } catch {
          // reported below
        }
        if (!url || url.protocol !== 'https:' || url.origin !== item.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not an https origin like https://cdn.example` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  DATA_DIR: z.string().optional(),
  /** The account service's PostgreSQL: the gateway LISTENs there for ended sessions (see session-resolver). */
  DATABASE_URL: z.string().trim().min(1).optional(),
  /** The load balancers in front of the gateway: their X-Forwarded-For names the client (docs/deploy.md). */
  TRUSTED_PROXIES: trustedProxiesEnv(),
  ...mediaEnvShape,
});

export type GatewayEnv = z.infer<typeof schema>;

export interface RemoteConfig {
  /** MF container name, e.g. `mf_canvas`. */
  name: string;
  /** Folder name and URL segment under /mf, e.g. `mf-canvas`. */
  folder: string;
  /** Local build served at /mf/<folder>/. */
  dir: string;
  /** Base URL of a build hosted elsewhere (always ends with `/`), when configured. */
  url?: string;
}

export interface GatewayConfig {
  port: number;
  host: string;
  publicUrl: URL;
  identitySecret: string;
  /** Token keys: IDENTITY_SECRET signs and verifies, IDENTITY_SECRET_PREVIOUS still verifies. */
  identityKeys: TokenKeys;
  /**
   * Base URLs of each configured service's replicas (no trailing slash; `<NAME>_URL` is a comma-separated
   * list); unconfigured services are absent.
   */
  services: Partial<Record<ServiceName, string[]>>;
  /** /api prefix → service. */
  routes: Record<string, ServiceName>;
  upstreamTimeoutMs: number;
  sessionCacheTtlMs: number;
  /** Where to LISTEN for sessions that ended; without it only this gateway's own logouts evict. */
  databaseUrl?: string;
  sessionCookie: string;
  shellDir: string;
  remotes: RemoteConfig[];
  logLevel: GatewayEnv['LOG_LEVEL'];
  /** NODE_ENV=production: no source maps and no /readyz details for the public. */
  production: boolean;
  serveSourceMaps: boolean;
  /**
   * The third parties the shell is built to load: the scene script (its exact URL, and the origins its
   * runtime fetches scene files, textures and fonts from) and the analytics tag.
   */
  thirdParties: { sceneScript?: string; sceneAssetOrigins: string[]; analytics: boolean; stripe: boolean };
  /** Proxies in front of the gateway whose X-Forwarded-For is believed (TRUSTED_PROXIES); empty: none. */
  trustedProxies: string[];
  /** Where /media is read from: `<DATA_DIR>/media` or the S3 bucket (the services write to the same place). */
  media: MediaStoreConfig;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Reads the gateway's environment once. A bad value throws kit's ConfigError naming the variable,
 * e.g. `Invalid configuration: IDENTITY_SECRET must be at least 32 characters`.
 */
export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const e = loadConfig(schema, source);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`);

  const serviceUrls: Record<ServiceName, string[] | undefined> = {
    account: e.ACCOUNT_URL,
    create: e.CREATE_URL,
    photoshoot: e.PHOTOSHOOT_URL,
    canvas: e.CANVAS_URL,
    billing: e.BILLING_URL,
  };
  const services: Partial<Record<ServiceName, string[]>> = {};
  for (const name of SERVICE_NAMES) {
    const urls = serviceUrls[name];
    if (urls?.length) services[name] = urls.map(withoutTrailingSlash);
  }

  // GATEWAY_ROUTES is merged over the built-in table; `null` removes a prefix.
  const routes: Record<string, ServiceName> = { ...DEFAULT_ROUTES };
  for (const [prefix, service] of Object.entries(e.GATEWAY_ROUTES ?? {})) {
    if (service === null) delete routes[prefix];
    else routes[prefix] = service;
  }

  const remotes = REMOTES.map(({ folder, name, envName }): RemoteConfig => {
    const url = e[`REMOTE_${envName}_URL`];
    const dir = e[`REMOTE_${envName}_DIR`];
    return {
      name,
      folder,
      dir: resolve(dir ?? join(REPO_ROOT, folder, 'dist')),
      ...(url ? { url: withTrailingSlash(url) } : {}),
    };
  });

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustedProxies: e.TRUSTED_PROXIES,
    identitySecret: e.IDENTITY_SECRET,
    identityKeys: { current: e.IDENTITY_SECRET, previous: e.IDENTITY_SECRET_PREVIOUS },
    services,
    routes,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    sessionCookie: publicUrl.protocol === 'https:' ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    shellDir: resolve(e.SHELL_DIR ?? join(REPO_ROOT, 'shell', 'dist')),
    remotes,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    serveSourceMaps: e.SERVE_SOURCE_MAPS ?? e.NODE_ENV !== 'production',
    thirdParties: {
      ...(e.ATELIER_SCENE_SCRIPT_URL ? { sceneScript: new URL(e.ATELIER_SCENE_SCRIPT_URL).href } : {}),
      // The script's own origin, plus any the scene service serves its files from.
      sceneAssetOrigins: e.ATELIER_SCENE_SCRIPT_URL
        ? [...new Set([new URL(e.ATELIER_SCENE_SCRIPT_URL).origin, ...(e.ATELIER_SCENE_ASSET_ORIGINS ?? [])])]
        : [],
      analytics: Boolean(e.ATELIER_GA_MEASUREMENT_ID),
      stripe: Boolean(e.STRIPE_PUBLISHABLE_KEY),
    },
    media: mediaStoreConfig(e, { dataDir: resolve(e.DATA_DIR ?? join(REPO_ROOT, '.data')), publicUrl }),
  };
}
