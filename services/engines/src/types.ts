/** Shapes shared by every engine: one interface per capability, one result type. */

export const ASPECT_RATIOS = ['2:3', '3:4', '4:5', '1:1', '3:2', '9:16', '16:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const VIDEO_MODELS = ['wan-2.5', 'veo-3.1', 'sora-2'] as const;
export type VideoModel = (typeof VIDEO_MODELS)[number];
/** Hosted video resolutions by plan (SPEC.md §8: Basic 720p, Advanced and Pro 1080p). */
export const VIDEO_RESOLUTIONS = ['720p', '1080p'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export const EDIT_MODELS = ['nano-banana', 'flux-kontext-max', 'seedream-4-edit'] as const;
export type EditModel = (typeof EDIT_MODELS)[number];

/** SPEC.md §9's cameras, word for word ("Default" first): what an edit may be shot with. */
export const EDIT_CAMERAS = [
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
export type EditCamera = (typeof EDIT_CAMERAS)[number];

/** SPEC.md §9's shot types, word for word ("Default" first). */
export const EDIT_SHOT_TYPES = ['Default', 'High Angle', 'Macro Shot', 'Medium Close Up Shot', 'Profile Shot'] as const;
export type EditShotType = (typeof EDIT_SHOT_TYPES)[number];

/** Number of poses of a photoshoot (pose indexes are 0..POSE_COUNT-1). */
export const POSE_COUNT = 10;
/** Reference images an edit accepts besides the main one. */
export const MAX_EDIT_REFERENCES = 4;

export type EngineName = 'local' | 'fal';
export type ResultContentType = 'image/png' | 'image/jpeg' | 'video/mp4';

export interface EngineResult {
  data: Buffer;
  contentType: ResultContentType;
  width: number;
  height: number;
  engine: EngineName;
  /** Model that made it: a fal endpoint id, or `local/<recipe>`. */
  model: string;
  /** Videos only. */
  durationSeconds?: number;
  /**
   * Local edits only: what was applied, in order, in words a user reads (e.g. `['Enhance Skin',
   * 'golden hour', 'Kodak Portra', 'Macro Shot', 'reference palette']`). Hosted models do not say.
   */
  applied?: string[];
  /**
   * Local text-to-image only: what the engine understood of the prompt, in order, as label and value
   * (e.g. `{ label: 'Garment', value: 'slip dress' }`), for the viewer's details.
   */
  understood?: { label: string; value: string }[];
}

export interface Preset {
  name: string;
  style: string;
  /** Colours as `#rrggbb`, darkest or most important first. */
  palette: string[];
  /** Free text such as "full-body, centered" or "close-up, rule of thirds". */
  composition: string;
}

export interface TextToImageInput {
  prompt: string;
  preset?: Preset;
  aspectRatio: AspectRatio;
  seed: number;
}

export interface ImageToVideoInput {
  image: Buffer;
  prompt?: string;
  model: VideoModel;
  /** What a hosted model renders (default 720p). The local engine renders at most 720 px wide whatever this says. */
  resolution?: VideoResolution;
}

export interface TryOnInput {
  person: Buffer;
  garment: Buffer;
}

export interface UpscaleInput {
  image: Buffer;
  /** The output's long side at most this (the factor shrinks below 2 to fit). Default 4096. */
  maxSide?: number;
}

export interface EditInput {
  /** The prompt as the client composed it (SPEC.md §5: may end with "Shot with <camera>" and "<shot type> perspective"). */
  prompt: string;
  model: EditModel;
  /** The main image first, then up to MAX_EDIT_REFERENCES reference images. */
  images: Buffer[];
  /**
   * One of EDIT_CAMERAS; 'Default' or absent: none. The local engine renders the camera's character (and
   * finds it in the prompt's "Shot with …" when absent); hosted models read it in the prompt.
   */
  camera?: string;
  /** One of EDIT_SHOT_TYPES; 'Default' or absent: none. The local engine reframes for it (or for "… perspective" in the prompt). */
  shotType?: string;
  /** Deterministic grain and the like. */
  seed?: number;
}

export const HAIR_STYLES = ['long', 'bob', 'bun', 'ponytail', 'short', 'buzz', 'curly', 'bald', 'braids'] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];
export const BUILDS = ['slim', 'average', 'curvy', 'broad', 'plus'] as const;
export type Build = (typeof BUILDS)[number];
export const PRESENTATIONS = ['woman', 'man', 'androgynous'] as const;
export type Presentation = (typeof PRESENTATIONS)[number];

/**
 * A character's identity as data: what the local engine draws the person from, the same in every pose.
 * Colours are `#rrggbb`. Hosted models get it as words (see `describeLook`).
 */
export interface CharacterLook {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  build: Build;
  presentation: Presentation;
  /** Iris colour; derived from skin and hair when absent. */
  eyes?: string;
  /** A beard, stubble or a moustache, in the hair's colour. */
  facialHair?: 'beard' | 'stubble' | 'moustache';
  /** The facial hair's own colour, when it is not the hair's ("a red beard" under grey hair). */
  facialHairColour?: string;
  /** The studio wall behind the person. */
  backdrop: string;
  /** The basics (fitted top and trousers) the person wears when no garment is given. */
  outfit: string;
}

/** One ready-made character of the house cast. `key` is stable (e.g. `house-amara`). */
export interface HouseCharacter {
  key: string;
  name: string;
  description: string;
  look: CharacterLook;
}

export interface CharacterPreviewInput {
  /** What the character looks like, e.g. "tall woman, short black hair, olive skin". */
  description: string;
  seed: number;
  poseIndex: number;
  /** The character's look: wins over the description for the local engine (the description stays for prompts and captions). */
  look?: CharacterLook;
}

export interface PhotoshootPoseInput {
  characterImage: Buffer;
  garment: Buffer;
  poseIndex: number;
  /** Optional scene or styling words. */
  prompt?: string;
  /**
   * The character's look, when the caller stored it. Without it the local engine reads the look from the
   * character image's XMP (local renders carry it), else estimates it from the image's pixels.
   */
  look?: CharacterLook;
}

/** A character preview; the local engine also says which look it drew (store it to keep the identity). */
export interface CharacterPreviewResult extends EngineResult {
  look?: CharacterLook;
}

export interface CharacterFromPhotoInput {
  /** A photo of a person (PNG, JPEG or WebP). */
  photo: Buffer;
  /** Shown on the local preview and given to hosted models. */
  name?: string;
  seed?: number;
}

/** A studio preview made from a photo, and the look it was drawn from (store it with the character). */
export interface CharacterFromPhotoResult extends EngineResult {
  look: CharacterLook;
}

/**
 * A hosted provider's handle on one request. Callers store it (e.g. in the job row) before waiting,
 * so a retried job resumes the same request instead of paying for a new one.
 */
export interface ProviderJobRef {
  provider: 'fal';
  capability: Capability;
  endpointId: string;
  requestId: string;
}

export interface CallOptions {
  /** Called once the provider accepted the request, before waiting for it. Not called by `local`. */
  onSubmitted?: (ref: ProviderJobRef) => void | Promise<void>;
  /** Wait for this earlier request instead of submitting a new one. Ignored by `local`. */
  resume?: ProviderJobRef;
  signal?: AbortSignal;
}

export interface TextToImageEngine {
  textToImage(input: TextToImageInput, options?: CallOptions): Promise<EngineResult>;
}
export interface ImageToVideoEngine {
  imageToVideo(input: ImageToVideoInput, options?: CallOptions): Promise<EngineResult>;
}
export interface TryOnEngine {
  tryOn(input: TryOnInput, options?: CallOptions): Promise<EngineResult>;
}
export interface UpscaleEngine {
  upscale(input: UpscaleInput, options?: CallOptions): Promise<EngineResult>;
}
export interface EditEngine {
  edit(input: EditInput, options?: CallOptions): Promise<EngineResult>;
}
export interface CharacterPreviewEngine {
  characterPreview(input: CharacterPreviewInput, options?: CallOptions): Promise<CharacterPreviewResult>;
}
export interface PhotoshootPoseEngine {
  photoshootPose(input: PhotoshootPoseInput, options?: CallOptions): Promise<EngineResult>;
}
export interface CharacterFromPhotoEngine {
  characterFromPhoto(input: CharacterFromPhotoInput, options?: CallOptions): Promise<CharacterFromPhotoResult>;
}

export interface CapabilityInputs {
  textToImage: TextToImageInput;
  imageToVideo: ImageToVideoInput;
  tryOn: TryOnInput;
  upscale: UpscaleInput;
  edit: EditInput;
  characterPreview: CharacterPreviewInput;
  photoshootPose: PhotoshootPoseInput;
  characterFromPhoto: CharacterFromPhotoInput;
}
export type Capability = keyof CapabilityInputs;
export const CAPABILITIES = [
  'textToImage',
  'imageToVideo',
  'tryOn',
  'upscale',
  'edit',
  'characterPreview',
  'photoshootPose',
  'characterFromPhoto',
] as const satisfies readonly Capability[];

/** Everything a service needs; each capability can also be typed on its own interface above. */
export interface Engines
  extends TextToImageEngine,
    ImageToVideoEngine,
    TryOnEngine,
    UpscaleEngine,
    EditEngine,
    CharacterPreviewEngine,
    PhotoshootPoseEngine,
    CharacterFromPhotoEngine {
  readonly name: EngineName;
}
