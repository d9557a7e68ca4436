import { NO_PRICES, type PaidPlan, type PlanPrices } from '@atelier/contracts';
import { ConfigError, env, loadConfig, type TokenKeys } from '@atelier/kit';
import { z } from 'zod';

const priceId = () =>
  z
    .string()
    .regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_…)')
    .optional();

/** One variable per tier, currency and frequency (SPEC.md §2: USD monthly and yearly, IDR monthly only). */
export const PRICE_VARIABLES = {
  basic: {
    usdMonthly: 'STRIPE_PRICE_BASIC_USD_MONTHLY',
    usdYearly: 'STRIPE_PRICE_BASIC_USD_YEARLY',
    idrMonthly: 'STRIPE_PRICE_BASIC_IDR_MONTHLY',
  },
  advanced: {
    usdMonthly: 'STRIPE_PRICE_ADVANCED_USD_MONTHLY',
    usdYearly: 'STRIPE_PRICE_ADVANCED_USD_YEARLY',
    idrMonthly: 'STRIPE_PRICE_ADVANCED_IDR_MONTHLY',
  },
  pro: {
    usdMonthly: 'STRIPE_PRICE_PRO_USD_MONTHLY',
    usdYearly: 'STRIPE_PRICE_PRO_USD_YEARLY',
    idrMonthly: 'STRIPE_PRICE_PRO_IDR_MONTHLY',
  },
} as const satisfies Record<PaidPlan, Record<string, string>>;

const billingEnvSchema = z.object({
  BILLING_PORT: env.port(8105),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_SECRET: env.secret(),
  IDENTITY_SECRET_PREVIOUS: env.previousSecret(),
  ACCOUNT_URL: env.url(),
  DATABASE_URL: env.databaseUrl(),
  /** The service's schema on PostgreSQL. */
  BILLING_DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,50}$/, 'must be a lower-case schema name')
    .default('billing'),
  LOG_LEVEL: env.logLevel(),
  /** The site's own origin: Stripe sends the user back to `${PUBLIC_URL}/pricing`. */
  PUBLIC_URL: env.url().default('http://127.0.0.1:8080'),
  /** Stripe's secret key (`sk_…`, or a restricted `rk_…`). Unset: payments are off and every plan opens the waitlist. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  /** Stripe.js's key (`pk_…`), handed to the pricing page. Required with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  /** The webhook endpoint's signing secret (`whsec_…`). Required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Another Stripe API base (a local fake or stripe-mock), e.g. http://127.0.0.1:12111. Plain http only on loopback. */
  STRIPE_API_BASE: env.url().optional(),
  /** Retries of a failed Stripe request (POSTs carry idempotency keys, so a retry never charges twice). */
  STRIPE_MAX_NETWORK_RETRIES: env.int(1).pipe(z.number().int().max(5)),
  /** Time one Stripe request may take (ms). */
  STRIPE_TIMEOUT_MS: env.int(10_000).pipe(z.number().int().min(100)),
  /** Waitlist sign-ups one client address may post per minute before 429. */
  BILLING_WAITLIST_PER_MINUTE: env.int(10).pipe(z.number().int().min(1)),
  /** Checkout and portal sessions one user may open per minute before 429. */
  BILLING_SESSIONS_PER_MINUTE: env.int(10).pipe(z.number().int().min(1)),
  /** How often the account service is asked for deleted accounts whose data this service must erase (ms). */
  BILLING_ERASURE_INTERVAL_MS: env.int(30_000).pipe(z.number().int().min(200)),
  ...Object.fromEntries(
    Object.values(PRICE_VARIABLES)
      .flatMap((v) => Object.values(v))
      .map((name) => [name, priceId()]),
  ),
});

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends requests; undefined: api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  maxNetworkRetries: number;
  timeoutMs: number;
}

export interface BillingConfig {
  port: number;
  host: string;
  databaseUrl: string;
  databaseSchema: string;
  identityKeys: TokenKeys;
  accountUrl: string;
  logLevel: string;
  /** Origin without a trailing slash. */
  publicUrl: string;
  /** Stripe, or null when payments are not configured (the offline default). */
  stripe: StripeConfig | null;
  /** Each tier's configured price ids (null where none). */
  prices: Record<PaidPlan, PlanPrices>;
  waitlistPerMinute: number;
  sessionsPerMinute: number;
  erasureIntervalMs: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function apiBase(value: string | undefined): StripeConfig['api'] {
  if (!value) return undefined;
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : url.protocol === 'https:' ? 'https' : null;
  if (!protocol) throw new ConfigError('STRIPE_API_BASE', 'must be an http(s) URL');
  if (protocol === 'http' && !LOOPBACK.has(url.hostname)) {
    throw new ConfigError(
      'STRIPE_API_BASE',
      'may use plain http only on this machine (127.0.0.1 or localhost): the secret key travels with every request',
    );
  }
  if (url.pathname !== '/' || url.search)
    throw new ConfigError('STRIPE_API_BASE', 'must be an origin without a path (the SDK adds /v1/…)');
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

const modeOf = (key: string) => (key.includes('_live_') ? 'live' : 'test');

/** Reads the billing service's environment once; a bad or half-made Stripe configuration throws a ConfigError naming the variable. */
export function loadBillingConfig(source: NodeJS.ProcessEnv = process.env): BillingConfig {
  const e = loadConfig(billingEnvSchema, source) as z.infer<typeof billingEnvSchema> &
    Record<string, string | undefined>;

  const prices = Object.fromEntries(
    Object.entries(PRICE_VARIABLES).map(([plan, v]) => [
      plan,
      {
        usd: { monthly: e[v.usdMonthly] ?? null, yearly: e[v.usdYearly] ?? null },
        idr: { monthly: e[v.idrMonthly] ?? null },
      } satisfies PlanPrices,
    ]),
  ) as Record<PaidPlan, PlanPrices>;
  const configured = Object.values(PRICE_VARIABLES).flatMap((v) =>
    Object.values(v).filter((name) => e[name]),
  );
  const seen = new Map<string, string>();
  for (const name of configured) {
    const other = seen.get(e[name]!);
    if (other)
      throw new ConfigError(
        name,
        `repeats ${other}'s price: each tier, currency and frequency needs its own Stripe price`,
      );
    seen.set(e[name]!, name);
  }

  let stripe: StripeConfig | null = null;
  if (e.STRIPE_SECRET_KEY) {
    if (!e.STRIPE_PUBLISHABLE_KEY)
      throw new ConfigError(
        'STRIPE_PUBLISHABLE_KEY',
        'is required with STRIPE_SECRET_KEY (the pricing page loads Stripe.js with it)',
      );
    if (!e.STRIPE_WEBHOOK_SECRET)
      throw new ConfigError(
        'STRIPE_WEBHOOK_SECRET',
        'is required with STRIPE_SECRET_KEY (paid plans are set from verified webhooks)',
      );
    if (modeOf(e.STRIPE_SECRET_KEY) !== modeOf(e.STRIPE_PUBLISHABLE_KEY)) {
      throw new ConfigError(
        'STRIPE_PUBLISHABLE_KEY',
        `is a ${modeOf(e.STRIPE_PUBLISHABLE_KEY)} key but STRIPE_SECRET_KEY is a ${modeOf(e.STRIPE_SECRET_KEY)} key`,
      );
    }
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      api: apiBase(e.STRIPE_API_BASE),
      maxNetworkRetries: e.STRIPE_MAX_NETWORK_RETRIES,
      timeoutMs: e.STRIPE_TIMEOUT_MS,
    };
  } else if (configured.length > 0) {
    throw new ConfigError('STRIPE_SECRET_KEY', `is required when Stripe prices are set (${configured[0]})`);
  }

  return {
    port: e.BILLING_PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.BILLING_DB_SCHEMA,
    identityKeys: { current: e.IDENTITY_SECRET, previous: e.IDENTITY_SECRET_PREVIOUS },
    accountUrl: e.ACCOUNT_URL.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    publicUrl: new URL(e.PUBLIC_URL).origin,
    stripe,
    prices: stripe ? prices : { basic: NO_PRICES, advanced: NO_PRICES, pro: NO_PRICES },
    waitlistPerMinute: e.BILLING_WAITLIST_PER_MINUTE,
    sessionsPerMinute: e.BILLING_SESSIONS_PER_MINUTE,
    erasureIntervalMs: e.BILLING_ERASURE_INTERVAL_MS,
  };
}
