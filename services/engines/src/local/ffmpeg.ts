import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineFailure } from '../errors.js';

/** Which ffmpeg the local engine encodes with, and where it came from. */
export interface FfmpegInfo {
  path: string;
  source: 'FFMPEG_PATH' | 'machine' | 'bundled';
  /** The first line of `ffmpeg -version`, e.g. `ffmpeg version 5.1.6-0+deb12u1`. */
  version: string;
}

let resolved: FfmpegInfo | null | undefined;

/**
 * The ffmpeg the local engine encodes with: FFMPEG_PATH, else the machine's own `ffmpeg` (kept up to
 * date by its package manager), else the one @ffmpeg-installer ships (a 2018 build, only our own
 * frames go through it). Null when none runs. Provider videos are never given to ffmpeg (see mp4.ts).
 */
export function ffmpegInfo(): FfmpegInfo | null {
  if (resolved !== undefined) return resolved;
  const candidates: { path: string; source: FfmpegInfo['source'] }[] = [];
  if (process.env.FFMPEG_PATH) candidates.push({ path: process.env.FFMPEG_PATH, source: 'FFMPEG_PATH' });
  candidates.push({ path: 'ffmpeg', source: 'machine' });
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    candidates.push({ path: installer.path, source: 'bundled' });
  } catch {
    // No package for this platform.
  }
  resolved = null;
  for (const candidate of candidates) {
    try {
      if (candidate.path.includes('/')) accessSync(candidate.path, constants.X_OK);
      const probe = spawnSync(candidate.path, ['-hide_banner', '-version'], { timeout: 10_000, encoding: 'utf8' });
      if (probe.status === 0) {
        resolved = { ...candidate, version: (probe.stdout ?? '').split('\n')[0]?.trim() ?? '' };
        break;
      }
    } catch {
      // Not executable or missing: try the next one.
    }
  }
  return resolved;
}

/** The ffmpeg binary's path (see ffmpegInfo), or null. */
export const findFfmpeg = (): string | null => ffmpegInfo()?.path ?? null;

export function runFfmpeg(args: string[], signal?: AbortSignal): Promise<string> {
  const binary = findFfmpeg();
  if (!binary) {
    return Promise.reject(new EngineFailure('ffmpeg is not available (install @ffmpeg-installer/ffmpeg or set FFMPEG_PATH)', { retryable: false }));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    child.on('error', (error) => reject(new EngineFailure(`ffmpeg could not run: ${error.message}`, { retryable: true, cause: error })));
    child.on('close', (code, killedBy) => {
      if (code === 0) resolve(stderr);
      else reject(ffmpegFailure(code, killedBy, stderr));
    });
  });
}

/**
 * Runs ffmpeg with frames written to its standard input (`-i pipe:0` in `args`): `feed` is handed a write
 * function that waits while the pipe is full, so frames are made as fast as ffmpeg takes them and never
 * pile up in memory.
 */
export function runFfmpegFed(args: string[], feed: (write: (chunk: Buffer) => Promise<void>) => Promise<void>, signal?: AbortSignal): Promise<string> {
  const binary = findFfmpeg();
  if (!binary) {
    return Promise.reject(new EngineFailure('ffmpeg is not available (install @ffmpeg-installer/ffmpeg or set FFMPEG_PATH)', { retryable: false }));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', ...args], { stdio: ['pipe', 'ignore', 'pipe'], signal });
    let stderr = '';
    let closed = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    child.stdin.on('error', () => undefined); // ffmpeg gone: its exit code says why
    let killedBy: NodeJS.Signals | null = null;
    const exited = new Promise<number | null>((done) => child.on('close', (code, signalName) => ((closed = true), (killedBy = signalName), done(code))));
    child.on('error', (error) => reject(new EngineFailure(`ffmpeg could not run: ${error.message}`, { retryable: true, cause: error })));
    const write = (chunk: Buffer) =>
      new Promise<void>((done, fail) => {
        // ffmpeg gone: why (its exit) decides whether another attempt may succeed.
        if (closed || child.stdin.destroyed) return void exited.then((code) => fail(ffmpegFailure(code, killedBy, stderr)));
        if (child.stdin.write(chunk)) done();
        else child.stdin.once('drain', done);
      });
    feed(write)
      .then(() => child.stdin.end())
      .catch((error: unknown) => {
        child.kill('SIGKILL');
        reject(error);
      });
    void exited.then((code) => {
      if (code === 0) resolve(stderr);
      else reject(ffmpegFailure(code, killedBy, stderr));
    });
  });
}

/**
 * Why ffmpeg did not finish, as an engine failure: stopped by a signal (a shutdown's SIGTERM, which ffmpeg answers
 * with exit 255 and "received signal", the OOM killer's SIGKILL) is retryable — the same work succeeds on another
 * attempt; any other exit is not. The message a user may read says what failed, not ffmpeg's log, which goes with
 * the failure as its cause for the service's log.
 */
/** Signals that stop a process from outside: a shutdown, a terminal's interrupt, the OOM killer. */
const STOP_SIGNALS: ReadonlySet<NodeJS.Signals> = new Set(['SIGTERM', 'SIGKILL', 'SIGINT', 'SIGHUP']);

export function ffmpegFailure(code: number | null, killedBy: NodeJS.Signals | null, stderr: string): EngineFailure {
  const log = new Error(`ffmpeg exited with ${code ?? killedBy}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  // A crash of its own (SIGSEGV, SIGABRT) would crash again: only a stop from outside is worth another attempt.
  const stopped = (killedBy !== null && STOP_SIGNALS.has(killedBy)) || (killedBy === null && /received signal (?:1|2|9|15)\b/i.test(stderr));
  return stopped
    ? new EngineFailure('the video encoder was stopped before it finished', { retryable: true, cause: log })
    : new EngineFailure('the video could not be encoded', { retryable: false, cause: log });
}

export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-engines-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface VideoProbe {
  durationSeconds: number;
  codec: string;
  /** e.g. "avc1" when the stream carries an H.264 tag. */
  tag: string | null;
  pixelFormat: string | null;
  width: number;
  height: number;
  fps: number;
}

/** Reads a video's container and first video stream from `ffmpeg -i` output (no ffprobe in the npm package). */
export async function probeVideo(data: Buffer): Promise<VideoProbe> {
  return withTempDir(async (dir) => {
    const file = join(dir, 'probe.mp4');
    await writeFile(file, data);
    const output = await runFfmpeg(['-i', file, '-f', 'null', '-frames:v', '1', '-']).catch((error: unknown) => {
      // Stopped by a signal: a probe again may read it. Otherwise the bytes are not a video (ffmpeg's log says why).
      if (error instanceof EngineFailure && error.retryable) throw error;
      const why = error instanceof Error && error.cause instanceof Error ? error.cause.message : (error as Error).message;
      throw new EngineFailure(`not a readable video: ${why}`, { retryable: false, cause: error });
    });
    return parseProbe(output);
  });
}

export function parseProbe(output: string): VideoProbe {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(output);
  const stream = /Stream #\d+:\d+[^:]*: Video: (\w+)([^\n]*)/.exec(output);
  if (!duration || !stream) throw new EngineFailure('no video stream found', { retryable: false });
  const rest = stream[2] ?? '';
  const size = /, (\d{2,5})x(\d{2,5})/.exec(rest);
  const fps = /, (\d+(?:\.\d+)?) fps/.exec(rest);
  const tag = /\((\w{4}) \/ 0x[0-9A-Fa-f]+\)/.exec(rest);
  const pixelFormat = /\), (\w+)(?:\(|,)/.exec(rest) ?? /, (yuv\w+|rgb\w+|gray\w*)/.exec(rest);
  return {
    durationSeconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    codec: stream[1]!,
    tag: tag ? tag[1]! : null,
    pixelFormat: pixelFormat ? pixelFormat[1]! : null,
    width: size ? Number(size[1]) : 0,
    height: size ? Number(size[2]) : 0,
    fps: fps ? Number(fps[1]) : 0,
  };
}
