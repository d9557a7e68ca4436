// SPEC §5, §8 and §9 for the background scene: options, their rules and the messages shown on failure.

export const SCENE_DEFAULTS = { scale: 1, dpi: 1.5, fps: 60, lazyLoad: true } as const;
export const SCENE_ALLOWED_FPS = [15, 24, 30, 60, 120] as const;
export const SCENE_MIN_SCALE = 0.25;
export const SCENE_MAX_SCALE = 1;
export const SCENE_TIMEOUT_MS = 15_000;

export const SCENE_MESSAGES = {
  invalidScale: (value: number) => `Invalid scale: ${value}. Scale must be between 0.25 and 1.0`,
  invalidFps: (value: number) => `Invalid fps: ${value}. FPS must be one of: ${SCENE_ALLOWED_FPS.join(', ')}`,
  missingSource: 'No project ID or JSON file path provided',
  scriptFailed: 'Failed to load the scene script',
  notFound: 'Resource not found',
  network: 'Network error occurred',
  timeout: 'Loading timeout',
  initFailed: 'Failed to initialize scene',
  boxTitle: 'Error loading scene',
} as const;

export interface SceneOptions {
  projectId?: string;
  jsonFilePath?: string;
  scale?: number;
  dpi?: number;
  fps?: number;
  lazyLoad?: boolean;
}

export type ResolvedSceneOptions = Required<Pick<SceneOptions, 'scale' | 'dpi' | 'fps' | 'lazyLoad'>> &
  Pick<SceneOptions, 'projectId' | 'jsonFilePath'>;

/** Applies the defaults (scale 1, dpi 1.5, fps 60, lazy load on). */
export function resolveSceneOptions(options: SceneOptions): ResolvedSceneOptions {
  return {
    projectId: options.projectId || undefined,
    jsonFilePath: options.jsonFilePath || undefined,
    scale: options.scale ?? SCENE_DEFAULTS.scale,
    dpi: options.dpi ?? SCENE_DEFAULTS.dpi,
    fps: options.fps ?? SCENE_DEFAULTS.fps,
    lazyLoad: options.lazyLoad ?? SCENE_DEFAULTS.lazyLoad,
  };
}

/** The first broken rule's message, or null when the options are usable. */
export function validateSceneOptions(options: ResolvedSceneOptions): string | null {
  if (!(options.scale >= SCENE_MIN_SCALE && options.scale <= SCENE_MAX_SCALE)) return SCENE_MESSAGES.invalidScale(options.scale);
  if (!(SCENE_ALLOWED_FPS as readonly number[]).includes(options.fps)) return SCENE_MESSAGES.invalidFps(options.fps);
  if (!options.projectId && !options.jsonFilePath) return SCENE_MESSAGES.missingSource;
  return null;
}

/** Maps a failure of the scene library's initialisation to the message the user sees (SPEC §8). */
export function sceneErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error ?? '');
  if (text === SCENE_MESSAGES.timeout || text === SCENE_MESSAGES.scriptFailed) return text;
  if (/\b404\b|not found|failed to fetch/i.test(text)) return SCENE_MESSAGES.notFound;
  if (/network/i.test(text)) return SCENE_MESSAGES.network;
  return SCENE_MESSAGES.initFailed;
}
