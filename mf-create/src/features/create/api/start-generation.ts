import type { StartDressUp, StartedGeneration, StartImage, StartUpscale, StartVideo } from '@atelier/contracts';
import type { Host } from '@atelier/host';

export type StartRequest =
  | { type: 'image'; body: Omit<StartImage, 'aspectRatio'> & Partial<Pick<StartImage, 'aspectRatio'>> }
  | { type: 'video'; body: Omit<StartVideo, 'model'> & Partial<Pick<StartVideo, 'model'>> }
  | { type: 'dressup'; body: StartDressUp }
  | { type: 'upscale'; body: StartUpscale };

/** POST /api/generations/{image|video|dressup|upscale} → 202 { id, status }; 402 when credits are short. */
export async function startGeneration(apiRequest: Host['apiRequest'], request: StartRequest): Promise<StartedGeneration> {
  const response = await apiRequest('POST', `/api/generations/${request.type}`, request.body);
  return (await response.json()) as StartedGeneration;
}
