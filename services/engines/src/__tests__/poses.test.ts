import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HOUSE_CAST } from '../index.js';
import { analyseGarment, type GarmentArt } from '../local/garment.js';
import { along, drawPerson, proportions } from '../local/person.js';
import { POCKETS_POSE, POSES, SCENE_POSES, SEATED_POSE } from '../poses.js';
import { wornFrom } from '../local/try-on.js';
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

  it('runs a long sleeve along the forearm to the wrist, whatever way the hand points (it hung from the elbow beside a bare forearm)', async () => {
    const red = await analyseGarment(await productPhoto('longSleeve', '#c0392b'));
    const joints = POSES[1]!.joints; // hands on hips: the hands point down, the forearms go in
    const { body, defs, landmarks } = drawPerson({ x: 500, footY: 1400, height: 1100, joints, look, id: 'p', garment: red });
    const { data } = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000" height="1500"><rect width="1000" height="1500" fill="#dddddd"/><defs>${defs}</defs>${body}</svg>`)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const h = landmarks.unit;
    const hipY = 1400 - 4 * h;
    // Each forearm's middle, from the pose's own angles: red cloth, not skin.
    const built = proportions(look);
    for (const side of [-1, 1] as const) {
      const [upper, fore] = side < 0 ? [joints.upperArmL, joints.forearmL] : [joints.upperArmR, joints.forearmR];
      const shoulder: [number, number] = [500 + side * (built.shoulder - 0.16) * h, hipY - 2.26 * h];
      const elbow = along(shoulder, upper, 1.42 * h);
      const wrist = along(elbow, fore, 1.25 * h);
      const mid = [elbow[0] + (wrist[0] - elbow[0]) * 0.6, elbow[1] + (wrist[1] - elbow[1]) * 0.6];
      const redness = ([x, y]: number[]) => {
        const i = (Math.round(y!) * 1000 + Math.round(x!)) * 3;
        return data[i]! - Math.max(data[i + 1]!, data[i + 2]!);
      };
      expect(redness(mid), `side ${side}: the forearm's middle`).toBeGreaterThan(60);
      // Straight down from the elbow, outside the arm: no sleeve hangs there.
      expect(redness(along(elbow, 0, 0.9 * h)), `side ${side}: below the elbow`).toBeLessThan(20);
    }
  });

  it('wears trousers under a coat (bare legs showed under a camel coat, read as a dress)', async () => {
    const coatPhoto = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#f4f4f2"/>
<path d="M215,60 L385,60 L465,130 L500,560 L455,566 L425,250 L425,760 L175,760 L175,250 L145,566 L100,560 L135,130 Z" fill="#b08a5b"/>
<rect x="297" y="80" width="6" height="680" fill="#5a4028"/>${[0.3, 0.45, 0.6].map((t) => `<circle cx="315" cy="${Math.round(800 * t)}" r="8" fill="#3a2818"/>`).join('')}</svg>`),
    )
      .jpeg()
      .toBuffer();
    const coat = await analyseGarment(coatPhoto);
    expect(wornFrom(coat).garment).toBe('coat');
    const { body, defs, landmarks } = drawPerson({ x: 500, footY: 1400, height: 1100, joints: POSES[0]!.joints, look, id: 'p', garment: coat });
    const { data } = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1000" height="1500"><rect width="1000" height="1500" fill="#dddddd"/><defs>${defs}</defs>${body}</svg>`)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Across the shins, well below the coat's hem: trouser cloth, no skin.
    const h = landmarks.unit;
    const [sr, sg, sb] = [1, 3, 5].map((i) => parseInt(look.skin.slice(i, i + 2), 16));
    const y = Math.round(1400 - 1.2 * h);
    let skin = 0;
    for (let x = 300; x < 700; x++) {
      const i = (y * 1000 + x) * 3;
      if (Math.hypot(data[i]! - sr!, data[i + 1]! - sg!, data[i + 2]! - sb!) < 30) skin++;
    }
    expect(skin).toBe(0);
  });
});
