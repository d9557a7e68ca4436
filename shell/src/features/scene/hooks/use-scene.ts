import { useEffect, useState } from 'react';
import { initScene, loadSceneScript } from '../utils/scene-library';
import { resolveSceneOptions, sceneErrorMessage, validateSceneOptions, type SceneOptions } from '../utils/scene-options';

export type SceneState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

/** Loads the scene script, validates the options and starts the scene in the element with `elementId`. */
export function useScene(elementId: string, scriptUrl: string, options: SceneOptions): SceneState {
  const resolved = resolveSceneOptions(options);
  const problem = validateSceneOptions(resolved);
  // The options by value: the effect restarts only when a value changes, not on every new object.
  const key = JSON.stringify([scriptUrl, resolved]);
  const [state, setState] = useState<{ key: string; value: SceneState }>({ key, value: { status: 'loading' } });

  useEffect(() => {
    if (problem) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const settle = (value: SceneState) => {
      if (!cancelled) setState({ key, value });
    };
    loadSceneScript(scriptUrl)
      .then((library) => initScene(library, elementId, (JSON.parse(key) as [string, typeof resolved])[1]))
      .then((scene) => {
        destroy = scene.destroy;
        if (cancelled) destroy?.();
        settle({ status: 'ready' });
      })
      .catch((error: unknown) => settle({ status: 'error', message: sceneErrorMessage(error) }));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [elementId, key, problem, scriptUrl]);

  if (problem) return { status: 'error', message: problem };
  return state.key === key ? state.value : { status: 'loading' };
}
