import type { EditModel, VideoModel } from '../types.js';

/** fal endpoint ids, one place. Changing a model is a one-line edit here (plus its input shape in inputs.ts). */
export const FAL_MODELS = {
  textToImage: 'fal-ai/flux/dev',
  /** Character previews are text-to-image with a character-sheet prompt. */
  characterPreview: 'fal-ai/flux/dev',
  imageToVideo: {
    'wan-2.5': 'fal-ai/wan-25-preview/image-to-video',
    'veo-3.1': 'fal-ai/veo3.1/image-to-video',
    'sora-2': 'fal-ai/sora-2/image-to-video',
  } satisfies Record<VideoModel, string>,
  tryOn: 'fal-ai/fashn/tryon/v1.6',
  upscale: 'fal-ai/clarity-upscaler',
  edit: {
    'nano-banana': 'fal-ai/nano-banana/edit',
    'flux-kontext-max': 'fal-ai/flux-pro/kontext/max',
    'seedream-4-edit': 'fal-ai/bytedance/seedream/v4/edit',
  } satisfies Record<EditModel, string>,
  /** Kontext Max takes one image; with reference images its multi-image endpoint is used. */
  editWithReferences: {
    'flux-kontext-max': 'fal-ai/flux-pro/kontext/max/multi',
  } satisfies Partial<Record<EditModel, string>>,
  /** A pose is an edit of the character image with the garment as a reference. */
  photoshootPose: 'fal-ai/nano-banana/edit',
  /** A person's photo edited into a clean studio portrait of the same person. */
  characterFromPhoto: 'fal-ai/nano-banana/edit',
} as const;
