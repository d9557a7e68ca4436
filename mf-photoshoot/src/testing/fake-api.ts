// The API as the Photoshoot flow sees it, faked in memory for tests (the network only: the flow runs
// through the real apiRequest). Shapes follow @atelier/contracts (photoshoot.ts) and SPEC.md §7:
//   GET    /api/avatar/template          → { poses: [{ poseIndex, imageUrl }] × 10 }
//   GET    /api/avatar/characters        → Character[] (house cast first, then the user's own)
//   POST   /api/avatar/characters        multipart photo + name → 201 Character (409 past MAX_OWN_CHARACTERS)
//   PATCH  /api/avatar/characters/:id    { name } → Character; DELETE → 204 (own ones only, else 404)
//   POST   /api/avatar/preview           { characterId } → { previewImages × 4 }
//   POST   /api/avatar/generate          multipart characterId + clothingImage → 202 { jobId }
//   GET    /api/avatar/job/:jobId        → AvatarJob (a test moves it on with setJob / finishJob)
//   GET    /media/avatar/…/:file         → the picture's bytes (Download All fetches them)
// Any other route fails the test (see @atelier/host/testing).
import {
  characterNameSchema,
  generateFieldsSchema,
  MAX_OWN_CHARACTERS,
  PHOTOSHOOT_POSE_COUNT,
  PREVIEW_POSE_COUNT,
  previewRequestSchema,
  renameCharacterSchema,
  type AvatarJob,
  type Character,
  type PoseImage,
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

export interface PhotoshootFakeApi extends FakeApi {
  /** The characters GET /api/avatar/characters lists (a test may change them). */
  characters: Character[];
  /** The template's example poses. */
  templatePoses: PoseImage[];
  /** Jobs by id, as GET /api/avatar/job/:jobId answers them. */
  jobs: Map<string, AvatarJob>;
  /** Changes a job (e.g. `{ completedPoses: 3 }`); its generations follow completedPoses unless given. */
  setJob(jobId: string, changes: Partial<AvatarJob>): void;
  /** Completes a job with all its poses. */
  finishJob(jobId: string): void;
}

const hex = (n: number, length = 32) => n.toString(16).padStart(length, '0');

let nextCharacter = 1;
export function fakeCharacter(name: string, overrides: Partial<Character> = {}): Character {
  const n = nextCharacter++;
  return {
    id: String(n),
    characterId: `char_${hex(n, 8)}`,
    name,
    previewImageUrl: `/media/avatar/characters/2026/11/${hex(n)}.jpg`,
    house: false,
    ...overrides,
  };
}

export const poseUrl = (kind: 'template' | 'previews' | 'poses', poseIndex: number, seed = 0) =>
  `/media/avatar/${kind}/2026/11/${hex(seed * 100 + poseIndex + 1)}.jpg`;

export const fakePoses = (count: number, kind: 'template' | 'previews' | 'poses', seed = 0): PoseImage[] =>
  Array.from({ length: count }, (_, poseIndex) => ({ poseIndex, imageUrl: poseUrl(kind, poseIndex, seed) }));

/** A small image file, e.g. for the clothing or a character's photo. */
export const imageFile = (name = 'dress.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });

const field = (body: unknown, name: string) => (body instanceof FormData ? body.get(name) : null);

export function installFakeApi(routes: FakeRoutes = {}): PhotoshootFakeApi {
  let jobCount = 0;
  const jobs = new Map<string, AvatarJob>();
  const api: PhotoshootFakeApi = Object.assign(installHostFakeApi(), {
    characters: [] as Character[],
    templatePoses: fakePoses(PHOTOSHOOT_POSE_COUNT, 'template'),
    jobs,
    setJob(jobId: string, changes: Partial<AvatarJob>) {
      const job = jobs.get(jobId);
      if (!job) throw new Error(`No fake job ${jobId}`);
      const completedPoses = changes.completedPoses ?? job.completedPoses;
      jobs.set(jobId, { ...job, generations: fakePoses(completedPoses, 'poses', jobSeed(jobId)), ...changes });
    },
    finishJob(jobId: string) {
      const total = jobs.get(jobId)?.totalPoses ?? PHOTOSHOOT_POSE_COUNT;
      api.setJob(jobId, { status: 'completed', completedPoses: total });
    },
  });
  const jobSeed = (jobId: string) => Number(jobId.replace(/\D/g, '')) || 0;

  api.on('GET /api/avatar/template', () => ({ poses: api.templatePoses }));
  api.on('GET /api/avatar/characters', () => api.characters);
  api.on('POST /api/avatar/characters', ({ body }) => {
    const photo = field(body, 'photo');
    if (!(photo instanceof File)) return json({ error: 'No photo uploaded: send it in the form field "photo"' }, 400);
    const name = characterNameSchema.safeParse(field(body, 'name'));
    if (!name.success) return json({ error: name.error.issues[0]!.message }, 400);
    if (api.characters.filter((c) => !c.house).length >= MAX_OWN_CHARACTERS)
      return json({ error: `You can keep at most ${MAX_OWN_CHARACTERS} characters` }, 409);
    const character = fakeCharacter(name.data);
    api.characters.push(character);
    return json(character, 201);
  });
  api.on('PATCH /api/avatar/characters/:id', ({ params, body }) => {
    const character = api.characters.find((c) => c.id === params.id && !c.house);
    if (!character) return json({ error: 'Character not found' }, 404);
    const parsed = renameCharacterSchema.safeParse(body);
    if (!parsed.success) return json({ error: parsed.error.issues[0]!.message }, 400);
    character.name = parsed.data.name;
    return character;
  });
  api.on('DELETE /api/avatar/characters/:id', ({ params }) => {
    const index = api.characters.findIndex((c) => c.id === params.id && !c.house);
    if (index < 0) return json({ error: 'Character not found' }, 404);
    api.characters.splice(index, 1);
    return undefined; // 204
  });
  api.on('POST /api/avatar/preview', ({ body }) => {
    const parsed = previewRequestSchema.safeParse(body);
    if (!parsed.success) return json({ error: 'Invalid body' }, 400);
    if (!api.characters.some((c) => c.characterId === parsed.data.characterId)) return json({ error: 'Character not found' }, 404);
    // Four of the ten poses, as the service picks them.
    return { previewImages: [0, 3, 6, 8].slice(0, PREVIEW_POSE_COUNT).map((poseIndex) => ({ poseIndex, imageUrl: poseUrl('previews', poseIndex) })) };
  });
  api.on('POST /api/avatar/generate', ({ body }) => {
    const fields = generateFieldsSchema.safeParse({ characterId: field(body, 'characterId') });
    if (!fields.success) return json({ error: 'Invalid body' }, 400);
    if (!(field(body, 'clothingImage') instanceof File)) return json({ error: 'No clothing image uploaded' }, 400);
    if (!api.characters.some((c) => c.characterId === fields.data.characterId)) return json({ error: 'Character not found' }, 404);
    const jobId = `job_${++jobCount}`;
    jobs.set(jobId, { status: 'processing', completedPoses: 0, totalPoses: PHOTOSHOOT_POSE_COUNT, generations: [], errorMessage: null });
    return json({ jobId }, 202);
  });
  api.on('GET /api/avatar/job/:jobId', ({ params }) => jobs.get(params.jobId!) ?? json({ error: 'Job not found' }, 404));
  for (const kind of ['template', 'previews', 'poses', 'characters'])
    api.on(`GET /media/avatar/${kind}/:yyyy/:mm/:file`, ({ params }) => {
      return new Response(new Uint8Array([0xff, 0xd8, 0xff, params.file!.length]), { headers: { 'Content-Type': 'image/jpeg' } });
    });
  for (const [route, handler] of Object.entries(routes)) api.on(route, handler);
  return api;
}

/** The fake installed in this test, or one with the default answers (no characters). */
export const currentFakeApi = (): PhotoshootFakeApi => (installedFakeApi() as PhotoshootFakeApi | null) ?? installFakeApi();
