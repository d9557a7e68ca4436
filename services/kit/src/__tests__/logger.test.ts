import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('stdoutSink', () => {
  it('lets a process whose log reader is gone (broken pipe) keep working and exit', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/log-after-reader-left.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Close our end of its stdout, then tell it to log: every write now meets EPIPE.
    child.stdout.destroy();
    await new Promise((r) => setTimeout(r, 200));
    child.stdin.write('go\n');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    expect(code).toBe(0);
  });
});
