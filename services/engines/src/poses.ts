/**
 * The ten poses of a photoshoot. `prompt` is what hosted models are asked for; `joints` drives the
 * local engine's figure (angles in degrees from straight down, positive = towards the figure's left
 * side of the picture).
 */
export interface PoseJoints {
  lean: number;
  headTilt: number;
  upperArmL: number;
  forearmL: number;
  upperArmR: number;
  forearmR: number;
  thighL: number;
  shinL: number;
  thighR: number;
  shinR: number;
  /** The hands' own angles where the wrist bends (a hand on the hip points down along it); else the forearm's. */
  handL?: number;
  handR?: number;
  /**
   * How much of the thighs' length is seen: 1 standing; a seated figure's thighs point at the camera and are seen
   * end-on, short, and the hips sit that much lower.
   */
  thighReach?: number;
  /** The hands are in the pockets: not drawn, the forearms end where they go in. */
  handsHidden?: true;
}

export interface Pose {
  name: string;
  prompt: string;
  joints: PoseJoints;
}

export const POSES: readonly Pose[] = [
  {
    name: 'Front, relaxed',
    prompt: 'standing facing the camera, arms relaxed at the sides, weight even',
    joints: { lean: 0, headTilt: 0, upperArmL: -10, forearmL: -6, upperArmR: 10, forearmR: 6, thighL: -5, shinL: -3, thighR: 5, shinR: 3 },
  },
  {
    name: 'Hands on hips',
    prompt: 'standing tall, both hands on the hips, elbows out, confident',
    joints: { lean: 0, headTilt: -4, upperArmL: -48, forearmL: 40, upperArmR: 48, forearmR: -40, handL: 4, handR: -4, thighL: -7, shinL: -4, thighR: 7, shinR: 4 },
  },
  {
    name: 'Contrapposto',
    prompt: 'weight on one leg, hip shifted, one hand on the hip, relaxed shoulders',
    joints: { lean: 4, headTilt: 6, upperArmL: -12, forearmL: -4, upperArmR: 45, forearmR: -60, handR: -16, thighL: -2, shinL: 0, thighR: 14, shinR: -6 },
  },
  {
    name: 'Walking',
    prompt: 'mid-stride runway walk towards the camera, arms swinging naturally',
    joints: { lean: -2, headTilt: 0, upperArmL: -22, forearmL: -30, upperArmR: 18, forearmR: 8, thighL: -18, shinL: 6, thighR: 16, shinR: 22 },
  },
  {
    name: 'Arms crossed',
    prompt: 'standing with arms crossed at the chest, direct gaze',
    joints: { lean: 0, headTilt: 3, upperArmL: -20, forearmL: 100, upperArmR: 20, forearmR: -100, thighL: -6, shinL: -2, thighR: 6, shinR: 2 },
  },
  {
    name: 'Hand to collar',
    prompt: 'one hand raised to the collar, the other relaxed, head slightly turned',
    joints: { lean: -3, headTilt: -8, upperArmL: -8, forearmL: -4, upperArmR: 8, forearmR: -152, thighL: -4, shinL: -2, thighR: 8, shinR: 3 },
  },
  {
    name: 'Wide stance',
    prompt: 'power stance with feet wide apart, arms loose, chin up',
    joints: { lean: 0, headTilt: -2, upperArmL: -18, forearmL: -10, upperArmR: 18, forearmR: 10, thighL: -20, shinL: -6, thighR: 20, shinR: 6 },
  },
  {
    name: 'Over the shoulder',
    prompt: 'body turned three-quarters, looking back over the shoulder, hand in pocket',
    joints: { lean: 6, headTilt: 10, upperArmL: -6, forearmL: 20, upperArmR: 14, forearmR: 4, thighL: -3, shinL: 2, thighR: 9, shinR: 0 },
  },
  {
    name: 'Arms raised',
    prompt: 'both arms raised, hands touching the hair, elongated silhouette',
    joints: { lean: 0, headTilt: 5, upperArmL: -140, forearmL: -250, upperArmR: 140, forearmR: 250, thighL: -5, shinL: -2, thighR: 6, shinR: 3 },
  },
  {
    name: 'Leaning',
    prompt: 'leaning to one side as if against a wall, one knee bent, casual',
    joints: { lean: -8, headTilt: -6, upperArmL: -35, forearmL: -50, upperArmR: 6, forearmR: 2, thighL: -1, shinL: 0, thighR: 16, shinR: -22 },
  },
];

/**
 * Poses a still can ask for beyond the photoshoot's ten (a photoshoot's set stays those ten): their indexes follow
 * POSES' in SCENE_POSES.
 */
export const SCENE_POSES: readonly Pose[] = [
  ...POSES,
  {
    name: 'Seated',
    prompt: 'seated on a stool facing the camera, hands resting on the knees, back straight',
    joints: { lean: 0, headTilt: -3, upperArmL: -17, forearmL: 28, upperArmR: 17, forearmR: -28, thighL: -12, shinL: -3, thighR: 12, shinR: 3, thighReach: 0.3 },
  },
  {
    name: 'Hands in pockets',
    prompt: 'standing relaxed, both hands in the trouser pockets, elbows a little out',
    joints: { lean: 0, headTilt: 2, upperArmL: -20, forearmL: 26, upperArmR: 20, forearmR: -26, handL: 30, handR: -30, thighL: -6, shinL: -3, thighR: 6, shinR: 3, handsHidden: true },
  },
];
export const SEATED_POSE = POSES.length;
/** Both hands in the pockets: the hands go inside the trousers (or skirt), hidden by them. */
export const POCKETS_POSE = POSES.length + 1;
