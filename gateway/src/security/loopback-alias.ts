import type { RequestHandler } from 'express';

/** The names one machine answers to on its own (URL hostnames: IPv6 in brackets). */
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostOf(header: string | undefined): URL | null {
  if (header === undefined) return null;
  try {
    return new URL(`http://${header}`);
  } catch {
    return null;
  }
}

/**
 * A product run on one machine (PUBLIC_URL on a loopback name, `npm start`'s default http://127.0.0.1:8080) and
 * opened at another loopback name for it (http://localhost:8080) sends the browser to PUBLIC_URL's name (307, not cached):
 * otherwise every POST is refused as cross-site (the page's Origin is not PUBLIC_URL's) and a Google sign-in comes
 * back to a name whose cookies the browser keeps apart. Any other Host is left alone: a deployment's own names are
 * its load balancer's business.
 */
export function loopbackAliasRedirect(publicUrl: URL): RequestHandler {
  const canonical = LOOPBACK_NAMES.has(publicUrl.hostname) ? publicUrl : null;
  return (req, res, next) => {
    if (canonical === null || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const host = hostOf(req.headers.host);
    if (host === null || host.hostname === canonical.hostname || !LOOPBACK_NAMES.has(host.hostname)) return next();
    if (host.port !== canonical.port) return next();
    // Temporary and not cached: PUBLIC_URL may change, and another program may answer at this name later.
    const target = new URL(req.originalUrl, canonical);
    if (target.origin !== canonical.origin) return next();
    res.set('Cache-Control', 'no-store');
    res.redirect(307, target.href);
  };
}
