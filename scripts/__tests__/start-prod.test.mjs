// `npm run start:prod`'s checks: what a production run requires from the environment, what it refuses,
// and that it stops before starting anything when they fail. Run: node --test scripts/__tests__/*.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../lib/processes.mjs';
import { BUILD_OUTPUTS, checkProductionEnvironment } from '../production.mjs';

const GOOD = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://atelier:secret@db.internal:5432/atelier',
  IDENTITY_SECRET: 'x'.repeat(48),
  PUBLIC_URL: 'https://atelier.example',
  OIDC_CLIENT_ID: 'client',
  OIDC_CLIENT_SECRET: 'client-secret',
  S3_BUCKET: 'atelier-media',
};
const everythingBuilt = () => true;
const check = (env, exists = everythingBuilt) => checkProductionEnvironment(env, { root: '/repo', exists });

describe('checkProductionEnvironment', () => {
  it('accepts a complete production environment without a warning', () => {
    assert.deepEqual(check(GOOD), { errors: [], warnings: [] });
  });

  it('requires DATABASE_URL, IDENTITY_SECRET and PUBLIC_URL, naming each', () => {
    for (const name of ['DATABASE_URL', 'IDENTITY_SECRET', 'PUBLIC_URL']) {
      for (const missing of [undefined, '']) {
        const { errors } = check({ ...GOOD, [name]: missing });
        assert.equal(errors.length, 1, `${name}=${missing}: ${errors.join('; ')}`);
        assert.match(errors[0], new RegExp(`^${name} is required`));
      }
    }
  });

  it('refuses bad values: a non-postgres DATABASE_URL, a short secret, a PUBLIC_URL that is no URL, another NODE_ENV', () => {
    assert.deepEqual(check({ ...GOOD, DATABASE_URL: 'mysql://db/atelier' }).errors, ['DATABASE_URL must be a postgres:// URL']);
    assert.deepEqual(check({ ...GOOD, IDENTITY_SECRET: 'x'.repeat(31) }).errors, ['IDENTITY_SECRET must be at least 32 characters']);
    assert.deepEqual(check({ ...GOOD, IDENTITY_SECRET_PREVIOUS: 'short' }).errors, ['IDENTITY_SECRET_PREVIOUS must be at least 32 characters']);
    assert.deepEqual(check({ ...GOOD, PUBLIC_URL: 'atelier.example' }).errors, ['PUBLIC_URL must be an http(s):// URL']);
    assert.match(check({ ...GOOD, NODE_ENV: 'development' }).errors[0], /^NODE_ENV is "development"/);
    assert.deepEqual(check({ ...GOOD, NODE_ENV: undefined }).errors, [], 'start:prod sets NODE_ENV=production itself');
  });

  it('refuses development sign-in and developer tools in every spelling of "on", and lets "off" through', () => {
    for (const flag of ['DEV_LOGIN', 'DEV_TOOLS']) {
      for (const on of ['1', 'true', 'on', 'yes', 'TRUE', ' 1 ']) {
        const { errors } = check({ ...GOOD, [flag]: on });
        assert.equal(errors.length, 1, `${flag}=${on}`);
        assert.match(errors[0], new RegExp(`^${flag}=.* is refused in production`));
      }
      for (const off of ['0', 'false', 'off', 'no', '']) assert.deepEqual(check({ ...GOOD, [flag]: off }).errors, [], `${flag}=${off}`);
    }
  });

  it('requires the secrets that go with a provider: OIDC_CLIENT_SECRET, and Stripe\'s publishable key and webhook secret', () => {
    assert.deepEqual(check({ ...GOOD, OIDC_CLIENT_SECRET: undefined }).errors, ['OIDC_CLIENT_SECRET is required with OIDC_CLIENT_ID']);
    assert.deepEqual(check({ ...GOOD, STRIPE_SECRET_KEY: 'sk_live_abc' }).errors, [
      'STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
    ]);
  });

  it('warns, without refusing, about no sign-in provider, media on local disk and an http PUBLIC_URL', () => {
    const { errors, warnings } = check({ ...GOOD, OIDC_CLIENT_ID: undefined, OIDC_CLIENT_SECRET: undefined, S3_BUCKET: undefined, PUBLIC_URL: 'http://10.0.0.5:8080' });
    assert.deepEqual(errors, []);
    assert.equal(warnings.length, 3);
    assert.ok(warnings.some((w) => w.startsWith('OIDC_CLIENT_ID is not set')));
    assert.ok(warnings.some((w) => w.startsWith('S3_BUCKET is not set')));
    assert.ok(warnings.some((w) => w.startsWith('PUBLIC_URL is not https://')));
  });

  it('names every missing build output, and does not ask for a remote hosted elsewhere', () => {
    const built = new Set(BUILD_OUTPUTS.map((o) => join('/repo', o.file)));
    built.delete(join('/repo', 'services/canvas/dist/server.js'));
    built.delete(join('/repo', 'mf-pricing/dist/mf-manifest.json'));
    const { errors } = check(GOOD, (file) => built.has(file));
    assert.equal(errors.length, 1);
    assert.match(errors[0], /the canvas service \(services\/canvas\/dist\/server\.js\), the mf-pricing remote \(mf-pricing\/dist\/mf-manifest\.json\): run `npm run build`/);
    built.add(join('/repo', 'services/canvas/dist/server.js'));
    assert.deepEqual(check({ ...GOOD, REMOTE_MF_PRICING_URL: 'https://cdn.example/mf-pricing/' }, (file) => built.has(file)).errors, []);
  });
});

describe('start:prod', () => {
  it('stops with exit code 1 before starting anything, naming what is missing or refused', () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DEV_TOOLS: '1', DATA_DIR: '/nonexistent/atelier-start-prod-test' };
    const run = spawnSync(process.execPath, [join(repoRoot, 'scripts/start-prod.mjs')], { cwd: repoRoot, env, encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /Atelier cannot start in production:/);
    for (const expected of ['DATABASE_URL is required', 'IDENTITY_SECRET is required', 'PUBLIC_URL is required', 'DEV_TOOLS=1 is refused in production']) {
      assert.ok(run.stderr.includes(expected), `${expected}\n${run.stderr}`);
    }
    assert.doesNotMatch(run.stdout, /listening/);
  });
});
