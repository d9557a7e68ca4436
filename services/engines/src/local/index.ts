import type { Engines } from '../types.js';
import { localCharacterFromPhoto, localCharacterPreview, localPhotoshootPose } from './character.js';
import { localEdit } from './edit.js';
import { localTextToImage } from './text-to-image.js';
import { localTryOn } from './try-on.js';
import { localUpscale } from './upscale.js';
import { localImageToVideo } from './video.js';
import { checkChoice, checkPrompt, checkSeed } from '../validate.js';
import { ASPECT_RATIOS } from '../types.js';

/** The offline engine: real image work with sharp and ffmpeg, no network. Options like `onSubmitted` do not apply. */
export function createLocalEngine(): Engines {
  return {
    name: 'local',
    async textToImage(input) {
      checkPrompt(input.prompt);
      checkChoice(input.aspectRatio, ASPECT_RATIOS, 'aspectRatio');
      checkSeed(input.seed);
      return localTextToImage({ ...input, prompt: input.prompt.trim() });
    },
    imageToVideo: (input, options) => localImageToVideo(input, options?.signal),
    tryOn: (input) => localTryOn(input),
    upscale: (input) => localUpscale(input),
    edit: (input) => localEdit(input),
    characterPreview: (input) => localCharacterPreview(input),
    photoshootPose: (input) => localPhotoshootPose(input),
    characterFromPhoto: (input) => localCharacterFromPhoto(input),
  };
}
