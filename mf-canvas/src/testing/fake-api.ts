// The API as the canvas editor sees it, faked in memory for tests (the network only: the screen runs
// through the real apiRequest). The canvas service does not exist yet, so the answers follow SPEC.md:
// POST /api/canvas/edit → { id }; GET /api/canvas/edit/{id} → { id, status, errorMessage,
// outputImageStorageUrl, outputImageUrl }. A started edit is processing until the test finishes or fails
// it; the next poll then sees it. Any other route fails the test (see @atelier/host/testing).
import { installFakeApi as installHostFakeApi, installedFakeApi, json, type FakeApi, type FakeRoutes } from '@atelier/host/testing';
import { CANVAS_MODELS, MAX_EXTRA_IMAGES } from '../constants';
import type { CanvasEditJob } from '../features/canvas/api/get-canvas-edit';

export { json };

export interface FakeCanvasEdit extends CanvasEditJob {
  status: 'processing' | 'completed' | 'failed';
  errorMessage: string | null;
  outputImageStorageUrl: string | null;
  outputImageUrl: string | null;
}

export interface CanvasFakeApi extends FakeApi {
  /** The edit jobs started so far, by id. */
  edits: Map<string, FakeCanvasEdit>;
  /** The last started edit completes with its edited image (a media URL). */
  completeEdit(imageUrl?: string): FakeCanvasEdit;
  /** The last started edit fails, with the service's message or none. */
  failEdit(errorMessage: string | null): FakeCanvasEdit;
}

export const EDITED_IMAGE_URL = '/media/canvas/2026/11/5f0c8e2a9b7d41c3a6e2f18d9c0b7a34.png';

export function installFakeApi(routes: FakeRoutes = {}): CanvasFakeApi {
  const edits = new Map<string, FakeCanvasEdit>();
  const api = installHostFakeApi({
    'POST /api/canvas/edit': ({ body }) => {
      const { prompt, model, inputImages } = (body ?? {}) as { prompt?: unknown; model?: unknown; inputImages?: unknown };
      if (typeof prompt !== 'string' || !prompt.trim()) return json({ error: 'Please enter a prompt' }, 400);
      if (!CANVAS_MODELS.some((m) => m.value === model)) return json({ error: `Unknown model: ${String(model)}` }, 400);
      const images = Array.isArray(inputImages) ? inputImages : [];
      if (images.length < 1 || images.length > 1 + MAX_EXTRA_IMAGES || !images.every(isImageDataUrl)) {
        return json({ error: 'Please upload a main image first' }, 400);
      }
      const id = crypto.randomUUID();
      edits.set(id, { id, status: 'processing', errorMessage: null, outputImageStorageUrl: null, outputImageUrl: null });
      return json({ id }, 202);
    },
    'GET /api/canvas/edit/:id': ({ params }) => edits.get(params.id!) ?? json({ error: 'Edit not found' }, 404),
    ...routes,
  });

  const lastEdit = () => {
    const edit = [...edits.values()].at(-1);
    if (!edit) throw new Error('No canvas edit was started');
    return edit;
  };
  return Object.assign(api, {
    edits,
    completeEdit(imageUrl = EDITED_IMAGE_URL) {
      return Object.assign(lastEdit(), { status: 'completed', outputImageStorageUrl: imageUrl, outputImageUrl: imageUrl } as const);
    },
    failEdit(errorMessage: string | null) {
      return Object.assign(lastEdit(), { status: 'failed', errorMessage } as const);
    },
  });
}

/** The fake installed in this test, or one with the default answers. */
export const currentFakeApi = (): CanvasFakeApi => (installedFakeApi() as CanvasFakeApi | null) ?? installFakeApi();

const isImageDataUrl = (value: unknown) => typeof value === 'string' && /^data:image\/[a-z+.-]+;base64,/.test(value);
