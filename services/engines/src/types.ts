/** Shapes shared by every engine: one interface per capability, one result type. */

export const ASPECT_RATIOS = ['2:3', '3:4', '4:5', '1:1', '3:2', '9:16', '16:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const VIDEO_MODELS = ['wan-2.5', 'veo-3.1', 'sora-2'] as const;
export type VideoModel = (typeof VIDEO_MODELS)[number];

export const EDIT_MODELS = ['nano-banana', 'flux-kontext-max', 'seedream-4-edit'] as const;
export type EditModel = (typeof EDIT_MODELS)[number];

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
}

export interface TryOnInput {
  person: Buffer;
  garment: Buffer;
}

export interface UpscaleInput {
  image: Buffer;
}

export interface EditInput {
  prompt: string;
  model: EditModel;
  /** The main image first, then up to MAX_EDIT_REFERENCES reference images. */
  images: Buffer[];
}

export interface CharacterPreviewInput {
  /** What the character looks like, e.g. "tall woman, short black hair, olive skin". */
  description: string;
  seed: number;
  poseIndex: number;
}

export interface PhotoshootPoseInput {
  characterImage: Buffer;
  garment: Buffer;
  poseIndex: number;
  /** Optional scene or styling words. */
  prompt?: string;
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
  characterPreview(input: CharacterPreviewInput, options?: CallOptions): Promise<EngineResult>;
}
export interface PhotoshootPoseEngine {
  photoshootPose(input: PhotoshootPoseInput, options?: CallOptions): Promise<EngineResult>;
}

export interface CapabilityInputs {
  textToImage: TextToImageInput;
  imageToVideo: ImageToVideoInput;
  tryOn: TryOnInput;
  upscale: UpscaleInput;
  edit: EditInput;
  characterPreview: CharacterPreviewInput;
  photoshootPose: PhotoshootPoseInput;
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
] as const satisfies readonly Capability[];

/** Everything a service needs; each capability can also be typed on its own interface above. */
export interface Engines
  extends TextToImageEngine,
    ImageToVideoEngine,
    TryOnEngine,
    UpscaleEngine,
    EditEngine,
    CharacterPreviewEngine,
    PhotoshootPoseEngine {
  readonly name: EngineName;
}
