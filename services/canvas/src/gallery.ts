import { mediaOwnedSchema, type ImportCanvasEdit, type MediaOwnedRequest } from '@atelier/contracts';
import { serviceHeaders, type TokenSecrets } from '@atelier/kit';

const TIMEOUT_MS = 10_000;

/**
 * Finished edits join the user's gallery, which the create service keeps:
 * `POST {CREATE_URL}/internal/generations/import-canvas`, idempotent by edit id, so a retry adds nothing twice.
 */
export interface Gallery {
  enabled: boolean;
  add(edit: ImportCanvasEdit): Promise<void>;
  /**
   * Which of these media keys create says the user may use (their uploads, the pictures their gallery names):
   * `POST {CREATE_URL}/internal/media/owned`. Without a create service to ask, none.
   */
  owned(userId: string, keys: string[]): Promise<Set<string>>;
}


export function createGallery({ createUrl, identityKeys }: { createUrl: string | undefined; identityKeys: TokenSecrets }): Gallery {
  if (!createUrl) return { enabled: false, add: async () => undefined, owned: async () => new Set() };
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
    async owned(userId, keys) {
      // An edit has at most MAX_CANVAS_IMAGES inputs: within the contract's eight URLs at once.
      const request: MediaOwnedRequest = { userId, urls: keys.map((key) => `/media/${key}`) };
      const response = await fetch(`${createUrl}/internal/media/owned`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await serviceHeaders(identityKeys, 'canvas', 'create')) },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`create answered ${response.status} to whose media: ${(await response.text()).slice(0, 200)}`);
      return new Set(mediaOwnedSchema.parse(await response.json()).owned.map((url) => url.slice('/media/'.length)));
    },
  };
}
