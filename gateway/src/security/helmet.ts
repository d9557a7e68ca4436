import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { GatewayConfig } from '../config.js';

/** Origins of remotes hosted elsewhere (REMOTE_<NAME>_URL); their scripts, styles and data are allowed. */
export function remoteOrigins(config: GatewayConfig): string[] {
  const origins = config.remotes.flatMap((remote) => (remote.url ? [new URL(remote.url).origin] : []));
  return [...new Set(origins)];
}

/** Google's tag (gtag.js) loads from the tag manager and reports to the analytics collectors. */
export const ANALYTICS_SCRIPT_ORIGINS = ['https://www.googletagmanager.com'];
export const ANALYTICS_CONNECT_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** Stripe.js (the pricing pages' payment script) loads from this origin and opens its frames there. */
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

/**
 * Third parties the shell was built to load (shell/shell-config.ts reads the same variables). The scene's
 * script is allowed by its exact URL — a CDN origin would let any package on that CDN run — and its runtime
 * may fetch scene files, textures and fonts from the script's origin and ATELIER_SCENE_ASSET_ORIGINS, start
 * workers from blobs and compile WebAssembly; the analytics tag loads one script and sends beacons.
 * Stripe.js, when payments are configured (STRIPE_PUBLISHABLE_KEY), loads its script and frames from js.stripe.com.
 * Nothing is allowed when none is configured.
 */
export function thirdPartySources(config: GatewayConfig) {
  const { sceneScript, sceneAssetOrigins, analytics, stripe } = config.thirdParties;
  return {
    script: [
      ...(sceneScript ? [sceneScript, "'wasm-unsafe-eval'"] : []),
      ...(analytics ? ANALYTICS_SCRIPT_ORIGINS : []),
      ...(stripe ? [STRIPE_JS_ORIGIN] : []),
    ],
    connect: [...sceneAssetOrigins, ...(analytics ? ANALYTICS_CONNECT_ORIGINS : [])],
    img: [...sceneAssetOrigins, ...(analytics ? ANALYTICS_CONNECT_ORIGINS : [])],
    font: sceneAssetOrigins,
    worker: sceneScript ? ["'self'", 'blob:'] : null,
    frame: stripe ? ["'self'", STRIPE_JS_ORIGIN] : null,
  };
}

/**
 * Security headers. Module Federation loads a remote's chunks with <script> tags and fetches its
 * manifest, so each remote origin is allowed for scripts and connections. Inline styles are allowed
 * (Radix and Tailwind set style attributes); inline scripts are not.
 */
export function securityHeaders(config: GatewayConfig): RequestHandler {
  const remotes = remoteOrigins(config);
  const third = thirdPartySources(config);
  const https = config.publicUrl.protocol === 'https:';
  return fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...remotes, ...third.script],
          styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
          connectSrc: ["'self'", ...remotes, ...third.connect],
          imgSrc: ["'self'", 'data:', 'blob:', ...remotes, ...third.img],
          fontSrc: ["'self'", ...remotes, ...third.font],
          ...(third.worker ? { workerSrc: third.worker } : {}),
          ...(third.frame ? { frameSrc: third.frame } : {}),
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          scriptSrcAttr: ["'none'"],
          // Over plain http (local use) upgrading would break every request.
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
    }),
  );
}

/**
 * Helmet's headers do not depend on the request (no CSP nonces here), so they are worked out once and each
 * response gets the same list: one loop of setHeader instead of a dozen chained middlewares per request.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const headers = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, value);
      removed.delete(name.toLowerCase());
    },
    removeHeader(name: string) {
      headers.delete(name);
      removed.add(name.toLowerCase());
    },
  };
  let called = false;
  middleware({} as Parameters<RequestHandler>[0], recorder as unknown as Parameters<RequestHandler>[1], () => (called = true));
  if (!called) throw new Error('security headers: the middleware did not finish synchronously');
  const list = [...headers];
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
