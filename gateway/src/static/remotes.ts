import express, { Router } from 'express';
import type { RequestHandler, Response } from 'express';
import type { RemoteConfig } from '../config.js';
import { NO_CACHE } from '../constants.js';
import { sendError } from '../errors.js';
import { cacheControlFor } from './cache-control.js';
import { compressedFiles } from './compressed-files.js';
import { hideSourceMaps } from './shell.js';

/** The document the shell reads at start to register its remotes (docs/architecture.md). */
export function remotesDocument(remotes: RemoteConfig[]) {
  return {
    remotes: remotes.map((remote) => ({
      name: remote.name,
      entry: remote.url ? new URL('mf-manifest.json', remote.url).href : `/mf/${remote.folder}/mf-manifest.json`,
    })),
  };
}

const onlyGet: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  res.setHeader('Allow', 'GET, HEAD');
  sendError(res, 405, 'Method not allowed');
};

/**
 * /mf: `remotes.json` from configuration and each remote's local build under `/mf/<folder>/`.
 * Remote files may be loaded from other origins (a remote's own dev host), so they allow any origin.
 * A missing file is a plain 404: never the shell's index.html.
 */
export function remotesRouter(remotes: RemoteConfig[], { serveSourceMaps = true } = {}): Router {
  const router = Router();
  const document = JSON.stringify(remotesDocument(remotes));
  router.use(onlyGet);
  router.use(hideSourceMaps(serveSourceMaps));
  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', NO_CACHE);
    res.type('application/json').send(document);
  });
  const setHeaders = (res: Response, filePath: string) => {
    res.setHeader('Cache-Control', cacheControlFor(filePath));
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  };
  for (const remote of remotes) {
    router.use(
      `/${remote.folder}`,
      compressedFiles(remote.dir, setHeaders),
      express.static(remote.dir, { index: false, redirect: false, cacheControl: false, setHeaders }),
    );
  }
  router.use((_req, res) => sendError(res, 404, 'Not found'));
  return router;
}
