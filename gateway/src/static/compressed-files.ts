import { stat, readFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { RequestHandler, Response } from 'express';

/** Text assets worth compressing; images, fonts and video are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map', '.webmanifest', '.xml']);
/** Below this, compression saves less than the header costs (the same threshold as the compression middleware). */
export const MIN_COMPRESSED_SIZE = 1024;
/** Compressed bodies kept in memory, at most (the shell and four remotes are a few MB). */
const CACHE_BYTES = 64 * 1024 * 1024;

type Encoding = 'br' | 'gzip';
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => promisify(brotliCompress)(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/** The encoding to send: brotli when the browser takes it, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

interface Entry {
  mtimeMs: number;
  size: number;
  body: Promise<Buffer>;
  bytes: number;
}

/**
 * Static text files sent compressed from memory: each file is compressed once (brotli quality 10 or
 * gzip -9, off the main thread) and the result kept while the file is unchanged (same size and mtime),
 * instead of compressing it again for every request. Requests it does not serve — another method, a
 * range (Content-Range counts the file's own bytes), a small or binary file, a browser that takes no
 * compression, a missing file — go on to the plain static handler.
 */
export function compressedFiles(dir: string, setHeaders: (res: Response, filePath: string) => void): RequestHandler {
  const root = resolve(dir);
  const cache = new Map<string, Entry>();
  let cachedBytes = 0;

  const remember = (key: string, entry: Entry) => {
    cache.set(key, entry);
    cachedBytes += entry.bytes;
    for (const [oldKey, old] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldKey);
      cachedBytes -= old.bytes;
    }
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    if (!COMPRESSIBLE.has(extname(req.path).toLowerCase())) return next();
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return next();
    let filePath: string;
    try {
      filePath = resolve(join(root, decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    // Inside the folder, and no dotfiles (express.static's default ignores them too).
    if (!filePath.startsWith(root + sep) || relative(root, filePath).split(sep).some((part) => part.startsWith('.'))) return next();

    void (async () => {
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile() || info.size < MIN_COMPRESSED_SIZE) return next();
      const key = `${encoding}:${filePath}`;
      let entry = cache.get(key);
      if (!entry || entry.mtimeMs !== info.mtimeMs || entry.size !== info.size) {
        if (entry) {
          cache.delete(key);
          cachedBytes -= entry.bytes;
        }
        const body = readFile(filePath).then((data) => compressors[encoding](data));
        entry = { mtimeMs: info.mtimeMs, size: info.size, body, bytes: 0 };
        const made = entry;
        remember(key, made);
        body.then(
          (buffer) => {
            made.bytes = buffer.length;
            cachedBytes += buffer.length;
          },
          () => cache.get(key) === made && cache.delete(key),
        );
      }
      const body = await entry.body;
      const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${encoding}"`;
      setHeaders(res, filePath);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('ETag', etag);
      res.setHeader('Last-Modified', info.mtime.toUTCString());
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return;
      }
      res.type(extname(filePath));
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      if (req.method === 'HEAD') res.end();
      else res.end(body);
    })().catch(next);
  };
}
