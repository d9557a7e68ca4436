import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CanvasEdit } from '@atelier/contracts';
import { createMediaStore, readMedia } from '@atelier/kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCanvasConfig } from '../config.js';
import { dataUrl, picture, SECRET, startAccount, tempDir, testDatabaseUrl, userHeaders, waitFor, type TestAccount } from './helpers.js';

const serviceDir = fileURLToPath(new URL('../../', import.meta.url));
const logs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The canvas service as its own process, run from source. */
function spawnService(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serviceDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('crash: the canvas service is killed with SIGKILL while an edit is being made', () => {
  let account: TestAccount;
  const data = tempDir('atelier-canvas-crash-');
  const children: ChildProcess[] = [];
  const schema = `canvas_crash_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    account = await startAccount();
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade; drop schema if exists "${schema}_jobs" cascade`);
    await client.end();
    await account?.close();
    data.remove();
  });

  it('ends every edit completed, or failed and refunded, after the restart; each charged once at most', async ({ annotate }) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      IDENTITY_SECRET: SECRET,
      ACCOUNT_URL: account.url,
      DATA_DIR: data.dir,
      DATABASE_URL: testDatabaseUrl(),
      CANVAS_DB_SCHEMA: schema,
      CANVAS_PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CANVAS_CONCURRENCY: '1',
      CANVAS_SWEEP_INTERVAL_MS: '1000',
    };
    const ready = (child: ChildProcess) =>
      waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`canvas exited with ${child.exitCode}:\n${logs.join('')}`);
          return fetch(`${url}/readyz`).then((r) => r.ok, () => false);
        },
        (ok) => ok,
        120_000,
      );
    const first = spawnService(env);
    children.push(first);
    await ready(first);

    const user = await account.createUser('free');
    const image = dataUrl(await picture(2048, 1536));
    const ids: string[] = [];
    for (const prompt of ['golden hour', 'film', 'night', 'flash']) {
      const started = await fetch(`${url}/api/canvas/edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...userHeaders(user) },
        body: JSON.stringify({ prompt, inputImages: [image, image] }),
      });
      expect(started.status, await started.clone().text()).toBe(202);
      ids.push(((await started.json()) as { id: string }).id);
    }
    const edit = async (id: string) => (await (await fetch(`${url}/api/canvas/edit/${id}`, { headers: userHeaders(user) })).json()) as CanvasEdit;
    const all = () => Promise.all(ids.map(edit));

    // Kill it in the middle of an edit.
    await waitFor(all, (list) => list.some((e) => e.status === 'processing'), 120_000);
    first.kill('SIGKILL');
    await exited(first);

    const second = spawnService(env);
    children.push(second);
    await ready(second);
    const done = await waitFor(all, (list) => list.every((e) => e.status === 'completed' || e.status === 'failed'), 180_000);

    const media = createMediaStore(loadCanvasConfig({ ...env }).media);
    const completed = done.filter((e) => e.status === 'completed');
    for (const e of completed) expect(await readMedia(media, e.outputImageUrl!), e.id).not.toBeNull();
    for (const e of done) {
      const moved = (await account.movements(e.id)).map((m) => m.kind);
      expect(moved, e.id).toEqual(e.status === 'completed' ? ['reserve'] : ['reserve', 'refund']);
    }
    expect(await account.creditsOf(user)).toMatchObject({ used: completed.length });
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const rows = await client.query<{ attempts: number }>(`select attempts from "${schema}".edits`);
      await annotate(`after the kill: ${done.map((e) => e.status).join(', ')}; attempts ${rows.rows.map((r) => r.attempts).join(', ')}`);
      // Only the edit in hand at the kill was attempted again.
      expect(rows.rows.filter((r) => r.attempts > 1).length).toBeLessThanOrEqual(1);
    } finally {
      await client.end();
    }
  }, 420_000);
});
