// The API as the create screen sees it, faked in memory for tests (the network only: the screens run
// through the real apiRequest). The answers are shaped like the create service's (@atelier/contracts):
// GET /api/generations?limit=&cursor= → { items, nextCursor }; GET /api/presets → Preset[];
// POST /api/generations/{image|video|dressup|upscale} → 202 { id, status: 'queued' } (the generation is then
// listed, queued); POST /api/uploads (multipart `file`) → 201 { url, width, height, contentType }.
// A test replaces any route with its own answer; any other route fails the test (@atelier/host/testing).
import {
  CREDIT_COSTS,
  startDressUpSchema,
  startImageSchema,
  startUpscaleSchema,
  startVideoSchema,
  type Generation,
  type Preset,
} from '@atelier/contracts';
import {
  installFakeApi as installHostFakeApi,
  installedFakeApi,
  json,
  type FakeApi,
  type FakeRequest,
  type FakeRoutes,
} from '@atelier/host/testing';

export { json, type FakeRequest };

export interface CreateFakeApi extends FakeApi {
  /** The user's generations, newest first (a started one is added at the front, queued). */
  generations: Generation[];
  presets: Preset[];
}

const START_SCHEMAS = { image: startImageSchema, video: startVideoSchema, dressup: startDressUpSchema, upscale: startUpscaleSchema } as const;
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function installFakeApi(routes: FakeRoutes = {}): CreateFakeApi {
  const api = Object.assign(installHostFakeApi(), { generations: [] as Generation[], presets: [] as Preset[] });

  api.on('GET /api/generations', ({ url }) => {
    const limit = Number(url.searchParams.get('limit') ?? 24);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = start + limit;
    return { items: api.generations.slice(start, end), nextCursor: end < api.generations.length ? String(end) : null };
  });
  api.on('GET /api/presets', () => api.presets);
  api.on('POST /api/generations/:type', ({ params, body }) => {
    const type = params.type as keyof typeof START_SCHEMAS;
    const schema = START_SCHEMAS[type];
    if (!schema) return json({ error: 'Not found' }, 404);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
      return json({ error: `Invalid body: ${issues.join('; ')}` }, 400);
    }
    const input = parsed.data as Record<string, string | undefined>;
    const generation = fakeGeneration({
      type,
      status: 'queued',
      prompt: type === 'upscale' ? 'Upscale 2×' : input.prompt || null,
      presetId: input.presetId ?? null,
      model: input.model ?? null,
      aspectRatio: type === 'image' ? (parsed.data as { aspectRatio: Generation['aspectRatio'] }).aspectRatio : null,
      inputs:
        type === 'video' || type === 'upscale'
          ? { image: input.imageUrl! }
          : type === 'dressup'
            ? { person: input.personImageUrl!, garment: input.garmentImageUrl! }
            : {},
      imageUrl: null,
      thumbnailUrl: null,
      engine: null,
      cost: CREDIT_COSTS[type],
      createdAt: new Date().toISOString(),
      completedAt: null,
    });
    api.generations.unshift(generation);
    return json({ id: generation.id, status: generation.status }, 202);
  });
  api.on('POST /api/uploads', ({ body }) => {
    const file = body instanceof FormData ? body.get('file') : null;
    if (!(file instanceof File)) return json({ error: 'No image uploaded: send it in the form field "file"' }, 400);
    if (!UPLOAD_TYPES.includes(file.type)) return json({ error: 'Unsupported file type: upload a JPEG, PNG or WebP image' }, 415);
    const ext = file.type === 'image/jpeg' ? 'jpg' : file.type.slice('image/'.length);
    return json({ url: `/media/uploads/2026/11/${randomHex()}.${ext}`, width: 1024, height: 1536, contentType: file.type }, 201);
  });
  for (const [route, handler] of Object.entries(routes)) api.on(route, handler);
  return api;
}

/** The fake installed in this test, or one with the default answers (no generations, no presets). */
export const currentFakeApi = (): CreateFakeApi => (installedFakeApi() as CreateFakeApi | null) ?? installFakeApi();

const randomHex = () => crypto.randomUUID().replaceAll('-', '');

let nextId = 1;
export function fakeGeneration(overrides: Partial<Generation> = {}): Generation {
  const id = overrides.id ?? `g${nextId++}`;
  return {
    id,
    type: 'image',
    status: 'completed',
    prompt: 'linen suit at golden hour',
    presetId: null,
    model: null,
    aspectRatio: '2:3',
    inputs: {},
    imageUrl: `/media/${id}.png`,
    videoUrl: null,
    thumbnailUrl: `/media/${id}-thumb.webp`,
    engine: 'local',
    width: 1024,
    height: 1536,
    understood: null,
    cost: 1,
    errorMessage: null,
    createdAt: '2026-11-23T08:00:00.000Z',
    completedAt: '2026-11-23T08:00:05.000Z',
    ...overrides,
  };
}

export const fakePreset = (id: string, style: string, name = id): Preset => ({
  id,
  name,
  style,
  prompt: `${name} look`,
  thumbnailUrl: `/media/presets/${id}.jpg`,
});

export const photo = (name = 'look.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });
