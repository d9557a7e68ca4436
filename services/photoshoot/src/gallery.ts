import { serviceHeaders, type TokenSecrets } from '@atelier/kit';
import type { PhotoshootRow } from './db/schema.js';

const TIMEOUT_MS = 10_000;

/**
 * Finished photos join the user's gallery, which the create service keeps (the create screen's
 * generations list, tagged Photoshoot): `POST {CREATE_URL}/internal/generations/import`, idempotent by
 * photoshoot and pose, so a retry adds nothing twice.
 */
export interface Gallery {
  enabled: boolean;
  add(row: PhotoshootRow, photos: { poseIndex: number; imageUrl: string; engine: string | null }[]): Promise<void>;
}

export function createGallery({ createUrl, identityKeys }: { createUrl: string | undefined; identityKeys: TokenSecrets }): Gallery {
  if (!createUrl) return { enabled: false, add: async () => undefined };
  return {
    enabled: true,
    async add(row, photos) {
      const response = await fetch(`${createUrl}/internal/generations/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await serviceHeaders(identityKeys, 'photoshoot', 'create')) },
        body: JSON.stringify({
          userId: row.userId,
          photoshootId: row.id,
          characterName: row.characterName,
          completedAt: (row.completedAt ?? new Date()).toISOString(),
          photos,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`create answered ${response.status} to the gallery import: ${(await response.text()).slice(0, 200)}`);
    },
  };
}
