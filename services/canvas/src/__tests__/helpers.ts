import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { startTestAccount, type TestAccount } from '@atelier/account/testing';
import { importCanvasEditSchema, mediaOwnedRequestSchema, type ImportCanvasEdit, type MediaOwnedRequest } from '@atelier/contracts';
import { createBaseApp, createLogger, finishApp, IDENTITY_HEADER, listen, openDatabase, requireService, validate, type Database } from '@atelier/kit';
import { testUserToken } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createService, type CanvasDeps, type CanvasService } from '../app.js';
import { loadCanvasConfig, type CanvasConfig } from '../config.js';
import { migrationsFolder } from '../db/migrations.js';

export const SECRET = 'canvas-test-secret-'.padEnd(48, 'x');
export const PUBLIC_URL = 'http://atelier.test:8080';
export const silent = createLogger('canvas-test', 'silent');

/** The PostgreSQL server of the test run (vitest's globalSetup starts one when none is given). */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its globalSetup starts a server)');
  return url;
}

export function tempDir(prefix = 'atelier-canvas-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export type { TestAccount };

/** A real account service on a schema of its own, listening on 127.0.0.1. */
export const startAccount = () => startTestAccount({ secret: SECRET, databaseUrl: testDatabaseUrl(), logger: silent });

/** The identity header the gateway would add for a signed-in user, addressed to `audience`. */
export function userHeaders(userId: string, audience = 'canvas'): Record<string, string> {
  return { [IDENTITY_HEADER]: testUserToken(SECRET, { userId, sessionId: `session-${userId}`, audience }) };
}

export interface FakeCreate {
  url: string;
  /** Hand-overs create accepted, as received. */
  imported: ImportCanvasEdit[];
  /** Answers this many hand-overs with 503 before accepting again. */
  failNext(count: number): void;
  /** Create vouches that the user may use this media URL as an input (their upload, a gallery picture). */
  own(userId: string, url: string): void;
  /** Answers whose-media questions with 503 while true. */
  ownershipDown: boolean;
  close(): Promise<void>;
}

/** The create service's import-canvas route as the contract has it: canvas's service token, the body's schema. */
export async function startFakeCreate(): Promise<FakeCreate> {
  const imported: ImportCanvasEdit[] = [];
  let failing = 0;
  const app = createBaseApp({ name: 'create', logger: silent });
  app.post(
    '/internal/generations/import-canvas',
    requireService(SECRET, { audience: 'create', allow: ['canvas'] }),
    validate({ body: importCanvasEditSchema }),
    (req, res) => {
      if (failing > 0) {
        failing -= 1;
        res.status(503).json({ error: 'Service unavailable: create' });
        return;
      }
      const body = req.body as ImportCanvasEdit;
      if (!imported.some((i) => i.canvasEditId === body.canvasEditId)) imported.push(body);
      res.json({ imported: 1 });
    },
  );
  const ownedKeys = new Set<string>();
  const keyOf = (url: string) => /\/media\/(.+)$/.exec(url)?.[1] ?? url;
  app.post(
    '/internal/media/owned',
    requireService(SECRET, { audience: 'create', allow: ['canvas'] }),
    validate({ body: mediaOwnedRequestSchema }),
    (req, res) => {
      if (fake.ownershipDown) {
        res.status(503).json({ error: 'Service unavailable: create' });
        return;
      }
      const { userId, urls } = req.body as MediaOwnedRequest;
      res.json({ owned: urls.filter((url) => ownedKeys.has(`${userId} ${keyOf(url)}`)) });
    },
  );
  const server = await listen(finishApp(app, silent), { port: 0, host: '127.0.0.1' });
  const fake: FakeCreate = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    imported,
    failNext: (count) => {
      failing = count;
    },
    own: (userId, url) => ownedKeys.add(`${userId} ${keyOf(url)}`),
    ownershipDown: false,
    close: () => closeServer(server),
  };
  return fake;
}

export interface TestCanvas {
  service: CanvasService;
  config: CanvasConfig;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export async function startCanvas(
  account: TestAccount,
  options: { env?: Record<string, string>; deps?: Partial<Omit<CanvasDeps, 'config' | 'database' | 'logger'>> } = {},
): Promise<TestCanvas> {
  const data = tempDir();
  const config = loadCanvasConfig({
    IDENTITY_SECRET: SECRET,
    ACCOUNT_URL: account.url,
    DATA_DIR: data.dir,
    DATABASE_URL: testDatabaseUrl(),
    PUBLIC_URL,
    CANVAS_SWEEP_INTERVAL_MS: '1000',
    ...options.env,
  });
  const schema = `canvas_t_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ service: 'canvas', schema, databaseUrl: config.databaseUrl, migrationsFolder });
  const service = await createService({ config, database, logger: silent, ...options.deps });
  return {
    service,
    config,
    database,
    dataDir: data.dir,
    async close() {
      await service.stop({ timeoutMs: 5_000 });
      await database.db.execute(sql.raw(`drop schema if exists "${schema}" cascade; drop schema if exists "${schema}_jobs" cascade`));
      await database.close();
      data.remove();
    },
  };
}

/** Polls `read` until `done` holds (or throws after `timeoutMs`). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A small picture with some structure (a figure on a wall), in the given format. */
export function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#b9c4cc"/>
<ellipse cx="50%" cy="30%" rx="12%" ry="14%" fill="#8d5a3b"/>
<rect x="32%" y="45%" width="36%" height="50%" fill="#c1121f"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG header declaring `width`×`height` with almost no pixel data: a decompression bomb's shape. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every stored media file (relative to the media folder), without the store's temporary folder. */
export function storedMedia(dataDir: string): string[] {
  const root = join(dataDir, 'media');
  const walk = (dir: string, prefix: string): string[] => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      if (name === '.tmp') return [];
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path, `${prefix}${name}/`) : [`${prefix}${name}`];
    });
  };
  return walk(root, '');
}
