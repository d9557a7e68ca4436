// Helpers the generation sections share: a Pro user signed in through the gateway, image generations
// posted through it, and a read-only look at the create service's tables for the times it records.
import pg from 'pg';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const median = (values) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The nearest-rank percentile. */
export const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** Signs in with the development entry and moves that user to a fresh Pro plan (1100 credits). */
export async function proUser(url) {
  const response = await fetch(`${url}/api/dev-login`, { redirect: 'manual' });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('development sign-in gave no cookie');
  const plan = await fetch(`${url}/api/dev/switch-user`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ userType: 'pro' }),
  });
  if (!plan.ok) throw new Error(`/api/dev/switch-user answered ${plan.status}: ${await plan.text()}`);
  return cookie;
}

/** Starts one image generation through the gateway; resolves its id. */
export async function postImage(url, cookie, prompt) {
  const response = await fetch(`${url}/api/generations/image`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  if (response.status !== 202) throw new Error(`start answered ${response.status}: ${await response.text()}`);
  return (await response.json()).id;
}

/** Posts `count` image generations at once; resolves their ids. */
export const postImagesAtOnce = (url, cookie, count, label = 'bench look') =>
  Promise.all(
    Array.from({ length: count }, (_, i) => postImage(url, cookie, `${label} ${i}, linen suit, city street`)),
  );

/** Resolves the generations (as the API lists them) once all of `ids` completed; throws on a failure. */
export async function waitForCompleted(url, cookie, ids, timeoutMs = 15 * 60_000) {
  const wanted = new Set(ids);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${url}/api/generations?limit=100`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET /api/generations answered ${response.status}`);
    const mine = (await response.json()).items.filter((g) => wanted.has(g.id));
    const failed = mine.filter((g) => g.status === 'failed');
    if (failed.length) throw new Error(`${failed.length} generations failed: ${failed[0].errorMessage}`);
    if (mine.length === wanted.size && mine.every((g) => g.status === 'completed')) return mine;
    if (Date.now() > deadline)
      throw new Error(`generations did not finish within ${timeoutMs / 60_000} minutes`);
    await sleep(200);
  }
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

/**
 * A connection to the product's database for reading the create service's own records: each
 * generation's times (created_at, started_at, completed_at: the service's clock) beside its pg-boss
 * job's (created_on = sent, started_on = claimed by a worker, completed_on: the database's clock).
 */
export async function createRecords(product) {
  const url = product.database?.url ?? product.env.DATABASE_URL;
  if (!url) throw new Error('the product has no database URL');
  const schema = product.env.CREATE_DB_SCHEMA ?? 'create';
  const client = new pg.Client({ connectionString: url, application_name: 'bench' });
  client.on('error', () => undefined);
  await client.connect();
  const epochMs = (column) => `(extract(epoch from ${column}) * 1000)::float8`;
  return {
    /** Times in epoch milliseconds, ordered by the moment a worker claimed the job. */
    async times(ids) {
      const { rows } = await client.query(
        `select g.id, g.status,
            ${epochMs('g.created_at')} as "createdAt", ${epochMs('g.started_at')} as "startedAt", ${epochMs('g.completed_at')} as "completedAt",
            ${epochMs('j.created_on')} as "jobSentAt", ${epochMs('j.started_on')} as "jobClaimedAt", ${epochMs('j.completed_on')} as "jobCompletedAt"
         from ${quoteIdent(schema)}.generations g
         join ${quoteIdent(`${schema}_jobs`)}.job j on j.id = g.id
         where g.id = any($1::uuid[])
         order by j.started_on, g.id`,
        [ids],
      );
      return rows;
    },
    async status(id) {
      const { rows } = await client.query(
        `select status, error_message from ${quoteIdent(schema)}.generations where id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },
    close: () => client.end().catch(() => undefined),
  };
}
