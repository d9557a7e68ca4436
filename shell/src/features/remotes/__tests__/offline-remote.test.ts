import { describe, expect, it } from 'vitest';
import offlineRemotePlugin from '../../../../../packages/federation/offline-remote.mjs';

async function drainMicrotasks() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

describe('the federation runtime plugin', () => {
  it("starts each step of a remote's start (container init, expose, its evaluation) in a task of its own", async () => {
    const plugin = offlineRemotePlugin();
    for (const hook of [plugin.beforeInitRemote, plugin.beforeGetExpose, plugin.beforeExecuteFactory]) {
      let resumed = false;
      const waited = hook().then((value) => {
        resumed = true;
        return value;
      });
      await drainMicrotasks();
      expect(resumed).toBe(false);
      // Undefined: the runtime's AsyncHook goes on with its own arguments.
      await expect(waited).resolves.toBeUndefined();
    }
  });
});
