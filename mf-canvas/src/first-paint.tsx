// The canvas editor as it first paints, before the session and the limits have loaded: the production build writes
// it to dist/first-paint.json and the gateway sends it in /app/canvas's page (docs/architecture.md).
import { renderFirstPaint } from '@atelier/host/first-paint';
import CanvasEditorRemote from './expose/canvas-editor';

/** By `<Module>`, the key the shell's route table names (shell/src/app/routes/first-paint-routes.ts). */
export function firstPaint(): Record<string, string> {
  return { CanvasEditor: renderFirstPaint('/app/canvas', <CanvasEditorRemote />) };
}
