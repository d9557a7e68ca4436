import type { PreviewResult } from '@atelier/contracts';
import type { Host } from '@atelier/host';

/** POST /api/avatar/preview { characterId } → { previewImages: [{ imageUrl, poseIndex }] × 4 } (up to 2 minutes). */
export async function generatePreview(apiRequest: Host['apiRequest'], characterId: string): Promise<PreviewResult> {
  const response = await apiRequest('POST', '/api/avatar/preview', { characterId });
  const body = (await response.json()) as Partial<PreviewResult>;
  return { previewImages: Array.isArray(body.previewImages) ? body.previewImages : [] };
}
