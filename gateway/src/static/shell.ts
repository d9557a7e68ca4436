import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { VISITOR_META } from '@atelier/contracts/visitor';
import express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import type { RemoteConfig } from '../config.js';
import { NO_CACHE, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../constants.js';
import { sendError } from '../errors.js';
import { cacheControlFor } from './cache-control.js';
import { compressedFiles } from './compressed-files.js';
import { firstPaintPages, watchedFile } from './first-paint.js';

/** Paths the shell never answers: they belong to the API, the remotes, media or health checks. */
const NOT_SHELL = /^\/(api|mf|media|internal)(\/|$)|^\/(healthz|readyz)$/;

/**
 * A browser navigation asks for HTML by name; scripts, images and fetches do not. `/` is the site
 * itself and always answers its page (`curl http://host/` included), and so does an app route (no
 * file extension) asked with no preference (no Accept, or any type).
 */
function wantsHtml(req: Request): boolean {
  if (req.path === '/') return true;
  const accept = (req.headers.accept ?? '').toLowerCase();
  if (accept.includes('text/html')) return true;
  const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') && (accept === '' || accept.split(',').every((part) => part.trim().startsWith('*/*')));
}

/** The public pages the shell's build prerenders (shell/src/prerender-pages.tsx), by path. */
const PRERENDERED: Record<string, string> = { '/': 'landing.html', '/login': 'login.html', '/terms': 'terms.html', '/privacy': 'privacy.html' };
const SESSION = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|${SECURE_SESSION_COOKIE})=`);

/**
 * The prerendered page for this request, if any: only for the bare path (a query such as `?error=` changes
 * what the page shows) and only to a browser without a session cookie — a signed-in user is sent on to /app
 * by the plain page's session check, with its spinner, rather than shown the visitor's landing first.
 */
function prerenderedFile(req: Request): string | null {
  const name = PRERENDERED[req.path];
  if (!name || req.originalUrl.includes('?')) return null;
  return SESSION.test(req.headers.cookie ?? '') ? null : name;
}

/** A page for a browser without a session cookie says so (VISITOR_META), so the shell does not ask for a session. */
export function markedAsVisitor(html: string): string {
  return html.includes(VISITOR_META) ? html : html.replace('</head>', () => `${VISITOR_META}</head>`);
}

/** Source maps (`*.map`) are for developers: refused unless configured (production hides them). */
export const hideSourceMaps =
  (serveSourceMaps: boolean): RequestHandler =>
  (req, res, next) => {
    if (serveSourceMaps || !req.path.endsWith('.map')) return next();
    sendError(res, 404, 'Not found');
  };

/**
 * The shell's static build with SPA fallback: a GET for HTML that matches no file gets index.html
 * (the shell's router shows its own 404 page). Anything else that is not found is a JSON 404.
 */
export function shellStatic(
  shellDir: string,
  { serveSourceMaps = true, remotes = [] as RemoteConfig[] } = {},
): RequestHandler[] {
  const indexFile = join(shellDir, 'index.html');
  const setHeaders = (res: Response, filePath: string) => res.setHeader('Cache-Control', cacheControlFor(filePath));
  const compressed = compressedFiles(shellDir, setHeaders);
  const firstPaint = firstPaintPages(shellDir, remotes);
  const readIndex = watchedFile(indexFile, (text) => text);
  const plain = express.static(shellDir, { index: false, redirect: false, cacheControl: false, setHeaders });
  const files: RequestHandler = (req, res, next) => compressed(req, res, () => plain(req, res, next));

  const fallback: RequestHandler = (req, res, next) => {
    if (NOT_SHELL.test(req.path)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendError(res, 405, 'Method not allowed');
      return;
    }
    if (!wantsHtml(req)) return next();
    if (!existsSync(indexFile)) {
      sendError(res, 503, 'The shell is not built yet: run `npm run build`');
      return;
    }
    res.setHeader('Cache-Control', NO_CACHE);
    // Which page a path gets depends on the session cookie: prerendered for visitors, a first paint for members.
    res.setHeader('Vary', 'Cookie');
    const hasSession = SESSION.test(req.headers.cookie ?? '');
    const composed = firstPaint(req.path, hasSession);
    if (composed) {
      res.type('html').send(hasSession ? composed : markedAsVisitor(composed));
      return;
    }
    const page = prerenderedFile(req);
    if (page && existsSync(join(shellDir, page))) {
      // Built with the visitor's mark (shell/src/prerender.tsx).
      res.sendFile(join(shellDir, page), { cacheControl: false }, (err) => {
        if (err) next(err);
      });
      return;
    }
    const index = hasSession ? null : readIndex();
    if (index) {
      res.type('html').send(markedAsVisitor(index));
      return;
    }
    res.sendFile(indexFile, { cacheControl: false }, (err) => {
      if (err) next(err);
    });
  };

  const shellFiles: RequestHandler = (req, res, next) => (NOT_SHELL.test(req.path) ? next() : files(req, res, next));
  return [hideSourceMaps(serveSourceMaps), shellFiles, fallback];
}
