import type { GenerateStarted } from '@atelier/contracts';
import type { Host } from '@atelier/host';

/** POST /api/avatar/generate (multipart characterId + clothingImage) → { jobId }. */
export async function startGeneration(apiRequest: Host['apiRequest'], characterId: string, clothingImage: File): Promise<GenerateStarted> {
  const form = new FormData();
  form.append('characterId', characterId);
  form.append('clothingImage', clothingImage);
  const response = await apiRequest('POST', '/api/avatar/generate', form);
  return (await response.json()) as GenerateStarted;
}
