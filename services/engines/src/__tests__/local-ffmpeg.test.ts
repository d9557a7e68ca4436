import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EngineFailure } from '../errors.js';
import { ffmpegFailure, runFfmpegFed } from '../local/ffmpeg.js';

/** Encodes frames fed slowly while `signal` is sent to that ffmpeg (found by a tag in its arguments) after 400 ms. */
async function encodeKilledBy(signal: 'SIGKILL' | 'SIGTERM'): Promise<unknown> {
  const tag = `atelier-test-${randomUUID()}`;
  const frame = Buffer.alloc(64 * 64 * 3, 128);
  const killer = (async () => {
    await sleep(400);
    const pid = execFileSync('pgrep', ['-f', tag]).toString().trim().split('\n')[0]!;
    process.kill(Number(pid), signal);
  })();
  const encoding = runFfmpegFed(['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', '64x64', '-r', '10', '-i', 'pipe:0', '-metadata', `comment=${tag}`, '-f', 'null', '-'], async (write) => {
    for (let i = 0; i < 200; i++) {
      await write(frame);
      await sleep(20);
    }
  });
  const outcome = await encoding.then(() => null, (error: unknown) => error);
  await killer;
  return outcome;
}

describe('ffmpeg failures', () => {
  it('retries an encode stopped by a signal (a shutdown, the OOM killer), and shows a user no ffmpeg log', async () => {
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      const error = await encodeKilledBy(signal);
      expect(error, signal).toBeInstanceOf(EngineFailure);
      expect((error as EngineFailure).retryable, signal).toBe(true);
      expect((error as EngineFailure).message, signal).toBe('the video encoder was stopped before it finished');
    }
  }, 30_000);

  it('fails for good on any other exit, its log kept as the cause', () => {
    const failure = ffmpegFailure(1, null, 'Input #0, rawvideo\n[rawvideo] Invalid frame size\nConversion failed!');
    expect([failure.retryable, failure.message]).toEqual([false, 'the video could not be encoded']);
    expect(String((failure.cause as Error).message)).toMatch(/exited with 1: .*Conversion failed!/);
    expect(ffmpegFailure(255, null, '... Exiting normally, received signal 15.').retryable).toBe(true);
    expect(ffmpegFailure(null, 'SIGKILL', '').retryable).toBe(true);
    expect(ffmpegFailure(null, 'SIGSEGV', '').retryable).toBe(false); // its own crash would crash again
  });
});
