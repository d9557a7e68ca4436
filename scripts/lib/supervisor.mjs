// Keeps one process of the product running: spawns it with an IPC channel, learns its port from it,
// restarts it with backoff when it exits unexpectedly, and gives up (fatal) after too many crashes.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';

/** Crashes within CRASH_WINDOW_MS, each soon after starting, that stop the whole product. */
export const MAX_CRASHES = 5;
export const CRASH_WINDOW_MS = 60_000;
/**
 * A process that ran this long before exiting was working: its crash (a request it could not survive) gets a restart
 * with backoff but does not count towards stopping the product. Only a process that keeps failing right after it
 * starts (its configuration, its database, its port) stops everything — so no request can stop the whole product.
 */
export const STABLE_AFTER_MS = 10_000;
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 8_000;
const RECENT_LINES = 40;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Prefixes each output line with the process's name; keeps the last lines for a crash report. */
function pipeLines(stream, out, prefix, recent, quiet) {
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      recent.push(line);
      if (recent.length > RECENT_LINES) recent.shift();
      if (!quiet) out.write(prefix + line + '\n');
    }
  });
}

/**
 * A supervised process. `spec`: `{ name, command, args, env(), cwd, quiet, log }`; `env()` is called
 * at every (re)start so it carries the current addresses of the other processes. Events: `listening`
 * (port), `down` (code, signal), `up` (port, restarted), `fatal` (message). `start()` resolves with
 * the port once the process reports it listens (or rejects if it exits first).
 */
export class SupervisedProcess extends EventEmitter {
  constructor(spec) {
    super();
    this.spec = spec;
    this.name = spec.name;
    this.port = undefined;
    this.child = null;
    this.recent = [];
    this.crashes = [];
    this.earlyCrashes = [];
    this.upSince = undefined;
    this.stopping = false;
    this.restarts = 0;
  }

  log(message) {
    (this.spec.log ?? ((m) => process.stderr.write(`[supervisor] ${m}\n`)))(message);
  }

  /** Spawns the process and resolves with its port once it reports listening. */
  start() {
    const { command, args, cwd, quiet } = this.spec;
    const child = spawn(command, args, { cwd, env: this.spec.env(this), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    this.child = child;
    pipeLines(child.stdout, process.stdout, `[${this.name}] `, this.recent, quiet);
    pipeLines(child.stderr, process.stderr, `[${this.name}] `, this.recent, quiet);
    return new Promise((resolve, reject) => {
      let listening = false;
      child.on('message', (message) => {
        if (message?.type !== 'listening' || typeof message.port !== 'number') return;
        listening = true;
        this.upSince = Date.now();
        this.port = message.port;
        this.emit('listening', message.port);
        resolve(message.port);
      });
      child.once('error', (error) => {
        if (!listening) reject(error);
      });
      // A process that cannot report (under `node --watch` the script runs one level further down) is
      // ready once its health check answers on the port it was given.
      if (this.spec.readyUrl) {
        void (async () => {
          while (!listening && child.exitCode === null && child.signalCode === null) {
            const ok = await fetch(this.spec.readyUrl).then((r) => r.ok, () => false);
            if (ok) {
              listening = true;
              this.upSince = Date.now();
              this.port = Number(new URL(this.spec.readyUrl).port);
              resolve(this.port);
              return;
            }
            await sleep(150);
          }
        })();
      }
      child.once('exit', (code, signal) => {
        if (!listening) {
          const lines = this.recent.slice(-15).join('\n  ');
          reject(new Error(`${this.name} exited (${code ?? signal}) before it was listening.\n  ${lines}`));
          return;
        }
        if (this.stopping || child !== this.child) return;
        void this.crashed(code, signal);
      });
    });
  }

  async crashed(code, signal) {
    const now = Date.now();
    const stableAfterMs = this.spec.stableAfterMs ?? STABLE_AFTER_MS;
    // Never up (a failed restart), or up only briefly: the kind of crash that repeats by itself.
    const upForMs = this.upSince === undefined ? 0 : now - this.upSince;
    const early = this.upSince === undefined || upForMs < stableAfterMs;
    this.upSince = undefined;
    this.crashes = this.crashes.filter((at) => now - at < CRASH_WINDOW_MS);
    this.crashes.push(now);
    this.earlyCrashes = this.earlyCrashes.filter((at) => now - at < CRASH_WINDOW_MS);
    if (early) this.earlyCrashes.push(now);
    this.emit('down', code, signal);
    if (this.earlyCrashes.length >= MAX_CRASHES) {
      const lines = this.recent.slice(-20).map((line) => `    ${line}`).join('\n');
      const message =
        `${this.name} exited unexpectedly ${MAX_CRASHES} times within a minute, each soon after starting (last: ${code ?? signal}); stopping Atelier.\n` +
        `  Last lines of ${this.name}:\n${lines || '    (none)'}`;
      this.emit('fatal', message);
      return;
    }
    // Backoff counts every crash of the last minute, early or not.
    const delay = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.crashes.length - 1));
    this.log(
      `${this.name} exited unexpectedly (${code ?? signal}) ${early ? `soon after starting; restarting in ${delay} ms (${this.earlyCrashes.length} of ${MAX_CRASHES} such crashes allowed per minute)` : `after running ${Math.round(upForMs / 1000)} s; restarting in ${delay} ms`}`,
    );
    await sleep(delay);
    if (this.stopping) return;
    const startedAt = Date.now();
    try {
      const port = await this.start();
      this.restarts += 1;
      this.log(`${this.name} is back on port ${port} after ${Date.now() - startedAt} ms`);
      this.emit('up', port, true);
    } catch (error) {
      this.log(`${this.name} failed to restart: ${error.message}`);
      // Counts as another crash; the exit handler of that attempt did not fire (it never listened).
      if (!this.stopping) void this.crashed(this.child?.exitCode ?? null, this.child?.signalCode ?? null);
    }
  }

  /** Sends a message to the process if it is running (route updates to the gateway). */
  send(message) {
    if (this.child?.connected) this.child.send(message);
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  async stop(graceMs = 10_000) {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((done) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      child.kill('SIGTERM');
    });
  }
}
