import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { AvatarJob, Character } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garmentPhoto, SECRET, startAccount, tempDir, testDatabaseUrl, userHeaders, waitFor, type TestAccount } from './helpers.js';

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

/** The photoshoot service as its own process, run from source. */
function spawnService(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serviceDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('crash: the photoshoot service is killed with 4 of 10 poses done', () => {
  let account: TestAccount;
  const data = tempDir('atelier-photoshoot-crash-');
  const children: ChildProcess[] = [];
  const schema = `photoshoot_crash_${randomBytes(4).toString('hex')}`;

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

  it('completes with exactly 10 photos after the restart, no pose made twice, the photoshoot charged once', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      IDENTITY_SECRET: SECRET,
      ACCOUNT_URL: account.url,
      DATA_DIR: data.dir,
      DATABASE_URL: testDatabaseUrl(),
      PHOTOSHOOT_DB_SCHEMA: schema,
      PHOTOSHOOT_PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PHOTOSHOOT_CONCURRENCY: '1',
      PHOTOSHOOT_SWEEP_INTERVAL_MS: '1000',
    };
    const ready = (child: ChildProcess) =>
      waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`photoshoot exited with ${child.exitCode}:\n${logs.join('')}`);
          return fetch(`${url}/api/avatar/template`).then((r) => r.ok, () => false);
        },
        (ok) => ok,
        120_000,
      );
    const first = spawnService(env);
    children.push(first);
    await ready(first);

    const user = await account.createUser('pro');
    const cast = (await (await fetch(`${url}/api/avatar/characters`, { headers: userHeaders(user) })).json()) as Character[];
    const form = new FormData();
    form.set('characterId', cast[0]!.characterId);
    form.set('clothingImage', new Blob([new Uint8Array(await garmentPhoto())], { type: 'image/png' }), 'dress.png');
    const started = await fetch(`${url}/api/avatar/generate`, { method: 'POST', headers: userHeaders(user), body: form });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    const job = async () => (await (await fetch(`${url}/api/avatar/job/${jobId}`, { headers: userHeaders(user) })).json()) as AvatarJob;

    await waitFor(job, (j) => j.completedPoses >= 4, 120_000);
    first.kill('SIGKILL');
    await exited(first);
    const atKill = (await (async () => {
      const second = spawnService(env);
      children.push(second);
      await ready(second);
      return job();
    })()).completedPoses;
    expect(atKill).toBeGreaterThanOrEqual(4);

    const done = await waitFor(job, (j) => j.status !== 'processing', 180_000);
    expect(done.status).toBe('completed');
    expect(done.generations.map((g) => g.poseIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(done.generations.map((g) => g.imageUrl)).size).toBe(10);
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const poses = await client.query<{ pose_index: number; attempts: number }>(`select pose_index, attempts from "${schema}".poses where photoshoot_id = $1`, [jobId]);
      // Only the pose in hand at the kill was attempted again; every finished one was made once.
      expect(poses.rows.filter((r) => r.attempts > 1).length).toBeLessThanOrEqual(1);
    } finally {
      await client.end();
    }
    expect(await account.avatarOf(user)).toMatchObject({ used: 1 });
    expect(await account.movements(jobId)).toEqual([{ kind: 'reserve', amount: 1, status: 200 }]);
  }, 420_000);
});
