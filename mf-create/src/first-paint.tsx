// The creation studio's tabs as they first paint, before the session and the gallery have loaded: the production
// build writes them to dist/first-paint.json and the gateway sends each in its route's page (docs/architecture.md).
import { renderFirstPaint } from '@atelier/host/first-paint';
import CreateScreenRemote from './expose/create-screen';

/** By `<Module>?<prop>=<value>`, the key the shell's route table names (shell/src/app/routes/remote-routes.tsx). */
export function firstPaint(): Record<string, string> {
  return {
    'CreateScreen?tab=image': renderFirstPaint('/app/image', <CreateScreenRemote tab="image" />),
    'CreateScreen?tab=video': renderFirstPaint('/app/video', <CreateScreenRemote tab="video" />),
    'CreateScreen?tab=dress-up': renderFirstPaint('/app/dress-up', <CreateScreenRemote tab="dress-up" />),
  };
}
