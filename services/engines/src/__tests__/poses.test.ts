import { describe, expect, it } from 'vitest';
import { HOUSE_CAST } from '../index.js';
import { analyseGarment, type GarmentArt } from '../local/garment.js';
import { drawPerson } from '../local/person.js';
import { POCKETS_POSE, POSES, SCENE_POSES, SEATED_POSE } from '../poses.js';
import { poseOf } from '../local/understand.js';
import { stillPoses } from '../local/text-to-image.js';
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

  const person = (joints: (typeof POSES)[number]['joints']) => drawPerson({ x: 500, footY: 1400, height: 1100, joints, look, id: 'p' }).landmarks;

  it('puts hands on the hips at the hips\' sides (they met at the navel), and a seated figure\'s on its knees', () => {
    const { hands, unit } = person(POSES[1]!.joints);
    const standing = person(POSES[0]!.joints);
    const hipY = 1400 - 4 * unit;
    for (const [x, y] of hands) {
      // Beside the body, not at its middle, and near the hips' height (between the waist and the top of the thighs).
      expect(Math.abs(x - 500)).toBeGreaterThan(0.55 * unit);
      expect(y).toBeGreaterThan(hipY - 1.1 * unit);
      expect(y).toBeLessThan(hipY + 0.6 * unit);
    }
    expect(standing.hands.every(([x]) => Math.abs(x - 500) > 0.55 * unit)).toBe(true);
    // Seated, the hands rest on the knees: below the hips, within the legs' width.
    const seated = person(SCENE_POSES[SEATED_POSE]!.joints);
    const seatedHipY = 1400 - (4 - 2 * 0.7) * seated.unit;
    for (const [x, y] of seated.hands) {
      expect(y).toBeGreaterThan(seatedHipY);
      expect(Math.abs(x - 500)).toBeLessThan(1.0 * seated.unit);
    }
  });

  it('picks, for a half-length or closer still, only poses whose elbows stay near the body (hands on hips ran out of the frame)', () => {
    const reach = (joints: (typeof POSES)[number]['joints']) => Math.max(Math.abs(Math.sin((joints.upperArmL * Math.PI) / 180)), Math.abs(Math.sin((joints.upperArmR * Math.PI) / 180)));
    for (const framing of ['half body', 'close-up'] as const) {
      for (const index of stillPoses(framing)) expect(reach(SCENE_POSES[index]!.joints), SCENE_POSES[index]!.name).toBeLessThan(Math.sin((25 * Math.PI) / 180));
    }
    expect(stillPoses('full body')).toContain(1); // full length, hands on the hips stay in the frame
  });

  it('puts the hands in the pockets when asked: the forearms end at them, no hand drawn (the hands lay on the thighs)', () => {
    for (const prompt of ['man with hands in pockets wearing a denim jacket', 'woman in a camel coat, hands in her coat pockets', 'hand in pocket']) expect(poseOf(prompt), prompt).toBe(POCKETS_POSE);
    expect(poseOf('a coat with deep pockets')).toBeUndefined();
    const thumbs = (joints: (typeof POSES)[number]['joints']) => drawPerson({ x: 500, footY: 1400, height: 1100, joints, look, id: 'p' }).body.split('stroke-opacity="0.35"').length - 1;
    expect(thumbs(POSES[0]!.joints)).toBe(2);
    expect(thumbs(SCENE_POSES[POCKETS_POSE]!.joints)).toBe(0);
  });
});
