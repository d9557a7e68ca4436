import sharp, { type OverlayOptions } from 'sharp';
import type { EditInput, EngineResult } from '../types.js';
import { EngineInputError } from '../errors.js';
import { MAX_EDIT_REFERENCES } from '../types.js';
import { checkImage, checkPrompt, checkSeed } from '../validate.js';
import { applyCameraFinish, applyDepthOfField, CAMERA_CHARACTERS } from './cameras.js';
import { transferPalette } from './colour-transfer.js';
import { planEdit, unsupportedMessage } from './edit-plan.js';
import { framingFor, reframe } from './framing.js';
import { applyClarity, applyGrade, applyGrain, applyVignette } from './grade.js';
import { applyFlash, applyTimeOfDay, EDITORIAL, RECIPES, retouchSkin } from './looks.js';
import { decodePicture, pictureOf, sharpOf, type Picture } from './picture.js';
import { layersOf } from './layers.js';
import { hashBytes, hashString } from './random.js';
import { localBadgeBox, localBadgeLayer, localMarkOf, localMarkXmp } from './render.js';
import { findSubject } from './subject.js';
import { localStillRecoloured, readLocalRecipe } from './text-to-image.js';
import { findBody } from './body.js';
import { recolourGarment, recolourProduct } from './recolour.js';
import { localTryOn } from './try-on.js';

/** Asks to dress the person in the reference image's garment ("put her in this dress", "wearing this jacket"). */
const WEAR_THE_REFERENCE =
  /\b(?:(?:put|dress) (?:her|him|them|the (?:model|woman|man|person)) in|(?:wear|wears|wearing|try on|trying on)) (?:this|that|these|those|the reference(?:s)?) (?:dress|outfit|top|shirt|blouse|coat|jacket|skirt|gown|suit|look|garment|trousers|jeans|tee|t shirt|sweater|hoodie|blazer|cardigan|jumpsuit)\b/;

/** The edit works on (and returns) at most this long a side: the canvas sends at most 2048 px (SPEC.md §9). */
export const MAX_EDIT_SIDE = 2048;
/** Photos out as JPEG at this quality: visually lossless, a tenth of a PNG's size and faster to write. */
export const EDIT_JPEG_QUALITY = 92;
/** The reference's palette is read from a copy this size. */
const REFERENCE_SAMPLE_SIDE = 256;

/**
 * The local edit: a photo editor's work on the main image, chosen by the prompt and the settings. It cannot
 * follow free-form instructions; it recognises the quick chips and other look words (see planEdit), renders
 * the camera's character and reframes for the shot type, and carries the first reference image's palette
 * over. In order: garment colours ("change the dress to emerald": a local still drawn again, another photo's garment
 * found below the face and painted), framing and lens geometry, depth of field, skin, reference palette, time of
 * day, flash, other looks, the camera's colour and finish. Deterministic for the same input and seed.
 */
export async function localEdit(input: EditInput): Promise<EngineResult> {
  const prompt = checkPrompt(input.prompt);
  if (!Array.isArray(input.images) || input.images.length === 0) throw new EngineInputError('images must hold the main image');
  if (input.images.length > 1 + MAX_EDIT_REFERENCES) throw new EngineInputError(`at most ${MAX_EDIT_REFERENCES} reference images`);
  for (const [i, image] of input.images.entries()) await checkImage(image, i === 0 ? 'image' : `reference image ${i}`);
  const plan = planEdit(prompt, input.camera, input.shotType);
  // Said, not faked: an edit that only shifted the tones would answer "add a hat" with a success.
  if (plan.unsupported) {
    throw new EngineInputError(unsupportedMessage(plan.unsupported));
  }
  let given = input.images[0]!;
  const seed = input.seed === undefined ? (hashString(prompt) ^ hashBytes(given)) >>> 0 : checkSeed(input.seed);
  const applied: { label: string; key: string }[] = [];
  // "Put her in this dress" with the garment's photo as the reference: she is dressed in it, as Dress Up does (its
  // palette was cast over the whole picture, skin included, the dress left as it was).
  let reference = input.images[1];
  if (reference && WEAR_THE_REFERENCE.test(prompt.toLowerCase().replace(/[-_]+/g, ' '))) {
    const dressed = await localTryOn({ person: given, garment: reference });
    const label = `dressed in the reference ${dressed.understood?.find((u) => u.label === 'Garment')?.value.split(',')[0] ?? 'garment'}`;
    const lookAsked = plan.skin || plan.timeOfDay || plan.flash || plan.recipes.length > 0 || plan.recolours.length > 0 || plan.camera !== 'Default' || plan.shotType !== 'Default';
    if (!lookAsked) return { ...dressed, model: 'local/edit:dress-up', applied: [label] };
    given = dressed.data;
    reference = undefined;
    applied.push({ label, key: 'dress-up' });
  }

  // Colours first. A local still (its recipe in its XMP) is drawn again with its garments painted: exact, whatever
  // the backdrop. Any other photo has the garment found below the face and painted in place.
  // A colour that may only describe the picture ("golden hour light on her red dress") does not fail an edit that asks
  // for other things when its garment cannot be found; asked alone, or in so many words, it does.
  const onlyColours = !plan.skin && !plan.timeOfDay && !plan.flash && plan.recipes.length === 0 && plan.camera === 'Default' && plan.shotType === 'Default' && !reference;
  const recipe = plan.recolours.length > 0 ? await readLocalRecipe(given) : null;
  const redrawn = recipe ? await localStillRecoloured(recipe, plan.recolours, { strict: onlyColours }) : null;
  for (const label of redrawn?.applied ?? []) applied.push({ label, key: 'recolour' });
  // Nothing else asked: the redrawn still itself, its recipe kept (a later edit of it is drawn again too).
  if (redrawn && onlyColours) {
    const { applied: labels, ...result } = redrawn;
    return { ...result, model: 'local/edit:recolour', applied: labels };
  }
  const main = redrawn?.data ?? given;
  const source = await decodePicture(photo(main, MAX_EDIT_SIDE));
  const mainMark = await localMarkOf(main);
  if (plan.recolours.length > 0 && !recipe) {
    const body = await findBody(await sharpOf(source).png({ compressionLevel: 1 }).toBuffer());
    for (const [n, { garment, colour, explicit }] of plan.recolours.entries()) {
      // No one in the photo: a garment alone on an even background (a product shot) is painted whole — once: its
      // parts cannot be told apart ("the dress red and the belt black" would paint it all twice).
      if (!body && n > 0) continue;
      const painted = body ? await recolourGarment(source, body, garment?.slot ?? null, colour.hex, mainMark) : await recolourProduct(source, colour.hex, mainMark);
      if (!painted) {
        if (!explicit && !onlyColours) continue;
        throw new EngineInputError(
          `The local engine could not pick out the ${garment?.name ?? 'outfit'} in this photo: it recolours clothes below a face it can see, or a garment alone on a plain background, against a backdrop of other colours`,
        );
      }
      applied.push({ label: `${colour.name} ${garment?.name ?? 'outfit'}`, key: 'recolour' });
    }
  }
  const camera = plan.camera === 'Default' ? null : CAMERA_CHARACTERS[plan.camera];
  // A local still's type (masthead, caption) is not part of the scene: a shot type or lens moves the scene under it
  // and the type is laid on top again, whole (cropped with the scene, a title read "ED SILK DRESS").
  const moves = plan.shotType !== 'Default' || Boolean(camera?.lens || camera?.depth);
  const apart = moves ? await stillApart(main, source.width, source.height) : null;
  const scene = apart?.scene ?? source;
  // A still's figure box is exact: its top is the hat's or the hair's, which the subject's search may take lower.
  const found = plan.shotType === 'Default' ? null : await findSubject(scene);
  const framedSubject = found && apart ? { ...found, top: Math.min(found.top, apart.figureTop) } : found;
  const framing = framedSubject === null ? null : framingFor(plan.shotType, framedSubject, apart?.typeBottom ?? 0);
  // Reframing, a lens or a blurred background move or smear a mark the main image already shows (unless it is
  // part of the type laid on top again).
  const markDisturbed = Boolean(framing || camera?.lens || camera?.depth) && !apart;
  const picture = await reframe(scene, framing, camera?.lens ?? null);
  const subject = await findSubject(picture);

  if (camera?.depth) await applyDepthOfField(picture, subject, camera.depth);
  if (plan.skin && (await retouchSkin(picture))) applied.push({ label: 'skin retouch', key: 'skin' });
  if (reference) {
    transferPalette(picture, await decodePicture(photo(reference, REFERENCE_SAMPLE_SIDE)));
    applied.push({ label: 'reference palette', key: 'palette' });
  }
  if (plan.timeOfDay) {
    await applyTimeOfDay(picture, plan.timeOfDay);
    applied.push({ label: plan.timeOfDay, key: plan.timeOfDay.replace(/ /g, '-') });
  }
  if (plan.flash) {
    applyFlash(picture, subject);
    applied.push({ label: 'iPhone flash', key: 'flash' });
  }
  for (const key of plan.recipes) {
    const recipe = RECIPES[key];
    applyGrade(picture, recipe.grade);
    if (recipe.vignette) applyVignette(picture, recipe.vignette);
    if (recipe.grain && !camera?.grain) applyGrain(picture, seed, recipe.grain);
    applied.push({ label: recipe.label, key });
  }
  if (applied.length === 0 && !camera && !framing) {
    applyGrade(picture, EDITORIAL);
    await applyClarity(picture, 0.35, 1);
    applied.push({ label: 'editorial contrast', key: 'editorial' });
  }
  if (camera) {
    await applyCameraFinish(picture, camera, seed);
    applied.push({ label: camera.label, key: camera.key });
  }
  if (framing) applied.push({ label: plan.shotType, key: plan.shotType.toLowerCase().replace(/ /g, '-') });

  const finished = apart ? await decodePicture(sharpOf(picture).composite([{ input: apart.type }]).removeAlpha()) : picture;
  return {
    data: await encode(finished, markDisturbed ? null : mainMark),
    contentType: 'image/jpeg',
    width: finished.width,
    height: finished.height,
    engine: 'local',
    model: `local/edit:${applied.map((a) => a.key).join('+')}`,
    applied: applied.map((a) => a.label),
  };
}

/**
 * A local still drawn again from its recipe at `width` × `height`, apart: its scene (backdrop and figure) as a
 * Picture, and its type (masthead, frame, caption) as a PNG to lay over it; null for any other picture.
 */
async function stillApart(image: Buffer, width: number, height: number): Promise<{ scene: Picture; type: Buffer; typeBottom: number; figureTop: number } | null> {
  const layers = await layersOf(image, width, height);
  if (layers.from !== 'layers' || !layers.overlay || !layers.figure) return null;
  const { backdrop, figure } = layers;
  const scene = new Uint8ClampedArray(width * height * 3);
  for (let i = 0, o = 0; o < scene.length; i += 4, o += 3) {
    const keep = 1 - figure[i + 3]! / 255; // the figure is premultiplied
    scene[o] = figure[i]! + backdrop[o]! * keep;
    scene[o + 1] = figure[i + 1]! + backdrop[o + 1]! * keep;
    scene[o + 2] = figure[i + 2]! + backdrop[o + 2]! * keep;
  }
  const { data: type, info } = await sharp(layers.overlay).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    scene: pictureOf(width, height, scene),
    type: await sharp(type, { raw: { width, height, channels: 4 } }).png().toBuffer(),
    typeBottom: typeBottomOf(type, info.width, info.height),
    figureTop: layers.box?.top ?? 1,
  };
}

/**
 * How far down a still's masthead reaches, as a fraction of the height: the lowest row of the top third with type
 * across its middle (the frame's lines run along the sides and the edges, outside it).
 */
function typeBottomOf(rgba: Buffer, width: number, height: number): number {
  let bottom = 0;
  for (let y = Math.round(height * 0.04); y < height / 3; y++) {
    for (let x = Math.round(width * 0.15); x < width * 0.85; x++) {
      if (rgba[(y * width + x) * 4 + 3]! > 96) {
        bottom = y;
        break;
      }
    }
  }
  return bottom / height;
}

/** An input image upright, on white where it was transparent, in sRGB, its long side at most `side`. */
function photo(image: Buffer, side: number) {
  return sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
}

/**
 * JPEG with the local engine's mark: the badge, unless the main image already showed the mark (a local
 * render) and the edit left it in place and legible, so the result carries one label, not two.
 */
async function encode(picture: Picture, keptMark: Awaited<ReturnType<typeof localMarkOf>>): Promise<Buffer> {
  const { width, height } = picture;
  const layers: OverlayOptions[] = keptMark ? [] : [localBadgeLayer(width, height)];
  return sharpOf(picture)
    .composite(layers)
    .withXmp(localMarkXmp(keptMark ?? localBadgeBox(width, height)))
    .jpeg({ quality: EDIT_JPEG_QUALITY })
    .toBuffer();
}

