import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { Generation, GenerationsPage } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET, startAccount, tempDir, testDatabaseUrl, userHeaders, waitFor, type TestAccount } from './helpers.js';

const serviceDir = fileURLToPath(new URL('../../', import.meta.url));
const IN_FLIGHT = 20;
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

/** The create service as its own process, run from source (`node --import tsx src/server.ts`). */
function spawnCreate(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serviceDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for a failing run's report.
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  return child;
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`create exited with ${child.exitCode}`);
      return fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    },
    (ok) => ok,
    60_000,
  );
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('crash: the create process is killed with 20 generations in flight', () => {
  let account: TestAccount;
  const data = tempDir('atelier-create-crash-');
  const children: ChildProcess[] = [];
  const schema = `create_crash_${randomBytes(4).toString('hex')}`;

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
    await account.database.db.execute(sql.raw(`drop schema if exists "${schema}" cascade; drop schema if exists "${schema}_jobs" cascade`));
    await account?.close();
    data.remove();
  });

  it('ends every generation completed, or failed and refunded; the ledger agrees and nothing is charged twice', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      IDENTITY_SECRET: SECRET,
      ACCOUNT_URL: account.url,
      DATA_DIR: data.dir,
      CREATE_PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      CREATE_CONCURRENCY: '2',
      // The default job timeout (20 minutes): a job whose worker died is noticed by its heartbeat.
      CREATE_SWEEP_INTERVAL_MS: '1000',
      DATABASE_URL: testDatabaseUrl(),
      CREATE_DB_SCHEMA: schema,
    };
    const first = spawnCreate(env);
    children.push(first);
    await waitReady(url, first);

    const user = await account.createUser('free');
    const headers = { ...userHeaders(user), 'content-type': 'application/json' };
    const ids: string[] = [];
    for (let i = 0; i < IN_FLIGHT; i += 1) {
      const response = await fetch(`${url}/api/generations/image`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ prompt: `crash test look ${i}`, aspectRatio: '1:1' }),
      });
      expect(response.status).toBe(202);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const list = async () => {
      const response = await fetch(`${url}/api/generations?limit=100`, { headers: userHeaders(user) });
      return ((await response.json()) as GenerationsPage).items;
    };
    // Kill it mid-work: some done, some running, most still queued.
    await waitFor(list, (items) => items.some((g) => g.status === 'completed') && items.some((g) => g.status === 'processing'), 60_000);
    first.kill('SIGKILL');
    await exited(first);
    const atKill = await account.creditsOf(user);
    expect(atKill.used).toBe(IN_FLIGHT);

    const second = spawnCreate(env);
    children.push(second);
    await waitReady(url, second);
    const restartedAt = Date.now();
    const final = await waitFor(list, (items) => items.length === IN_FLIGHT && items.every((g) => g.status === 'completed' || g.status === 'failed'), 300_000);
    // The generations the killed worker held were retried within seconds, not after the job timeout.
    expect(Date.now() - restartedAt).toBeLessThan(120_000);

    const byId = new Map<string, Generation>(final.map((g) => [g.id, g]));
    expect([...byId.keys()].sort()).toEqual([...ids].sort());
    let completed = 0;
    for (const id of ids) {
      const generation = byId.get(id)!;
      const movements = (await account.movements(id)).sort((a, b) => a.kind.localeCompare(b.kind));
      if (generation.status === 'completed') {
        completed += 1;
        expect(generation.imageUrl).toMatch(/^\/media\//);
        expect(existsSync(`${data.dir}/media/${generation.imageUrl!.slice('/media/'.length)}`)).toBe(true);
        expect(movements).toEqual([{ kind: 'reserve', amount: 1, status: 200 }]);
      } else {
        expect(generation.errorMessage).toBeTruthy();
        await waitFor(() => account.movements(id), (m) => m.length === 2);
        expect((await account.movements(id)).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
          { kind: 'refund', amount: 1, status: 200 },
          { kind: 'reserve', amount: 1, status: 200 },
        ]);
      }
    }
    // The account's figure is what the generations say: one credit per completed image, never more.
    expect(await account.creditsOf(user)).toMatchObject({ used: completed });

    second.kill('SIGTERM');
    await exited(second);
    expect(second.exitCode).toBe(0);
  }, 480_000);
});
