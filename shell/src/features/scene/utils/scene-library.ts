import { SCENE_MESSAGES, SCENE_TIMEOUT_MS, type ResolvedSceneOptions } from './scene-options';

/** The part of the third-party scene library (UnicornStudio's global) the shell uses. */
export interface SceneLibrary {
  addScene(options: {
    elementId: string;
    projectId?: string;
    filePath?: string;
    scale: number;
    dpi: number;
    fps: number;
    lazyLoad: boolean;
    production?: boolean;
  }): Promise<{ destroy?: () => void }>;
}

declare global {
  interface Window {
    UnicornStudio?: SceneLibrary;
  }
}

const scriptLoads = new Map<string, Promise<SceneLibrary>>();

/** Loads the scene script once per URL; rejects with "Failed to load the scene script". */
export function loadSceneScript(url: string): Promise<SceneLibrary> {
  const existing = scriptLoads.get(url);
  if (existing) return existing;
  const load = new Promise<SceneLibrary>((resolve, reject) => {
    if (!url) return reject(new Error(SCENE_MESSAGES.scriptFailed));
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => (window.UnicornStudio ? resolve(window.UnicornStudio) : reject(new Error(SCENE_MESSAGES.scriptFailed)));
    script.onerror = () => reject(new Error(SCENE_MESSAGES.scriptFailed));
    document.head.appendChild(script);
  });
  // A failed load may be retried later (e.g. after going back online).
  load.catch(() => scriptLoads.delete(url));
  scriptLoads.set(url, load);
  return load;
}

/** Starts the scene in the element, failing with "Loading timeout" after 15 s. */
export function initScene(
  library: SceneLibrary,
  elementId: string,
  options: ResolvedSceneOptions,
  timeoutMs = SCENE_TIMEOUT_MS,
): Promise<{ destroy?: () => void }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(SCENE_MESSAGES.timeout)), timeoutMs);
    library
      .addScene({
        elementId,
        projectId: options.projectId,
        filePath: options.jsonFilePath,
        scale: options.scale,
        dpi: options.dpi,
        fps: options.fps,
        lazyLoad: options.lazyLoad,
        production: true,
      })
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
