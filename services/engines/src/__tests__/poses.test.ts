import { describe, expect, it } from 'vitest';
import { HOUSE_CAST } from '../index.js';
import { analyseGarment, type GarmentArt } from '../local/garment.js';
import { drawPerson } from '../local/person.js';
import { POSES } from '../poses.js';
import { productPhoto } from './fixtures.js';

/** The angle between two directions given in degrees, 0–180. */
const between = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
};

describe('the photoshoot poses', () => {
  it('never fold a forearm back along its upper arm (it would hide behind it: an arm ending at the elbow, a hand floating)', () => {
    for (const pose of POSES) {
      const { upperArmL, forearmL, upperArmR, forearmR } = pose.joints;
      // 180° is folded flat; a bent elbow opens at least 20° from that.
      expect(between(upperArmL, forearmL), `${pose.name}, left`).toBeLessThanOrEqual(160);
      expect(between(upperArmR, forearmR), `${pose.name}, right`).toBeLessThanOrEqual(160);
    }
  });
});

describe('the figure in a pose', () => {
  const look = HOUSE_CAST[0]!.look;
  const draw = (poseIndex: number, garment?: GarmentArt) =>
    drawPerson({ x: 500, footY: 1400, height: 1100, joints: POSES[poseIndex]!.joints, look, id: 'p', ...(garment ? { garment } : {}) }).body;

  it("draws a folded arm's forearm again in front, with its own edge, and a straight arm once", () => {
    const frontForearms = (svg: string) => svg.split('stroke-opacity="0.4"').length - 1;
    expect(frontForearms(draw(5))).toBe(1); // "Hand to collar"
    expect(frontForearms(draw(0))).toBe(0);
  });

  it('wears neutral leather shoes whatever the garment', async () => {
    const green = await analyseGarment(await productPhoto('dress', '#1f8a55'));
    const red = await analyseGarment(await productPhoto('trousers', '#c0392b'));
    for (const svg of [draw(0), draw(0, green), draw(0, red)]) expect(svg).toContain('fill="#2b2522"');
  });
});
