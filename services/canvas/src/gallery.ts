import type { ImportCanvasEdit } from '@atelier/contracts';
import { serviceHeaders, type TokenSecrets } from '@atelier/kit';

const TIMEOUT_MS = 10_000;

/**
 * Finished edits join the user's gallery, which the create service keeps:
 * `POST {CREATE_URL}/internal/generations/import-canvas`, idempotent by edit id, so a retry adds nothing twice.
 */
export interface Gallery {
  enabled: boolean;
  add(edit: ImportCanvasEdit): Promise<void>;
}

export function createGallery({ createUrl, identityKeys }: { createUrl: string | undefined; identityKeys: TokenSecrets }): Gallery {
  if (!createUrl) return { enabled: false, add: async () => undefined };
  return {
    enabled: true,
    async add(edit) {
      const response = await fetch(`${createUrl}/internal/generations/import-canvas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await serviceHeaders(identityKeys, 'canvas', 'create')) },
        body: JSON.stringify(edit),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`create answered ${response.status} to the gallery import: ${(await response.text()).slice(0, 200)}`);
    },
  };
}
