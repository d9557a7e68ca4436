import type { EngineConfig } from './config.js';
import { createFalEngine, type FalEngine } from './fal/engine.js';
import { createLocalEngine } from './local/index.js';
import type { Engines } from './types.js';

export * from './types.js';
export { EngineFailure, EngineInputError } from './errors.js';
export { engineConfigSchema, parseEngineConfig, type EngineConfig } from './config.js';
export { createLocalEngine } from './local/index.js';
export { createFalEngine, WebhookSignatureError, type FalEngine, type FalEngineOptions, type FalWebhookEvent, type FalQueueState } from './fal/engine.js';
export { falKeySet, FAL_JWKS_URL, WEBHOOK_TOLERANCE_SECONDS, signedMessage, type FalKeySet, type HeaderBag } from './fal/webhook-signature.js';
export { WAN_PROMPT_MAX, VEO_IMAGE_MAX_BYTES, VEO_DURATION, seedreamSize, trimPrompt } from './fal/inputs.js';
export { FAL_MODELS } from './fal/models.js';
export { POSES, type Pose } from './poses.js';
export { HOUSE_CAST, houseCharacter, describeLook, characterLookSchema, parseCharacterLook } from './look.js';
export { lookOf as readImageLook, characterLookOf as imageLook } from './local/character.js';
export { IMAGE_SIZES, renderArtwork } from './local/text-to-image.js';
export { atelierXmpOf } from './local/render.js';
export { VIDEO_FPS, VIDEO_SECONDS } from './local/video.js';
export { ffmpegInfo, findFfmpeg, probeVideo, type FfmpegInfo, type VideoProbe } from './local/ffmpeg.js';
export { readMp4, type Mp4Info } from './mp4.js';
export { checkImage, MAX_INPUT_PIXELS } from './validate.js';

/**
 * The engine a service uses: `fal` when FAL_KEY is set (or ENGINE=fal), `local` otherwise.
 * With PUBLIC_URL, fal is asked to call `${PUBLIC_URL}${FAL_WEBHOOK_PATH}` when a request finishes.
 */
export function createEngines(config: Partial<EngineConfig> = {}): Engines | FalEngine {
  const useFal = config.ENGINE ? config.ENGINE === 'fal' : Boolean(config.FAL_KEY);
  if (!useFal) return createLocalEngine();
  if (!config.FAL_KEY) throw new Error('Invalid configuration: FAL_KEY is required when ENGINE=fal');
  return createFalEngine({
    key: config.FAL_KEY,
    ...(config.FAL_BASE_URL ? { baseUrl: config.FAL_BASE_URL } : {}),
    ...(config.PUBLIC_URL ? { webhookUrl: new URL(config.FAL_WEBHOOK_PATH ?? '/internal/engines/fal-webhook', config.PUBLIC_URL).toString() } : {}),
    ...(config.FAL_POLL_INTERVAL_MS ? { pollIntervalMs: config.FAL_POLL_INTERVAL_MS } : {}),
    ...(config.FAL_TIMEOUT_MS ? { timeoutMs: config.FAL_TIMEOUT_MS } : {}),
  });
}

export function isFalEngine(engines: Engines): engines is FalEngine {
  return engines.name === 'fal';
}
