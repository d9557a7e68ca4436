import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { GatewayConfig } from '../config.js';

/** Origins of remotes hosted elsewhere (REMOTE_<NAME>_URL); their scripts, styles and data are allowed. */
export function remoteOrigins(config: GatewayConfig): string[] {
  const origins = config.remotes.flatMap((remote) => (remote.url ? [new URL(remote.url).origin] : []));
  return [...new Set(origins)];
}

/**
 * Security headers. Module Federation loads a remote's chunks with <script> tags and fetches its
 * manifest, so each remote origin is allowed for scripts and connections. Inline styles are allowed
 * (Radix and Tailwind set style attributes); inline scripts are not.
 */
export function securityHeaders(config: GatewayConfig): RequestHandler {
  const remotes = remoteOrigins(config);
  const https = config.publicUrl.protocol === 'https:';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
        fontSrc: ["'self'", ...remotes],
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
  });
}
