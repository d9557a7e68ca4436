// The API as the canvas editor sees it, faked in memory for tests (the network only: the screen runs through
// the real apiRequest). Answers are shaped by @atelier/contracts: the canvas service's
// POST /api/canvas/edit → 202 { id }, GET /api/canvas/edit/:id → CanvasEdit, GET /api/canvas/edits → { items }
// newest first, DELETE /api/canvas/edit/:id → 204; the create service's POST /api/uploads → 201 UploadResult,
// POST /api/generations/upscale → 202 { id, status }, GET /api/generations/:id → Generation. A started edit or
// upscale is processing until the test completes or fails it; the next poll sees it. Any other route fails
// the test (see @atelier/host/testing).
import {
  CAMERAS,
  canvasModelSchema,
  MAX_CANVAS_IMAGES,
  SHOT_TYPES,
  type CanvasEdit,
  type Generation,
} from '@atelier/contracts';
import { installFakeApi as installHostFakeApi, installedFakeApi, json, type FakeApi, type FakeRoutes } from '@atelier/host/testing';

export { json };

export interface CanvasFakeApi extends FakeApi {
  /** The user's edits by id, in the order they were made (seeded or started). */
  edits: Map<string, CanvasEdit>;
  /** Upscale generations by id. */
  upscales: Map<string, Generation>;
  /** The last started edit completes with its edited image (a media URL). */
  completeEdit(imageUrl?: string): CanvasEdit;
  /** The last started edit fails, with the service's message or none. */
  failEdit(errorMessage: string | null): CanvasEdit;
  /** Earlier edits the user made, oldest first. */
  seedEdits(...edits: Partial<CanvasEdit>[]): CanvasEdit[];
  completeUpscale(imageUrl?: string): Generation;
  failUpscale(errorMessage: string | null): Generation;
}

export const EDITED_IMAGE_URL = '/media/canvas/2026/11/5f0c8e2a9b7d41c3a6e2f18d9c0b7a34.png';
export const UPLOADED_IMAGE_URL = '/media/uploads/2026/11/0a1b2c3d4e5f60718293a4b5c6d7e8f9.png';
export const UPSCALED_IMAGE_URL = '/media/generations/upscale/2026/11/9f8e7d6c5b4a39281706f5e4d3c2b1a0.png';

const isImageDataUrl = (value: unknown) => typeof value === 'string' && /^data:image\/(png|jpeg|webp);base64,/.test(value);
const isMediaUrl = (value: unknown) => typeof value === 'string' && value.startsWith('/media/');

let clock = Date.parse('2026-11-20T10:00:00.000Z');
const nextDate = () => new Date((clock += 60_000)).toISOString();

export function fakeEdit(fields: Partial<CanvasEdit> = {}): CanvasEdit {
  return {
    id: crypto.randomUUID(),
    status: 'processing',
    errorMessage: null,
    outputImageStorageUrl: null,
    outputImageUrl: null,
    prompt: 'make it dusk',
    model: 'flux-kontext-max',
    camera: 'Default',
    shotType: 'Default',
    inputImageUrl: '/media/canvas/inputs/2026/11/00000000000000000000000000000001.png',
    engine: 'local',
    createdAt: nextDate(),
    completedAt: null,
    ...fields,
  };
}

export function installFakeApi(routes: FakeRoutes = {}): CanvasFakeApi {
  const edits = new Map<string, CanvasEdit>();
  const upscales = new Map<string, Generation>();
  const api = installHostFakeApi({
    'POST /api/canvas/edit': ({ body }) => {
      const { prompt, model, camera, shotType, inputImages } = (body ?? {}) as Record<string, unknown>;
      if (typeof prompt !== 'string' || !prompt.trim()) return json({ error: 'Please enter a prompt' }, 400);
      const parsedModel = canvasModelSchema.safeParse(model);
      if (!parsedModel.success) return json({ error: `Unknown model: ${String(model)}` }, 400);
      if (!CAMERAS.includes(camera as never) || !SHOT_TYPES.includes(shotType as never)) return json({ error: 'Unknown camera or shot type' }, 400);
      const images = Array.isArray(inputImages) ? inputImages : [];
      if (images.length < 1 || images.length > MAX_CANVAS_IMAGES || !images.every((image) => isImageDataUrl(image) || isMediaUrl(image))) {
        return json({ error: 'Please upload a main image first' }, 400);
      }
      const edit = fakeEdit({ status: 'queued', prompt, model: parsedModel.data, camera: camera as CanvasEdit['camera'], shotType: shotType as CanvasEdit['shotType'] });
      edits.set(edit.id, edit);
      return json({ id: edit.id }, 202);
    },
    'GET /api/canvas/edit/:id': ({ params }) => edits.get(params.id!) ?? json({ error: 'Edit not found' }, 404),
    'GET /api/canvas/edits': ({ url }) => {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return { items: [...edits.values()].reverse().slice(0, limit) };
    },
    'DELETE /api/canvas/edit/:id': ({ params }) => (edits.delete(params.id!) ? undefined : json({ error: 'Edit not found' }, 404)),
    'POST /api/uploads': ({ body }) => {
      if (!(body instanceof FormData) || !(body.get('file') instanceof File)) return json({ error: 'Please choose a file' }, 400);
      return json({ url: UPLOADED_IMAGE_URL, width: 1, height: 1, contentType: 'image/png' }, 201);
    },
    'POST /api/generations/upscale': ({ body }) => {
      const { imageUrl } = (body ?? {}) as { imageUrl?: unknown };
      if (!isMediaUrl(imageUrl)) return json({ error: 'Only Atelier media URLs can be upscaled' }, 400);
      const id = crypto.randomUUID();
      upscales.set(id, {
        id,
        type: 'upscale',
        status: 'queued',
        prompt: null,
        presetId: null,
        model: 'upscale',
        aspectRatio: null,
        inputs: { image: imageUrl as string },
        imageUrl: null,
        videoUrl: null,
        thumbnailUrl: null,
        engine: 'local',
        width: null,
        height: null,
        understood: null,
        cost: 1,
        errorMessage: null,
        createdAt: nextDate(),
        completedAt: null,
      });
      return json({ id, status: 'queued' }, 202);
    },
    'GET /api/generations/:id': ({ params }) => upscales.get(params.id!) ?? json({ error: 'Generation not found' }, 404),
    ...routes,
  });

  const last = <T>(map: Map<string, T>, what: string) => {
    const item = [...map.values()].at(-1);
    if (!item) throw new Error(`No ${what} was started`);
    return item;
  };
  return Object.assign(api, {
    edits,
    upscales,
    completeEdit(imageUrl = EDITED_IMAGE_URL) {
      return Object.assign(last(edits, 'canvas edit'), {
        status: 'completed',
        outputImageStorageUrl: imageUrl,
        outputImageUrl: imageUrl,
        completedAt: nextDate(),
      } satisfies Partial<CanvasEdit>);
    },
    failEdit(errorMessage: string | null) {
      return Object.assign(last(edits, 'canvas edit'), { status: 'failed', errorMessage, completedAt: nextDate() } satisfies Partial<CanvasEdit>);
    },
    seedEdits(...fields: Partial<CanvasEdit>[]) {
      return fields.map((field) => {
        const edit = fakeEdit({ status: 'completed', outputImageUrl: EDITED_IMAGE_URL, outputImageStorageUrl: EDITED_IMAGE_URL, ...field });
        edits.set(edit.id, edit);
        return edit;
      });
    },
    completeUpscale(imageUrl = UPSCALED_IMAGE_URL) {
      return Object.assign(last(upscales, 'upscale'), { status: 'completed', imageUrl, completedAt: nextDate() } satisfies Partial<Generation>);
    },
    failUpscale(errorMessage: string | null) {
      return Object.assign(last(upscales, 'upscale'), { status: 'failed', errorMessage, completedAt: nextDate() } satisfies Partial<Generation>);
    },
  });
}

/** The fake installed in this test, or one with the default answers. */
export const currentFakeApi = (): CanvasFakeApi => (installedFakeApi() as CanvasFakeApi | null) ?? installFakeApi();
