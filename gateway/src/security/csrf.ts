import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { ALLOWED_BODY_TYPES, CSRF_EXEMPT_PATHS, STATE_CHANGING_METHODS } from '../constants.js';
import { sendError } from '../errors.js';

export const CROSS_SITE_MESSAGE = 'Forbidden: cross-site request';
export const BODY_TYPE_MESSAGE = 'Forbidden: the body must be application/json or multipart/form-data';

/** The origin a browser says the request comes from: Origin, else the Referer's origin; null when neither is sent. */
function claimedOrigin(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (origin !== undefined) return origin; // "null" (opaque origins) is a value, and never ours
  const referer = headers.referer;
  if (referer === undefined) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/** A body is present when its length is announced as non-zero or it is chunked. */
function hasBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/**
 * Cross-site request forgery guard for every service, before anything is proxied. A POST, PUT, PATCH or
 * DELETE under /api is refused (403 `{ error }`) when:
 * - it names an Origin (or, without Origin, a Referer) other than the site's own (PUBLIC_URL); a request
 *   naming neither is not from a browser page (browsers always send Origin on cross-site POSTs), or
 * - its body is not JSON or multipart: a form or text/plain body is what a cross-site page can send
 *   without a preflight. An empty body without a content type is fine (SPEC §7's empty-body POSTs).
 * Paths in CSRF_EXEMPT_PATHS (server-to-server webhooks) are not checked.
 */
export function csrfGuard(publicUrl: URL, exemptPaths: readonly string[] = CSRF_EXEMPT_PATHS): RequestHandler {
  const ownOrigin = publicUrl.origin;
  const exempt = new Set(exemptPaths);
  return (req, res, next) => {
    if (!STATE_CHANGING_METHODS.includes(req.method)) return next();
    const path = req.originalUrl.split('?')[0]!.replace(/\/+$/, '');
    if (exempt.has(path)) return next();

    const origin = claimedOrigin(req.headers);
    if (origin !== null && origin !== ownOrigin) {
      sendError(res, 403, CROSS_SITE_MESSAGE);
      return;
    }
    const contentType = req.headers['content-type'];
    const typeOk =
      contentType === undefined ? !hasBody(req.headers) : ALLOWED_BODY_TYPES.includes(mediaType(contentType));
    if (!typeOk) {
      sendError(res, 403, BODY_TYPE_MESSAGE);
      return;
    }
    next();
  };
}
