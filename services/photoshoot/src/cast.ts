import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { HOUSE_CAST, parseCharacterLook, POSE_COUNT, type Engines } from '@atelier/engines';
import type { Db, Logger, MediaStore } from '@atelier/kit';
import { and, eq, isNull } from 'drizzle-orm';
import { characters, templatePoses, type CharacterRow } from './db/schema.js';
import { storedJpeg } from './pictures.js';

/** A stable UUID for a house character, the same in every database (its key hashed). */
export function houseCharacterId(key: string): string {
  const hex = createHash('sha256').update(`atelier-house:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Everyone's ready-made characters: their rows exist once, whatever the number of replicas. */
export async function insertHouseCast(db: Db, now: Date): Promise<void> {
  await db
    .insert(characters)
    .values(
      HOUSE_CAST.map((member, order) => ({
        id: houseCharacterId(member.key),
        userId: null,
        houseKey: member.key,
        name: member.name,
        description: member.description,
        look: member.look as unknown as Record<string, unknown>,
        // Listed in the cast's order: creation times a millisecond apart.
        createdAt: new Date(now.getTime() - (HOUSE_CAST.length - order)),
      })),
    )
    .onConflictDoNothing({ target: characters.houseKey });
}

/**
 * A character's studio portrait (pose 1), rendered from its look and kept in the media store as PNG: the
 * look travels in its metadata, so every pose made from it keeps the same person.
 */
export async function renderPortrait(engines: Engines, media: MediaStore, row: Pick<CharacterRow, 'id' | 'description' | 'look' | 'name'>): Promise<string> {
  const result = await engines.characterPreview({
    description: row.description || row.name,
    ...(parseCharacterLook(row.look) ? { look: parseCharacterLook(row.look)! } : {}),
    seed: seedOf(row.id),
    poseIndex: 0,
  });
  const stored = await media.put(result.data, { contentType: result.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png', prefix: 'photoshoot/characters' });
  return stored.url;
}

export const seedOf = (id: string) => createHash('sha256').update(id).digest().readUInt32BE(0);

/** Gives a character without a portrait its portrait (idempotent: the first to finish wins). */
export async function ensurePortrait(deps: { db: Db; engines: Engines; media: MediaStore }, row: CharacterRow): Promise<string> {
  if (row.previewImageUrl) return row.previewImageUrl;
  const url = await renderPortrait(deps.engines, deps.media, row);
  const [updated] = await deps.db
    .update(characters)
    .set({ previewImageUrl: url })
    .where(and(eq(characters.id, row.id), isNull(characters.previewImageUrl)))
    .returning();
  if (updated) return url;
  const key = deps.media.keyFromUrl(url);
  if (key) await deps.media.delete(key);
  const [current] = await deps.db.select().from(characters).where(eq(characters.id, row.id)).limit(1);
  return current?.previewImageUrl ?? url;
}

/**
 * The house cast's portraits and the PLAIN template's 10 example poses (a house character in each pose),
 * made once by the engine at start; the routes that need them wait for this.
 */
export async function prepareCastAndTemplate(deps: { db: Db; engines: Engines; media: MediaStore; logger: Logger; clock: () => Date }): Promise<void> {
  const { db, engines, media, logger, clock } = deps;
  await insertHouseCast(db, clock());
  const house = await db.select().from(characters).where(isNull(characters.userId));
  for (const row of house) {
    if (!row.previewImageUrl) await ensurePortrait(deps, row);
  }
  const done = new Set((await db.select({ poseIndex: templatePoses.poseIndex }).from(templatePoses)).map((r) => r.poseIndex));
  const model = HOUSE_CAST[0]!;
  for (let poseIndex = 0; poseIndex < POSE_COUNT; poseIndex += 1) {
    if (done.has(poseIndex)) continue;
    const result = await engines.characterPreview({ description: model.description, look: model.look, seed: seedOf(houseCharacterId(model.key)), poseIndex });
    const jpeg = await storedJpeg(result.data, 86);
    const stored = await media.put(jpeg, { contentType: 'image/jpeg', prefix: 'photoshoot/template' });
    const inserted = await db.insert(templatePoses).values({ poseIndex, imageUrl: stored.url }).onConflictDoNothing().returning();
    if (inserted.length === 0) await media.delete(stored.key);
  }
  logger.info({ cast: house.length, templatePoses: POSE_COUNT }, 'house cast and template ready');
}

/**
 * prepareCastAndTemplate in a child process (cast-process.ts) with the service's environment and database schema;
 * resolves when it has exited cleanly. Run from the built service it is `dist/cast-process.js`; from the sources
 * (tests, `node --import tsx src/server.ts`) the `.ts` file, through tsx.
 */
export function prepareCastInChildProcess({ env, schema }: { env: NodeJS.ProcessEnv; schema: string }): Promise<void> {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSources ? './cast-process.ts' : './cast-process.js', import.meta.url));
  const child = fork(entry, [], {
    env: { ...env, PHOTOSHOOT_DB_SCHEMA: schema },
    execArgv: fromSources ? ['--import', 'tsx'] : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the house cast's process exited (${code ?? signal})`));
    });
  });
}
