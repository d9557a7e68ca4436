// The canvas editor's constants, in SPEC.md's words and numbers (sections 2, 5, 8 and 9).

/** Quick prompt chips, shown while the prompt is empty. */
export const QUICK_PROMPTS = ['Enhance Skin', 'Change Time of Day', 'iPhone Flash'] as const;

export const CANVAS_MODELS = [
  { value: 'nano-banana', label: 'Nano Banana', tagline: 'State-of-the-Art' },
  { value: 'flux-kontext-max', label: 'Flux Kontext Max', tagline: 'Prompt Perfect' },
  { value: 'seedream-4-edit', label: 'Seedream 4.0 Edit', tagline: 'Advanced Edit' },
] as const;
export type CanvasModel = (typeof CANVAS_MODELS)[number]['value'];
export const DEFAULT_CANVAS_MODEL: CanvasModel = 'flux-kontext-max';

export const CAMERAS = [
  'Default',
  'Ricoh GR1 28mm',
  'Hasselblad H6D-100c 100mm f/2.2',
  'Canon EOS R5 50mm f/1.2',
  'Leica M11 35mm f/1.4',
  'Sony A7R V 24mm f/1.4',
  'Fujifilm GFX 100 110mm f/2',
  'simulated analog 120 Kodak Portra film',
  'DSLR 85mm f/1.4',
] as const;

export const SHOT_TYPES = ['Default', 'High Angle', 'Macro Shot', 'Medium Close Up Shot', 'Profile Shot'] as const;

/** Extra reference images besides the main one. */
export const MAX_EXTRA_IMAGES = 4;
export const CANVAS_CREDIT_COST = 1;

export const MESSAGES = {
  mainImageRequired: 'Please upload a main image first',
  promptRequired: 'Please enter a prompt',
  tooManyImages: (remaining: number) =>
    `You can only upload ${remaining} more image(s). Maximum ${MAX_EXTRA_IMAGES} images total.`,
  startFailedTitle: 'Error starting edit',
  startFailedDescription: 'Failed to start canvas editing',
} as const;
