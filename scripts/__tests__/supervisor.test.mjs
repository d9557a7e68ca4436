// The supervisor's crash rules: a process that keeps failing soon after it starts stops the product; one that ran
// a while before it crashed (a request it could not survive) is restarted, however often. Run: node --test
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MAX_CRASHES, SupervisedProcess } from '../lib/supervisor.mjs';

const CHILD = join(import.meta.dirname, 'fixtures', 'crashing-child.mjs');

function supervised(crashAfterMs, stableAfterMs) {
  const logged = [];
  const proc = new SupervisedProcess({
    name: 'child',
    command: process.execPath,
    args: [CHILD],
    cwd: import.meta.dirname,
    quiet: true,
    log: (line) => logged.push(line),
    stableAfterMs,
    env: () => ({ ...process.env, CRASH_AFTER_MS: String(crashAfterMs) }),
  });
  return { proc, logged };
}

describe('supervisor crash rules', () => {
  it(`stops the product after ${MAX_CRASHES} crashes within a minute, each soon after starting`, { timeout: 30_000 }, async () => {
    const { proc, logged } = supervised(20, 5_000);
    const fatal = new Promise((resolve) => proc.once('fatal', resolve));
    await proc.start();
    const message = await fatal;
    assert.match(message, /exited unexpectedly 5 times within a minute, each soon after starting/);
    assert.equal(logged.filter((line) => /soon after starting; restarting/.test(line)).length, MAX_CRASHES - 1);
    await proc.stop(1_000);
  });

  it('keeps restarting a process that ran a while before each crash, and never stops the product for it', { timeout: 30_000 }, async () => {
    // Up 300 ms before each crash, "stable" after 200 ms: back after the fifth crash, where early ones would stop it.
    const { proc, logged } = supervised(300, 200);
    let fatal = null;
    proc.on('fatal', (message) => (fatal = message));
    const ups = [];
    proc.on('up', () => ups.push(Date.now()));
    await proc.start();
    while (ups.length < MAX_CRASHES) await new Promise((r) => setTimeout(r, 50));
    assert.equal(fatal, null);
    assert.equal(logged.filter((line) => /after running 0 s; restarting in \d+ ms/.test(line)).length, MAX_CRASHES);
    await proc.stop(1_000);
  });
});
