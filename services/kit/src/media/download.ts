import { pipeline } from 'node:stream/promises';
import type { RequestHandler, Response } from 'express';
import { badRequest, notFound } from '../errors.js';
import { mediaKeyFromUrl, mediaKeyId } from './keys.js';
import type { MediaObject, MediaStore } from './types.js';

export const DOWNLOAD_ERRORS = {
  missingUrl: 'Missing url: pass the media URL to download as ?url=',
  notOurs: 'Only Atelier media URLs can be downloaded',
  notFound: 'Not found',
} as const;

/** `atelier-<32 hex>.<ext>` for a key. */
export function downloadFileName(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return `atelier-${mediaKeyId(key) ?? 'media'}.${extension}`;
}

/**
 * Pipes an object's bytes into a response whose headers are already set. A storage failure midway
 * can only cut the connection (the status is gone), which the client sees as a failed download.
 */
export async function streamMedia(object: MediaObject, res: Response): Promise<void> {
  try {
    await pipeline(object.stream, res);
  } catch {
    object.stream.destroy();
    if (!res.destroyed) res.destroy();
  }
}

/**
 * `GET /api/download?url=<encoded media URL>`: the object as a file (`Content-Disposition: attachment`).
 * Only our own media URLs are accepted (see `mediaKeyFromUrl`); anything else is a 400 and nothing is
 * ever fetched from the network, so there is no redirect to follow and no server-side request to forge.
 */
export function downloadHandler(store: MediaStore, options: { publicUrl?: URL | string } = {}): RequestHandler {
  const keyFromUrl = (url: unknown) => (options.publicUrl !== undefined ? mediaKeyFromUrl(url, options.publicUrl) : store.keyFromUrl(url));
  return async (req, res, next) => {
    try {
      const url = req.query.url;
      if (url === undefined || url === '') throw badRequest(DOWNLOAD_ERRORS.missingUrl);
      const key = typeof url === 'string' ? keyFromUrl(url) : null;
      if (!key) throw badRequest(DOWNLOAD_ERRORS.notOurs);
      const object = await store.get(key);
      if (!object) throw notFound(DOWNLOAD_ERRORS.notFound);
      res.status(200);
      res.setHeader('Content-Type', object.contentType);
      res.setHeader('Content-Length', String(object.length));
      res.setHeader('Content-Disposition', `attachment; filename="${downloadFileName(key)}"`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'private, max-age=3600');
      if (req.method === 'HEAD') {
        object.stream.destroy();
        res.end();
        return;
      }
      await streamMedia(object, res);
    } catch (error) {
      next(error);
    }
  };
}
