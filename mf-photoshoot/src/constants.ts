// The Photoshoot flow's constants, in SPEC.md's words and numbers (sections 2, 3, 4, 5 and 9).

export const WIZARD_STEPS = [
  { id: 'template', label: 'Select presets' },
  { id: 'character', label: 'Select or create character' },
  { id: 'preview', label: 'Generate photos' },
  { id: 'clothing', label: 'Upload clothing' },
  { id: 'photoset', label: 'Get your photoset' },
] as const;
export const TOTAL_STEPS = WIZARD_STEPS.length; // 5

export const TEMPLATE_NAME = 'PLAIN';
export const TEMPLATE_POSES = 10;
/** The template carousel starts at the 9th pose (0-based index 8). */
export const TEMPLATE_START_POSE = 8;
export const SOON_TEMPLATES = 4;

export const PREVIEW_IMAGES = 4;
export const FINAL_PHOTOS = 10;

/** Local storage key of the path to return to when the flow closes. */
export const RETURN_PATH_STORAGE_KEY = 'photoshootsReturnPath';
export const DEFAULT_RETURN_PATH = '/app';

export const MESSAGES = {
  characterRequired: { title: 'Character Required', description: 'Please select a character' },
  clothingRequired: { title: 'Clothing Required', description: 'Please upload clothing image' },
} as const;
