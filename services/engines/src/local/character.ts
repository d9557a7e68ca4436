import sharp from 'sharp';
import type { CharacterPreviewInput, EngineResult, PhotoshootPoseInput } from '../types.js';
import { POSES } from '../poses.js';
import { checkImage, checkPoseIndex, checkPrompt, checkSeed } from '../validate.js';
import { darken, inkFor, lighten, mix, toHex } from './colour.js';
import { cutOutGarment, garmentLayers } from './cutout.js';
import { drawFigure, type Box, type GarmentKind, type HairStyle } from './figure.js';
import { HAIR_COLOURS, HAIR_WORDS, SKIN_TONES, SKIN_WORDS } from './palettes.js';
import { createRandom, hashBytes, hashString } from './random.js';
import { escapeXml, localCaption, localCaptionBox, localMarkXmp, rasterise } from './render.js';

const WIDTH = 1024;
const HEIGHT = 1536;

interface Look {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  backdrop: string;
  outfit: string;
}

function lookFromDescription(description: string, seed: number): Look {
  const words = description.toLowerCase().split(/[^a-z]+/);
  const random = createRandom(hashString(description) ^ seed);
  const skinWord = words.find((w) => w in SKIN_WORDS);
  const hairWord = words.find((w, i) => w in HAIR_WORDS && words[i + 1] === 'hair') ?? words.find((w) => w in HAIR_WORDS && w !== 'black' && w !== 'brown');
  const hairStyle: HairStyle = words.includes('long') ? 'long' : words.includes('bun') ? 'bun' : words.includes('bob') ? 'bob' : words.includes('short') ? 'short' : random.pick(['bob', 'long', 'bun', 'short']);
  return {
    skin: skinWord ? SKIN_TONES[SKIN_WORDS[skinWord]!]! : random.pick(SKIN_TONES),
    hair: hairWord ? HAIR_COLOURS[HAIR_WORDS[hairWord]!]! : random.pick(HAIR_COLOURS),
    hairStyle,
    backdrop: random.pick(['#e9e4dc', '#dfe3e6', '#ece2dc', '#e4e6dc']),
    outfit: random.pick(['#2b2b2e', '#d9d2c7', '#3d4650', '#6b5847']),
  };
}

/** A photographic studio stage (cyclorama wall, floor, soft key light) with a figure in a pose. */
function studioSvg(look: Look, poseIndex: number, garment: GarmentKind, id: string, labels: { title: string; detail: string; caption: string }) {
  const pose = POSES[poseIndex]!;
  const floorY = HEIGHT * 0.84;
  const figureHeight = HEIGHT * 0.7;
  const figure = drawFigure({
    x: WIDTH / 2,
    footY: floorY + HEIGHT * 0.015,
    height: figureHeight,
    joints: pose.joints,
    skin: look.skin,
    hair: look.hair,
    hairStyle: look.hairStyle,
    garment,
    garmentColour: look.outfit,
    accent: lighten(look.outfit, 0.3),
    pattern: 'plain',
    id,
  });
  const ink = inkFor(look.backdrop);
  const small = 26;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(look.backdrop, 0.12)}"/><stop offset="0.8" stop-color="${lighten(look.backdrop, 0.08)}"/><stop offset="1" stop-color="${look.backdrop}"/></linearGradient>
<radialGradient id="light" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.42"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
${figure.defs}
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
<rect y="${floorY}" width="${WIDTH}" height="${HEIGHT - floorY}" fill="${mix(look.backdrop, '#000000', 0.07)}"/>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
<ellipse cx="${WIDTH / 2}" cy="${floorY + HEIGHT * 0.02}" rx="${figureHeight * 0.2}" ry="${figureHeight * 0.022}" fill="#000" opacity="0.3" filter="url(#soft)"/>
${figure.body}
<text x="60" y="96" font-family="DejaVu Serif, serif" font-size="44" letter-spacing="6" fill="${ink}">${escapeXml(labels.title)}</text>
<text x="60" y="${96 + small * 1.8}" font-family="DejaVu Sans, sans-serif" font-size="${small}" letter-spacing="5" fill="${ink}" opacity="0.75">${escapeXml(labels.detail)}</text>
<text x="60" y="${HEIGHT - 58}" font-family="DejaVu Serif, serif" font-style="italic" font-size="${small}" fill="${ink}" opacity="0.8">${escapeXml(labels.caption)}</text>
${localCaption(WIDTH, HEIGHT, ink)}
</svg>`;
  return { svg, torso: figure.torso };
}

const poseLabel = (poseIndex: number) => `POSE ${String(poseIndex + 1).padStart(2, '0')} / ${POSES.length} · ${POSES[poseIndex]!.name.toUpperCase()}`;
const excerpt = (text: string, max = 64) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export async function localCharacterPreview(input: CharacterPreviewInput): Promise<EngineResult> {
  const description = checkPrompt(input.description, 'description');
  const seed = checkSeed(input.seed);
  const poseIndex = checkPoseIndex(input.poseIndex);
  const look = lookFromDescription(description, seed);
  const { svg } = studioSvg(look, poseIndex, 'set', 'char', { title: 'CHARACTER', detail: poseLabel(poseIndex), caption: excerpt(description) });
  const data = await rasterise(svg, WIDTH, HEIGHT, hashString(description) ^ seed ^ poseIndex, 7);
  return { data, contentType: 'image/png', width: WIDTH, height: HEIGHT, engine: 'local', model: 'local/studio-figure' };
}

/** The character's look from its image: skin and hair from the seed of its bytes, backdrop from its mean colour. */
async function lookFromImage(image: Buffer): Promise<Look> {
  const stats = await sharp(image).stats();
  const [r, g, b] = stats.channels.map((c) => c.mean);
  const look = lookFromDescription('', hashBytes(image));
  return { ...look, backdrop: mix(toHex([r ?? 200, g ?? 200, b ?? 200]), '#efeae4', 0.7) };
}

export async function localPhotoshootPose(input: PhotoshootPoseInput): Promise<EngineResult> {
  await checkImage(input.characterImage, 'characterImage');
  await checkImage(input.garment, 'garment');
  const poseIndex = checkPoseIndex(input.poseIndex);
  const prompt = checkPrompt(input.prompt, 'prompt', false);
  const look = await lookFromImage(input.characterImage);
  const { svg, torso } = studioSvg(look, poseIndex, 'set', 'shoot', {
    title: 'PHOTOSHOOT',
    detail: poseLabel(poseIndex),
    caption: excerpt(prompt || POSES[poseIndex]!.prompt),
  });
  const seed = hashBytes(input.characterImage) ^ hashBytes(input.garment) ^ poseIndex;
  const stage = await rasterise(svg, WIDTH, HEIGHT, seed, 7);
  const garment = await cutOutGarment(input.garment);
  const layers = await garmentLayers(garment, widen(torso, 1.15), { width: WIDTH, height: HEIGHT }, createRandom(seed).range(-0.05, 0.05));
  // The character's own picture as a small reference card, top right.
  const card = await sharp(input.characterImage).rotate().resize(180, 240, { fit: 'cover' }).extend({ top: 6, bottom: 6, left: 6, right: 6, background: '#ffffff' }).png().toBuffer();
  const data = await sharp(stage)
    .composite([...layers, { input: card, left: WIDTH - 192 - 56, top: 56 }])
    .withXmp(localMarkXmp(localCaptionBox(WIDTH, HEIGHT)))
    .png()
    .toBuffer();
  return { data, contentType: 'image/png', width: WIDTH, height: HEIGHT, engine: 'local', model: 'local/studio-figure+garment' };
}

function widen(box: Box, factor: number): Box {
  const width = box.width * factor;
  return { left: box.left - (width - box.width) / 2, top: box.top, width, height: box.height };
}
