import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';

export const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
export const silentLogger = pino({ level: 'silent' });
/** The PostgreSQL server of the test run (vitest's globalSetup starts one when none is given). */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its globalSetup starts a server)');
  return url;
}

/** A service name unique to this run, so parallel runs on one server never share a schema. */
export const uniqueService = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-kit-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Drops schemas a test created on the PostgreSQL server. */
export async function dropSchemas(url: string, schemas: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
