import sharp from 'sharp';
import { EngineInputError } from '../errors.js';
import { checkLook } from '../look.js';
import { POSES } from '../poses.js';
import type {
  Build,
  CharacterFromPhotoInput,
  CharacterFromPhotoResult,
  CharacterLook,
  CharacterPreviewInput,
  CharacterPreviewResult,
  EngineResult,
  HairStyle,
  PhotoshootPoseInput,
  Presentation,
} from '../types.js';
import { checkImage, checkName, checkPoseIndex, checkPrompt, checkSeed } from '../validate.js';
import { darken, inkFor, lighten, mix } from './colour.js';
import { estimateLook } from './estimate.js';
import { analyseGarment, type GarmentArt } from './garment.js';
import { HAIR_COLOURS, HAIR_WORDS, SKIN_TONES, SKIN_WORDS } from './palettes.js';
import { drawPerson, type PersonLandmarks } from './person.js';
import { createRandom, hashBytes, hashString } from './random.js';
import { escapeXml, excerptOf, localCaption, lookOf, rasterise } from './render.js';

export { lookOf };

export const STUDIO_WIDTH = 1024;
export const STUDIO_HEIGHT = 1536;
const WIDTH = STUDIO_WIDTH;
const HEIGHT = STUDIO_HEIGHT;

/** Studio walls a look is given when nothing else says: warm and cool paper greys. */
export const STUDIO_BACKDROPS = ['#e9e4dc', '#dfe3e6', '#ece2dc', '#e4e6dc', '#e2e0e8'];
const OUTFITS = ['#2b2b2e', '#d9d2c7', '#3d4650', '#6b5847', '#efe9df', '#1f3a4d'];

/**
 * The local studio's camera per pose: `scale` 1 shows the whole figure, more is closer (the feet leave the
 * frame), `offset` moves the figure sideways (fraction of the width), `turn` turns the face (-1..1), so a
 * set has full-length, knee-up and three-quarter shots like a real shoot.
 */
export const STUDIO_CAMERA: readonly { scale: number; offset: number; top: number; turn: number; bodyTurn?: number; pillar?: true }[] = [
  { scale: 1, offset: 0, top: 0.15, turn: 0 },
  { scale: 1, offset: 0.02, top: 0.15, turn: 0 },
  { scale: 1, offset: -0.05, top: 0.15, turn: 0.25 },
  { scale: 0.98, offset: 0, top: 0.155, turn: 0 },
  { scale: 1.34, offset: 0, top: 0.14, turn: 0 },
  { scale: 1.62, offset: 0.03, top: 0.135, turn: -0.3 },
  { scale: 0.97, offset: 0, top: 0.155, turn: 0 },
  { scale: 1, offset: 0.06, top: 0.15, turn: -0.75, bodyTurn: 0.8 },
  { scale: 0.84, offset: 0, top: 0.23, turn: 0 },
  // "Leaning … as if against a wall": a studio pillar for the outstretched hand to rest on.
  { scale: 1, offset: 0.04, top: 0.15, turn: 0.3, pillar: true },
];
const FULL_HEIGHT = 0.735;

const WORDS = {
  woman: ['woman', 'female', 'girl', 'she', 'her', 'lady'],
  man: ['man', 'male', 'guy', 'he', 'his', 'gentleman'],
  androgynous: ['androgynous', 'nonbinary', 'non', 'enby', 'person'],
} satisfies Record<Presentation, string[]>;
const BUILD_WORDS: Record<Build, string[]> = {
  slim: ['slim', 'slender', 'petite', 'thin', 'lean', 'willowy'],
  curvy: ['curvy', 'voluptuous', 'hourglass'],
  plus: ['plus', 'fuller', 'heavyset', 'chubby'],
  broad: ['broad', 'athletic', 'muscular', 'stocky', 'sturdy', 'strong'],
  average: ['average', 'medium', 'regular'],
};
const STYLE_WORDS: [HairStyle, string[]][] = [
  ['curly', ['curly', 'afro', 'coily', 'curls', 'kinky']],
  ['ponytail', ['ponytail', 'pony']],
  ['bun', ['bun', 'updo', 'chignon']],
  ['bald', ['bald', 'hairless']],
  ['braids', ['braids', 'braided', 'plaits', 'plaited']],
  ['buzz', ['buzz', 'buzzed', 'shaved']],
  ['bob', ['bob', 'chin']],
  ['long', ['long']],
  ['short', ['short', 'cropped', 'pixie']],
];

/** A look from a description's words (skin, hair colour and style, build, presentation), the rest from the seed. */
export function lookFromDescription(description: string, seed: number): CharacterLook {
  const words = description.toLowerCase().split(/[^a-z]+/);
  const random = createRandom(hashString(description) ^ seed);
  const skinWord = words.find((w) => w in SKIN_WORDS);
  const hairWord = words.find((w, i) => w in HAIR_WORDS && words[i + 1] === 'hair') ?? words.find((w) => w in HAIR_WORDS && w !== 'black' && w !== 'brown');
  const styled = STYLE_WORDS.find(([, list]) => list.some((w) => words.includes(w)))?.[0];
  const build = (Object.keys(BUILD_WORDS) as Build[]).find((b) => BUILD_WORDS[b].some((w) => words.includes(w)));
  const presentation = (Object.keys(WORDS) as Presentation[]).find((p) => WORDS[p].some((w) => words.includes(w)));
  return {
    skin: skinWord ? SKIN_TONES[SKIN_WORDS[skinWord]!]! : random.pick(SKIN_TONES),
    hair: hairWord ? HAIR_COLOURS[HAIR_WORDS[hairWord]!]! : random.pick(HAIR_COLOURS),
    hairStyle: styled ?? random.pick<HairStyle>(['long', 'bob', 'bun', 'short', 'curly', 'ponytail']),
    build: build ?? random.pick<Build>(['slim', 'average', 'average', 'curvy', 'broad']),
    presentation: presentation ?? random.pick<Presentation>(['woman', 'man', 'androgynous']),
    backdrop: random.pick(STUDIO_BACKDROPS),
    outfit: random.pick(OUTFITS),
  };
}

interface Labels {
  title: string;
  detail: string;
  caption: string;
}

/** The widest capital of the title (DejaVu Serif's W) and its letter spacing, in ems: any name fits. */
const TITLE_EM_PER_CHAR = 1.2;

/** Where the figure stands for a pose: feet centre, feet line and full height, in image pixels. */
export function studioPlacement(poseIndex: number) {
  const camera = STUDIO_CAMERA[poseIndex]!;
  const height = HEIGHT * FULL_HEIGHT * camera.scale;
  const top = HEIGHT * camera.top;
  return { x: WIDTH * (0.5 + camera.offset), footY: top + height, height, floorY: Math.min(HEIGHT * 0.9, top + height - HEIGHT * 0.012) };
}

/** A photographic studio (cyclorama wall, floor, soft key light) with the person in a pose. */
export function studioSvg(look: CharacterLook, poseIndex: number, garment: GarmentArt | undefined, id: string, labels: Labels): { svg: string; landmarks: PersonLandmarks } {
  const place = studioPlacement(poseIndex);
  const person = drawPerson({
    x: place.x,
    footY: place.footY,
    height: place.height,
    joints: POSES[poseIndex]!.joints,
    turn: STUDIO_CAMERA[poseIndex]!.turn,
    bodyTurn: STUDIO_CAMERA[poseIndex]!.bodyTurn ?? 0,
    look,
    ...(garment ? { garment } : {}),
    id,
  });
  const floorY = place.floorY;
  const floorVisible = place.footY < HEIGHT * 0.95;
  const ink = inkFor(look.backdrop);
  const small = 24;
  // The title (a character's name, up to 40 characters) fits the width: a long name ran off the portrait.
  const titleSize = Math.min(38, (WIDTH - 2 * 56) / (TITLE_EM_PER_CHAR * Math.max(1, [...labels.title].length)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(look.backdrop, 0.14)}"/><stop offset="0.75" stop-color="${lighten(look.backdrop, 0.1)}"/><stop offset="1" stop-color="${look.backdrop}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(look.backdrop, '#000000', 0.04)}"/><stop offset="1" stop-color="${mix(look.backdrop, '#000000', 0.12)}"/></linearGradient>
<radialGradient id="light" cx="${(place.x / WIDTH).toFixed(3)}" cy="0.42" r="0.62"><stop offset="0" stop-color="#ffffff" stop-opacity="0.32"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></radialGradient>
<radialGradient id="floorShadow"><stop offset="0" stop-color="#000000" stop-opacity="0.34"/><stop offset="0.55" stop-color="#000000" stop-opacity="0.2"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
${person.defs}
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
${floorVisible ? `<rect y="${floorY.toFixed(1)}" width="${WIDTH}" height="${(HEIGHT - floorY).toFixed(1)}" fill="url(#floor)"/>` : ''}
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
${floorVisible ? `<ellipse cx="${place.x.toFixed(1)}" cy="${(place.footY + place.height * 0.005).toFixed(1)}" rx="${(place.height * 0.23).toFixed(1)}" ry="${(place.height * 0.032).toFixed(1)}" fill="url(#floorShadow)"/>` : ''}
${STUDIO_CAMERA[poseIndex]!.pillar ? pillarSvg(look.backdrop, person.landmarks, place.x, floorY) : ''}
${person.body}
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vignette)"/>
<text x="56" y="86" font-family="DejaVu Serif, serif" font-size="${titleSize.toFixed(1)}" letter-spacing="${(titleSize * 0.16).toFixed(1)}" fill="${ink}">${escapeXml(labels.title)}</text>
<text x="56" y="${86 + small * 1.7}" font-family="DejaVu Sans, sans-serif" font-size="${small}" letter-spacing="4" fill="${ink}" opacity="0.72">${escapeXml(labels.detail)}</text>
${floorVisible ? `<text x="56" y="${HEIGHT - 56}" font-family="DejaVu Serif, serif" font-style="italic" font-size="${small}" fill="${ink}" opacity="0.8">${escapeXml(labels.caption)}</text>` : ''}
${localCaption(WIDTH, HEIGHT, ink)}
</svg>`;
  return { svg, landmarks: person.landmarks };
}

/**
 * A studio pillar beside the figure, under its outstretched hand: the hand's tip rests on its front face near the
 * inner edge, the inner side face shows (the pillar stands off the camera's axis), and it stands on the floor with
 * its own soft shadow.
 */
function pillarSvg(backdrop: string, landmarks: PersonLandmarks, figureX: number, floorY: number): string {
  const { unit } = landmarks;
  const hand = [...landmarks.hands].sort((a, b) => Math.abs(b[0] - figureX) - Math.abs(a[0] - figureX))[0]!;
  const side = hand[0] < figureX ? -1 : 1;
  const inner = hand[0] - side * 0.3 * unit;
  const depth = 0.28 * unit;
  const width = 1.6 * unit;
  const [faceLeft, faceRight] = side < 0 ? [inner - width, inner] : [inner, inner + width];
  const [sideLeft, sideRight] = side < 0 ? [inner, inner + depth] : [inner - depth, inner];
  const face = mix(lighten(backdrop, 0.3), '#ffffff', 0.1);
  const shade = darken(backdrop, 0.28);
  const f = (v: number) => v.toFixed(1);
  return [
    `<defs><linearGradient id="pillar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(face, 0.08)}"/><stop offset="1" stop-color="${face}"/></linearGradient>`,
    `<radialGradient id="pillarShadow"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient></defs>`,
    `<ellipse cx="${f((faceLeft + faceRight) / 2)}" cy="${f(floorY + 0.05 * unit)}" rx="${f(width * 0.75)}" ry="${f(0.18 * unit)}" fill="url(#pillarShadow)"/>`,
    // Its shadow on the wall behind, away from the key light, then the front face with a lit edge.
    `<rect x="${f(side < 0 ? faceLeft - 0.35 * unit : faceRight)}" y="-2" width="${f(0.35 * unit)}" height="${f(floorY + 2)}" fill="#000000" opacity="0.07"/>`,
    `<rect x="${f(faceLeft)}" y="-2" width="${f(faceRight - faceLeft)}" height="${f(floorY + 2)}" fill="url(#pillar)"/>`,
    `<rect x="${f(side < 0 ? faceRight - 0.04 * unit : faceLeft)}" y="-2" width="${f(0.04 * unit)}" height="${f(floorY + 2)}" fill="#ffffff" opacity="0.5"/>`,
    `<path d="M${f(sideLeft)},-2 L${f(sideRight)},-2 L${f(sideRight)},${f(floorY - (side < 0 ? 0 : 0.06 * unit))} L${f(sideLeft)},${f(floorY - (side < 0 ? 0.06 * unit : 0))} Z" fill="${shade}"/>`,
  ].join('');
}

/** Where the person's cheek, crown, face and chest are in a studio render of a look in a pose (image pixels). */
export function studioLandmarks(look: CharacterLook, poseIndex: number): PersonLandmarks {
  return studioSvg(look, poseIndex, undefined, 'probe', { title: '', detail: '', caption: '' }).landmarks;
}

const poseLabel = (poseIndex: number) => `POSE ${String(poseIndex + 1).padStart(2, '0')} / ${POSES.length} · ${POSES[poseIndex]!.name.toUpperCase()}`;
const excerpt = (text: string, max = 60) => excerptOf(text, max);

export interface CharacterPreviewRender extends CharacterPreviewResult {
  look: CharacterLook;
}

export async function localCharacterPreview(input: CharacterPreviewInput): Promise<CharacterPreviewRender> {
  const description = checkPrompt(input.description, 'description');
  const seed = checkSeed(input.seed);
  const poseIndex = checkPoseIndex(input.poseIndex);
  const look = checkLook(input.look) ?? lookFromDescription(description, seed);
  const { svg } = studioSvg(look, poseIndex, undefined, 'char', { title: 'CHARACTER', detail: poseLabel(poseIndex), caption: excerpt(description) });
  const data = await rasterise(svg, WIDTH, HEIGHT, hashString(description) ^ seed ^ poseIndex, 6, undefined, look);
  return { data, contentType: 'image/png', width: WIDTH, height: HEIGHT, engine: 'local', model: 'local/studio-figure', look };
}

/** The character's look: the caller's, else what a local render wrote into the image, else estimated from its pixels. */
export async function characterLookOf(image: Buffer, given?: CharacterLook): Promise<CharacterLook> {
  if (given) return given;
  const written = await lookOf(image);
  if (written) return written;
  const estimate = await estimateLook(image);
  return { ...estimate.look, backdrop: STUDIO_BACKDROPS[hashBytes(image) % STUDIO_BACKDROPS.length]! };
}

export async function localPhotoshootPose(input: PhotoshootPoseInput): Promise<EngineResult & { look: CharacterLook }> {
  await checkImage(input.characterImage, 'characterImage');
  await checkImage(input.garment, 'garment');
  const poseIndex = checkPoseIndex(input.poseIndex);
  const prompt = checkPrompt(input.prompt, 'prompt', false);
  const given = checkLook(input.look);
  const [look, garment] = await Promise.all([characterLookOf(input.characterImage, given), analyseGarment(input.garment)]);
  const { svg } = studioSvg(look, poseIndex, garment, 'shoot', {
    title: 'PHOTOSHOOT',
    detail: poseLabel(poseIndex),
    caption: excerpt(prompt || POSES[poseIndex]!.prompt),
  });
  const seed = hashBytes(input.characterImage) ^ hashBytes(input.garment) ^ poseIndex;
  const data = await rasterise(svg, WIDTH, HEIGHT, seed, 6, undefined, look);
  return { data, contentType: 'image/png', width: WIDTH, height: HEIGHT, engine: 'local', model: 'local/studio-figure+garment', look };
}

/** Refuses a photo that cannot show anybody: one flat colour. */
async function checkHasContent(photo: Buffer): Promise<void> {
  const stats = await sharp(photo).removeAlpha().stats();
  if (stats.channels.every((c) => c.stdev < 4)) throw new EngineInputError('photo shows no person (it is one flat colour)');
}

export async function localCharacterFromPhoto(input: CharacterFromPhotoInput): Promise<CharacterFromPhotoResult> {
  await checkImage(input.photo, 'photo');
  const name = checkName(input.name);
  const seed = input.seed === undefined ? hashBytes(input.photo) : checkSeed(input.seed);
  await checkHasContent(input.photo);
  const estimate = await estimateLook(input.photo);
  const look: CharacterLook = { ...estimate.look, backdrop: STUDIO_BACKDROPS[(seed >>> 0) % STUDIO_BACKDROPS.length]! };
  const { svg } = studioSvg(look, 0, undefined, 'photo', {
    title: name ? name.toUpperCase() : 'CHARACTER',
    detail: 'STUDIO PREVIEW · FROM YOUR PHOTO',
    caption: estimate.found ? 'Drawn from the person in your photo' : 'No clear person found: a neutral guess',
  });
  const data = await rasterise(svg, WIDTH, HEIGHT, seed ^ 0x5eed, 6, undefined, look);
  return { data, contentType: 'image/png', width: WIDTH, height: HEIGHT, engine: 'local', model: 'local/studio-figure-from-photo', look };
}
