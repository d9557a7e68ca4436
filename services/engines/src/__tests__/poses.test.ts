import { describe, expect, it } from 'vitest';
import { POSES } from '../poses.js';

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
