import { EDIT_CAMERAS, EDIT_SHOT_TYPES, type EditCamera, type EditShotType } from '../types.js';
import { checkChoice } from '../validate.js';
import { CAMERA_CHARACTERS } from './cameras.js';
import { RECIPE_KEYS, RECIPES, type RecipeKey, type TimeOfDay } from './looks.js';
import { recolourRequests, type RecolourRequest } from './understand.js';
import { COLOURS, GARMENTS, PRINTS, SETTING_WORDS } from './vocabulary.js';

/** What the local edit will do, read from the prompt and the settings. */
export interface EditPlan {
  skin: boolean;
  timeOfDay: TimeOfDay | null;
  flash: boolean;
  recipes: RecipeKey[];
  /** Garments to paint another colour ("change the dress to emerald"). */
  recolours: RecolourRequest[];
  /**
   * What the prompt asks that the local edit cannot do: the verb of a thing added, removed or replaced ("add",
   * "remove"…), 'change the background', or 'print' (a print or pattern on clothes); else null.
   */
  unsupported: string | null;
  camera: EditCamera;
  shotType: EditShotType;
}

const SKIN_WORDS = ['skin', 'retouch', 'retouching', 'smooth', 'smoother', 'blemish', 'blemishes', 'complexion', 'beauty', 'airbrush', 'glow', 'glowing', 'wrinkles', 'acne', 'pimples', 'spots', 'redness'];
const FLASH_WORDS = ['flash', 'paparazzi'];
/** Words of each hour; when several are named, the last one named wins ("turn this sunset into night"). */
const TIME_WORDS: [TimeOfDay, string[]][] = [
  ['golden hour', ['golden hour', 'golden light']],
  ['sunset', ['sunset', 'sundown']],
  ['blue hour', ['blue hour', 'dusk', 'twilight']],
  ['night', ['night', 'nighttime', 'midnight', 'moonlight', 'moonlit']],
  ['morning', ['morning', 'sunrise', 'dawn']],
  ['noon', ['noon', 'midday', 'high noon']],
];
/**
 * Asks to add, remove or replace things: the local edit changes colours and light, never content. "Replace" and
 * "swap" of a garment's colour ("replace the red of the dress with emerald") are recolours, not these.
 */
const CONTENT_EDITS = /\b(add|adding|remove|removing|erase|erasing|delete|deleting|insert|get rid of|take off|take away|cut out)\b((?: [a-z]+){0,3})/g;
const REPLACING = /\b(replace|replacing|swap|swapping)\b/;
/**
 * What one may add or remove that is a look, not a thing ("add film grain", "add some warmth", "remove blemishes"):
 * the first word after the verb and its articles.
 */
const LOOK_OBJECTS = new Set([
  'grain', 'film', 'warmth', 'warm', 'contrast', 'glow', 'vignette', 'light', 'lighting', 'blur', 'bokeh', 'flash', 'sunlight',
  'sun', 'saturation', 'colour', 'color', 'tone', 'tones', 'texture', 'drama', 'depth', 'haze', 'brightness', 'shine',
  'hour', 'look', 'retouch', 'finish', 'mood', 'vibe', 'feel', 'atmosphere', 'lights', 'sheen', 'softness', 'sharpness', 'clarity',
  ...SKIN_WORDS,
]);
const FILLERS = new Set(['a', 'an', 'the', 'some', 'more', 'bit', 'of', 'little', 'soft', 'subtle', 'her', 'his', 'their', 'any']);

/** Words of a look's kind of light that may come before the look's noun ("add golden hour light", "add a sunset glow"). */
const LIGHT_BEFORE_LOOK = new Set(['golden', 'hour', 'sunset', 'skin', 'film', 'vintage', 'glossy', 'editorial', 'soft', 'subtle', 'cinematic', 'moody', 'dramatic', 'sunrise', 'warm', 'cool', 'natural', 'studio', 'evening', 'morning', 'neon', 'moody', 'cinematic', 'dramatic', 'rim', 'back', 'side', 'window']);

/** Whether the words after "add", "remove", "give her"… name a look, after any words for its kind of light. */
function isLook(after: string): boolean {
  const words = after.trim().split(' ').filter((word) => word && !FILLERS.has(word));
  // "add golden hour light" was refused as adding a thing.
  const noun = words.find((word) => !LIGHT_BEFORE_LOOK.has(word)) ?? words.at(-1);
  return noun !== undefined && LOOK_OBJECTS.has(noun);
}

/** The first ask to add, remove or erase a thing (not a look), as its verb; or null. */
function contentEdit(text: string): string | undefined {
  for (const match of text.matchAll(CONTENT_EDITS)) if (!isLook(match[2]!)) return match[1];
  // "Put on sunglasses", "put a hat on her", "give her a necklace": adding a thing too (it was answered with a tone shift).
  const putting = /\b(?:put(?:ting)? (?:on|a|an|some)|give (?:her|him|them|it|the photo|the picture))\b((?: [a-z]+){0,4})/.exec(text);
  if (putting && !isLook(putting[1]!)) return 'add';
  return undefined;
}

/**
 * A new background or setting ("change the background to a beach", "make the background pink", "put her in Paris"):
 * the local edit keeps the photo's own (it answered with a tone shift).
 */
const escapeAll = (words: string[]) => words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const PLACES = escapeAll(Object.keys(SETTING_WORDS).filter((word) => !['studio', 'backdrop', 'seamless', 'interior', 'indoors', 'indoor', 'room', 'living'].includes(word)));
const GARMENT_WORDS = escapeAll(Object.keys(GARMENTS));
const COLOUR_WORDS = escapeAll(Object.keys(COLOURS));
/**
 * A new background, not a look on the one there: changed, swapped or replaced ("change the background to a beach"),
 * made a colour or a place ("make the background pink"), or the person put in a place ("put her in Paris", not "put
 * her in a party dress"). "Make the background darker" and "a soft background with golden hour light" are looks.
 */
const BACKGROUND_EDIT = new RegExp(
  [
    `\\b(?:change|changing|replace|replacing|swap|swapping|switch|switching) (?:the |her |his |their |this )?(?:background|backdrop|scenery|location)\\b`,
    `\\bnew (?:background|backdrop|location)\\b`,
    `\\b(?:make|turn|set) (?:the |her |his |their )?(?:background|backdrop)(?: to| into)? (?:a |an |the )?(?:${COLOUR_WORDS}|${PLACES})\\b`,
    `\\b(?:background|backdrop) (?:to|into) (?:a |an |the )?(?:${COLOUR_WORDS}|${PLACES})\\b`,
    `\\b(?:put|place|move|take) (?:her|him|them|the (?:model|woman|man|person))(?: [a-z]+){0,2}? (?:in|on|at|to|into) (?:a |an |the )?(?:${PLACES})\\b(?! (?:${GARMENT_WORDS})\\b)`,
  ].join('|'),
);
/**
 * A print or pattern asked of clothes ("make the dress leopard print", "turn her shirt into stripes", "a floral print
 * on the skirt"): only plain colours are painted offline. A print that describes the photo ("the checked shirt", "in
 * the botanical garden") is not an ask.
 */
const PRINT_WORDS = escapeAll(Object.keys(PRINTS));
const PRINT_EDIT = new RegExp(
  [
    `\\b(?:make|turn|change|switch|give) (?:the |her |his |their |this )?(?:[a-z]+ )?(?:${GARMENT_WORDS})(?: to| into)? (?:a |an )?(?:[a-z]+ )?(?:${PRINT_WORDS})\\b`,
    `\\b(?:${PRINT_WORDS}) (?:print|pattern) (?:on|for) (?:the |her |his |their )?(?:[a-z]+ )?(?:${GARMENT_WORDS})\\b`,
  ].join('|'),
);
/** The plain verb of what was asked ("removing", "get rid of" → "remove"). */
function verbOf(words: string | undefined): string | null {
  if (!words) return null;
  if (/^(remov|get rid|take|cut)/.test(words)) return 'remove';
  if (/^eras/.test(words)) return 'erase';
  if (/^delet/.test(words)) return 'delete';
  if (/^(replac|swap)/.test(words)) return 'replace';
  return words.replace(/ing$/, '');
}
/** The Change Time of Day chip says no hour: golden hour, the flattering one. */
const ANY_TIME = ['time of day', 'change time', 'time change'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Where a word or phrase last appears as whole words, or -1. */
function lastIndexOf(text: string, phrase: string): number {
  const pattern = new RegExp(`(?:^|[^a-z0-9&])(${escape(phrase)})(?=$|[^a-z0-9&])`, 'g');
  let last = -1;
  for (const match of text.matchAll(pattern)) last = match.index + match[0].length - phrase.length;
  return last;
}
const mentions = (text: string, phrases: string[]) => phrases.some((phrase) => lastIndexOf(text, phrase) >= 0);

/**
 * Reads the prompt as the client composed it (SPEC.md §5: "<prompt>. Shot with <camera>. <shot type>
 * perspective"). Explicit `camera` and `shotType` win; without them the composed phrases (or a camera's
 * name) in the prompt are used. The camera and shot-type phrases are taken out before the looks are
 * read, so "Kodak Portra film" does not also ask for the film recipe.
 */
export function planEdit(prompt: string, camera?: string, shotType?: string): EditPlan {
  const chosenCamera = camera === undefined ? undefined : checkChoice(camera, EDIT_CAMERAS, 'camera');
  const chosenShot = shotType === undefined ? undefined : checkChoice(shotType, EDIT_SHOT_TYPES, 'shotType');
  let text = ` ${prompt.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ')} `;

  let named: EditCamera | undefined;
  for (const label of EDIT_CAMERAS.slice(1)) {
    const phrase = new RegExp(`(shot (with|on) )?${escape(label.toLowerCase().replace(/-/g, ' '))}`, 'g');
    if (phrase.test(text)) {
      named ??= label;
      text = text.replace(phrase, ' ');
    }
  }
  let namedShot: EditShotType | undefined;
  for (const label of EDIT_SHOT_TYPES.slice(1)) {
    const phrase = new RegExp(`${escape(label.toLowerCase())}( perspective)?`, 'g');
    if (phrase.test(text)) {
      namedShot ??= label;
      text = text.replace(phrase, ' ');
    }
  }
  named ??= (Object.entries(CAMERA_CHARACTERS) as [EditCamera, { words: string[] }][]).find(([, c]) => mentions(text, c.words))?.[0];

  let timeOfDay: TimeOfDay | null = null;
  let at = -1;
  for (const [time, words] of TIME_WORDS) {
    for (const word of words) {
      const index = lastIndexOf(text, word);
      if (index > at) {
        at = index;
        timeOfDay = time;
      }
    }
  }
  if (!timeOfDay && mentions(text, ANY_TIME)) timeOfDay = 'golden hour';
  const recolours = recolourRequests(text);

  return {
    skin: mentions(text, SKIN_WORDS),
    timeOfDay,
    flash: mentions(text, FLASH_WORDS),
    recipes: RECIPE_KEYS.filter((key) => mentions(text, RECIPES[key].words)),
    recolours,
    unsupported:
      verbOf(contentEdit(text) ?? (recolours.length === 0 ? REPLACING.exec(text)?.[1] : undefined)) ??
      (BACKGROUND_EDIT.test(text) ? 'change the background' : PRINT_EDIT.test(text) ? 'print' : null),
    camera: chosenCamera ?? named ?? 'Default',
    shotType: chosenShot ?? namedShot ?? 'Default',
  };
}

/** Why the local edit refuses what a plan asks (plan.unsupported), in the user's terms. */
export function unsupportedMessage(unsupported: string): string {
  const what =
    unsupported === 'change the background'
      ? "change a photo's background or setting"
      : unsupported === 'print'
        ? 'put a print or a pattern on clothes'
        : `${unsupported} things in a photo`;
  return `The local engine cannot ${what}: offline it recolours clothes ("change the dress to emerald") and applies looks, cameras and shot types`;
}
