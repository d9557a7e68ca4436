import { Router } from 'express';
import type { RequestHandler } from 'express';
import { isMediaKey, mediaKeyId, resolveRange, streamMedia } from '@atelier/kit';
import type { MediaStore } from '@atelier/kit';
import { LONG_CACHE } from '../constants.js';
import { sendError } from '../errors.js';

/**
 * `GET`/`HEAD /media/<key>` from the media store (local disk or S3). Keys are immutable and
 * unguessable, so answers are cached for a year. Only strings matching the key pattern are looked up:
 * no directory listing, no traversal, no encoded names. Ranges (one per request) get 206 or 416, which
 * video players need to seek.
 */
export function mediaRouter(store: MediaStore): Router {
  const router = Router();

  const serve: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendError(res, 405, 'Method not allowed');
      return;
    }
    const key = req.path.slice(1);
    if (!isMediaKey(key)) {
      sendError(res, 404, 'Not found');
      return;
    }
    try {
      const head = await store.head(key);
      if (!head) {
        sendError(res, 404, 'Not found');
        return;
      }
      const etag = `"${mediaKeyId(key)}"`;
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('ETag', etag);
      if (head.lastModified) res.setHeader('Last-Modified', head.lastModified.toUTCString());

      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
        res.setHeader('Cache-Control', LONG_CACHE);
        res.status(304).end();
        return;
      }

      const resolution = resolveRange(req.headers.range, head.size);
      if (resolution.kind === 'unsatisfiable') {
        res.setHeader('Content-Range', `bytes */${head.size}`);
        sendError(res, 416, 'Range not satisfiable');
        return;
      }
      const range = resolution.kind === 'partial' ? resolution.range : undefined;
      res.setHeader('Cache-Control', LONG_CACHE);
      res.setHeader('Content-Type', head.contentType);
      res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : head.size));
      if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${head.size}`);
      res.status(range ? 206 : 200);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const object = await store.get(key, range);
      if (!object) {
        // Deleted between head and get.
        res.removeHeader('Content-Length');
        res.removeHeader('Content-Range');
        sendError(res, 404, 'Not found');
        return;
      }
      await streamMedia(object, res);
    } catch (error) {
      next(error);
    }
  };

  router.use(serve);
  return router;
}
