// The federated remotes use the shell's router only through @atelier/host: react-router-dom is not a shared
// module (packages/federation), so a remote importing it in production code would bundle a second router with
// no <Router> around it and fail at run time. Tests, test helpers and the remotes' standalone dev pages may.
// Run: node --test scripts/__tests__/remote-imports.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../lib/processes.mjs';

const REMOTES = ['mf-create', 'mf-photoshoot', 'mf-canvas', 'mf-pricing'];
/** Folders and files that never ship in a remote's federated module. */
const NOT_SHIPPED = /(^|\/)(__tests__|testing|dev)\/|\.test\.[jt]sx?$/;
const ROUTER_IMPORT = /from\s+['"]react-router(-dom)?['"]|import\(\s*['"]react-router(-dom)?['"]\s*\)/;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.[jt]sx?$/.test(entry.name)) yield path;
  }
}

describe('remotes and the router', () => {
  it('no remote imports react-router-dom in code that ships', () => {
    const offenders = [];
    let checked = 0;
    for (const remote of REMOTES) {
      for (const file of sources(join(repoRoot, remote, 'src'))) {
        const path = relative(repoRoot, file);
        if (NOT_SHIPPED.test(path)) continue;
        checked += 1;
        if (ROUTER_IMPORT.test(readFileSync(file, 'utf8'))) offenders.push(path);
      }
    }
    assert.ok(checked > 20, `only ${checked} remote source files found`);
    assert.deepEqual(offenders, [], `import Link, useLocation, useNavigate or useSearchParams from '@atelier/host' instead in: ${offenders.join(', ')}`);
  });

  it('react-router-dom is not in the shared-singleton table, and @atelier/host is', async () => {
    const { sharedDependencies } = await import(join(repoRoot, 'packages/federation/index.mjs'));
    const shared = Object.keys(sharedDependencies());
    assert.ok(!shared.includes('react-router-dom'));
    assert.ok(shared.includes('@atelier/host'));
  });
});
