import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestAccount, type TestAccount } from '@atelier/account/testing';
import { createLogger, IDENTITY_HEADER, openDatabase, type Database } from '@atelier/kit';
import { testUserToken } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createService, type PhotoshootDeps, type PhotoshootService } from '../app.js';
import { loadPhotoshootConfig, type PhotoshootConfig } from '../config.js';
import { migrationsFolder } from '../db/migrations.js';
import type { Gallery } from '../gallery.js';

export const SECRET = 'photoshoot-test-secret-'.padEnd(48, 'x');
export const silent = createLogger('photoshoot-test', 'silent');

/** The PostgreSQL server of the test run (vitest's globalSetup starts one when none is given). */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its globalSetup starts a server)');
  return url;
}

export function tempDir(prefix = 'atelier-photoshoot-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}


export type { TestAccount };

/** A real account service on a schema of its own, listening on 127.0.0.1. */
export const startAccount = () => startTestAccount({ secret: SECRET, databaseUrl: testDatabaseUrl(), logger: silent });

/** The identity header the gateway would add for a signed-in user, addressed to `audience`. */
export function userHeaders(userId: string, audience = 'photoshoot'): Record<string, string> {
  return { [IDENTITY_HEADER]: testUserToken(SECRET, { userId, sessionId: `session-${userId}`, audience }) };
}

/** A gallery that records what it was given. */
export function recordingGallery(): Gallery & { added: { photoshootId: string; poses: number[] }[] } {
  const added: { photoshootId: string; poses: number[] }[] = [];
  return {
    enabled: true,
    added,
    async add(row, photos) {
      added.push({ photoshootId: row.id, poses: photos.map((p) => p.poseIndex).sort((a, b) => a - b) });
    },
  };
}

export interface TestPhotoshoot {
  service: PhotoshootService;
  config: PhotoshootConfig;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export async function startPhotoshoot(
  account: TestAccount,
  options: {
    env?: Record<string, string>;
    deps?: Partial<Omit<PhotoshootDeps, 'config' | 'database' | 'logger'>>;
    /** Draw the house cast in a child process with the service's environment, as `npm start` does. */
    castProcess?: boolean;
  } = {},
): Promise<TestPhotoshoot> {
  const data = tempDir();
  const environment = {
    IDENTITY_SECRET: SECRET,
    ACCOUNT_URL: account.url,
    DATA_DIR: data.dir,
    DATABASE_URL: testDatabaseUrl(),
    PHOTOSHOOT_SWEEP_INTERVAL_MS: '1000',
    ...options.env,
  };
  const config = loadPhotoshootConfig(environment);
  const schema = `photoshoot_t_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ service: 'photoshoot', schema, databaseUrl: config.databaseUrl, migrationsFolder });
  const castProcess = options.castProcess ? { env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...environment } } : undefined;
  const service = await createService({ config, database, logger: silent, gallery: recordingGallery(), ...(castProcess ? { castProcess } : {}), ...options.deps });
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
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A stand-in photo of a person: a figure against a plain wall, as a JPEG. */
export async function personPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
<rect width="800" height="1200" fill="#b9c4cc"/>
<ellipse cx="400" cy="190" rx="70" ry="90" fill="#8d5a3b"/>
<path d="M330,150 Q400,60 470,150 L470,120 Q400,40 330,120 Z" fill="#1b1410"/>
<rect x="370" y="270" width="60" height="50" fill="#7d4e33"/>
<path d="M270,320 L530,320 L560,700 L240,700 Z" fill="#f2f2f2"/>
<rect x="270" y="700" width="110" height="440" fill="#2f3e4e"/><rect x="420" y="700" width="110" height="440" fill="#2f3e4e"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A shop photo of a red dress on white. */
export async function garmentPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#ffffff"/>
<path d="M230 80 L370 80 L400 260 L520 740 L80 740 L200 260 Z" fill="#c1121f"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
