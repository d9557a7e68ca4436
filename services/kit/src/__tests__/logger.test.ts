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

describe('stdoutSink batches', () => {
  it('writes the lines of a burst together a moment later, and the rest when the process exits', async () => {
    const { mkdtempSync, openSync, readFileSync, closeSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { stdoutSink, flushLogs, LOG_FLUSH_MS } = await import('../logger.js');
    const file = join(mkdtempSync(join(tmpdir(), 'sink-')), 'log');
    const fd = openSync(file, 'w');
    const sink = stdoutSink(fd);
    sink.write('{"a":1}\n');
    sink.write('{"b":2}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    await new Promise((r) => setTimeout(r, LOG_FLUSH_MS * 3));
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
    sink.write('{"c":3}\n');
    flushLogs();
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"b":2}\n{"c":3}\n');
    closeSync(fd);
  });

  it('writes at once when a batch grows large', async () => {
    const { mkdtempSync, openSync, readFileSync, closeSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { stdoutSink, LOG_FLUSH_BYTES } = await import('../logger.js');
    const file = join(mkdtempSync(join(tmpdir(), 'sink-')), 'log');
    const fd = openSync(file, 'w');
    const sink = stdoutSink(fd);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < LOG_FLUSH_BYTES / 1024; i++) sink.write(line);
    expect(readFileSync(file, 'utf8').length).toBe(LOG_FLUSH_BYTES);
    closeSync(fd);
  });
});
