import { describe, expect, it } from 'vitest';
import { createWeightedSemaphore } from '../limits.js';

/** A job that runs until it is let go, recording when it started. */
function jobs() {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      release.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    release.get(name)!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { started, job, finish };
}

describe('createWeightedSemaphore', () => {
  it('runs at most its capacity at once, the rest in order of arrival', async () => {
    const semaphore = createWeightedSemaphore(10);
    const { started, job, finish } = jobs();
    const all = [semaphore.run(6, job('a')), semaphore.run(6, job('b')), semaphore.run(3, job('c'))];
    await new Promise((r) => setTimeout(r, 0));
    expect([started, semaphore.inUse, semaphore.queued]).toEqual([['a'], 6, 2]);
    await finish('a');
    expect(started).toEqual(['a', 'b', 'c']);
    await finish('b');
    await finish('c');
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c']);
    expect([semaphore.inUse, semaphore.queued]).toEqual([0, 0]);
  });

  it("takes the next job from the owner with the least running (one user's eight large uploads held another's small one past the gateway's timeout)", async () => {
    const semaphore = createWeightedSemaphore(10);
    const { started, job, finish } = jobs();
    const flood = Array.from({ length: 4 }, (_, i) => semaphore.run(10, job(`m${i}`), 'mallory'));
    const small = semaphore.run(1, job('ada'), 'ada');
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['m0']);
    await finish('m0');
    // Ada's one upload goes before Mallory's second (Mallory still has one running only while it runs).
    expect(started).toEqual(['m0', 'ada']);
    await finish('ada');
    expect(started).toEqual(['m0', 'ada', 'm1']);
    for (const name of ['m1', 'm2', 'm3']) await finish(name);
    await Promise.all([...flood, small]);
    expect(started).toEqual(['m0', 'ada', 'm1', 'm2', 'm3']);
  });
});

describe('createWeightedSemaphore ageing', () => {
  it("starts a large job passed over by eight later ones, whoever they are (a stream of new owners' small jobs held it back)", async () => {
    const semaphore = createWeightedSemaphore(48);
    const { started, job, finish } = jobs();
    const all = [semaphore.run(36, job('u0'), 'u'), semaphore.run(36, job('u1'), 'u')];
    // Twelve small jobs of owners never served: each ranks before u's second.
    for (let i = 0; i < 12; i++) all.push(semaphore.run(8, job(`n${i}`), `new-${i}`));
    await new Promise((r) => setTimeout(r, 0));
    // Finish what runs, oldest first, until everything has started.
    const finished = new Set<string>();
    while (started.length < 14) {
      const oldest = started.find((name) => !finished.has(name))!;
      finished.add(oldest);
      await finish(oldest);
    }
    const before = started.slice(0, started.indexOf('u1')).filter((name) => name.startsWith('n'));
    expect(before.length).toBe(8);
    for (const name of started) if (!finished.has(name)) await finish(name);
    await Promise.all(all);
    expect([semaphore.inUse, semaphore.queued]).toEqual([0, 0]);
  });
});
