import { useId, type ReactNode } from 'react';
import { useScene } from '../hooks/use-scene';
import { SCENE_MESSAGES, type SceneOptions } from '../utils/scene-options';

export interface BackgroundSceneProps extends SceneOptions {
  /** URL of the third-party scene script. */
  scriptUrl: string;
  /** Shown while the scene loads and when it fails. */
  placeholder?: ReactNode;
  className?: string;
}

/** A full-bleed animated scene from a third-party library, decorative (hidden from assistive technology). */
export function BackgroundScene({ scriptUrl, placeholder, className, ...options }: BackgroundSceneProps) {
  const elementId = `scene-${useId().replace(/[^\w-]/g, '')}`;
  const state = useScene(elementId, scriptUrl, options);
  return (
    <div className={className} data-scene-status={state.status}>
      <div id={elementId} aria-hidden="true" className="absolute inset-0" />
      {state.status !== 'ready' && placeholder ? placeholder : null}
      {state.status === 'error' && !placeholder ? (
        <div role="alert" className="relative m-4 rounded-md border border-destructive bg-card p-4 text-sm text-card-foreground">
          <p className="font-semibold">{SCENE_MESSAGES.boxTitle}</p>
          <p>{state.message}</p>
        </div>
      ) : null}
    </div>
  );
}
