import { describe, expect, it } from 'vitest';
import { escapeXml, excerptOf, grainLayer } from '../local/render.js';
import { createLocalEngine } from '../local/index.js';

function stats(grain: Buffer) {
  let [sum, squares, min, max] = [0, 0, 255, 0];
  for (const value of grain) {
    sum += value;
    squares += value * value;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  const mean = sum / grain.length;
  return { mean, sd: Math.sqrt(squares / grain.length - mean * mean), min, max };
}

describe('film grain', () => {
  it('is mid-grey noise of the asked strength: a triangular spread around 128, the same for the same seed', () => {
    const grain = grainLayer(512, 768, 42, 10);
    expect(grain).toHaveLength(512 * 768);
    const { mean, sd, min, max } = stats(grain);
    expect(mean).toBeCloseTo(128, 1);
    // The sum of two uniforms on [0, 1), less 1, has a standard deviation of √(1/6) ≈ 0.408; the strength scales it by 1.7.
    expect(sd).toBeGreaterThan(10 * 1.7 * 0.408 * 0.97);
    expect(sd).toBeLessThan(10 * 1.7 * 0.408 * 1.03);
    expect([min, max]).toEqual([128 - 17, 128 + 17]);
    expect(grainLayer(512, 768, 42, 10).equals(grain)).toBe(true);
    expect(grainLayer(512, 768, 43, 10).equals(grain)).toBe(false);
    // Neighbouring pixels are independent: no visible pattern.
    let together = 0;
    for (let i = 1; i < grain.length; i++) together += (grain[i]! - 128) * (grain[i - 1]! - 128);
    expect(Math.abs(together / (grain.length - 1) / sd ** 2)).toBeLessThan(0.02);
  });

  it('is flat grey at strength 0', () => {
    expect(stats(grainLayer(64, 64, 1, 0))).toMatchObject({ min: 128, max: 128 });
  });
});

describe('captions cut to fit', () => {
  it('end after a whole word with an ellipsis, not inside a word', () => {
    const pose = 'weight on one leg, hip shifted, one hand on the hip, relaxed shoulders';
    expect(excerptOf(pose, 60)).toBe('weight on one leg, hip shifted, one hand on the hip…');
    expect([...excerptOf(pose, 60)].length).toBeLessThanOrEqual(60);
    expect(excerptOf('arms swinging naturally mid-stride', 20)).toBe('arms swinging…');
    expect(excerptOf('short caption', 60)).toBe('short caption');
    // One word longer than the line: cut where it must be.
    expect(excerptOf('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('text drawn into an SVG', () => {
  it('is escaped and loses the characters XML cannot hold, so a prompt carrying one still draws', async () => {
    expect(escapeXml('a\u0001b <c> & "d"\uffff\tline\n')).toBe('ab &lt;c&gt; &amp; &quot;d&quot;\tline\n');
    const still = await createLocalEngine().textToImage({ prompt: 'a\u0001b red dress \uffff', aspectRatio: '1:1', seed: 2 });
    expect(still.data.length).toBeGreaterThan(1000);
  }, 30_000);
});
