import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { clientAddressOf, proxyMatcher } from '@atelier/kit';
import {
  FORBIDDEN_HEADER_PREFIXES,
  FORBIDDEN_HEADERS,
  FORWARDED_HEADER_PREFIX,
  MAX_HEADER_VALUE_LENGTH,
} from '../constants.js';
import { sendError } from '../errors.js';

/** Removes every header a client could use to pass for a user, a service or a proxy. */
export function stripUntrustedHeaders(headers: IncomingHttpHeaders): void {
  for (const name of Object.keys(headers)) {
    if (
      FORBIDDEN_HEADERS.includes(name) ||
      name.startsWith(FORWARDED_HEADER_PREFIX) ||
      FORBIDDEN_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix))
    ) {
      delete headers[name];
    }
  }
}

/**
 * First gate of every request: refuses absurd header values with 431, strips identity and
 * forwarding headers the client sent, and sets X-Forwarded-* from what the gateway knows. The client's
 * address is the TCP peer's, or — when the peer is one of `trustedProxies` (a load balancer) — the one
 * that proxy forwarded (see kit's clientAddressOf).
 */
export function headerHygiene(publicUrl: URL, trustedProxies: readonly string[] = []): RequestHandler {
  const proto = publicUrl.protocol.replace(/:$/, '');
  const trusted = proxyMatcher(trustedProxies);
  return (req, res, next) => {
    for (const [name, value] of Object.entries(req.headers)) {
      const length = Array.isArray(value) ? value.join(', ').length : (value?.length ?? 0);
      if (length > MAX_HEADER_VALUE_LENGTH) {
        sendError(res, 431, `Request header too large: ${name}`);
        return;
      }
    }
    const client = clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted);
    stripUntrustedHeaders(req.headers);
    if (client) req.headers['x-forwarded-for'] = client;
    req.headers['x-forwarded-proto'] = proto;
    req.headers['x-forwarded-host'] = req.headers.host ?? publicUrl.host;
    next();
  };
}
