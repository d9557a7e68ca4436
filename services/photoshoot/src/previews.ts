import { randomUUID } from 'node:crypto';
import type { PoseImage } from '@atelier/contracts';
import { parseCharacterLook, type Engines } from '@atelier/engines';
import { createWeightedSemaphore, HttpError, inLockedTransaction, type Db, type Logger, type MediaStore } from '@atelier/kit';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { seedOf } from './cast.js';
import type { CharacterRow } from './db/schema.js';
import { previews } from './db/schema.js';
import { storedJpeg } from './pictures.js';

/** The 4 poses of the template a character's previews show. */
export const PREVIEW_POSES = [0, 3, 5, 8] as const;
/** Asking again for the same character within this long answers the same previews. */
export const PREVIEW_REUSE_MS = 10 * 60_000;
/** Sets of previews this process draws at once; more wait their turn (each set is 4 engine renders). */
export const PREVIEW_SETS_AT_ONCE = 2;
/** A set still being made after this long is taken as abandoned (its drawing hangs) and made again. */
export const PREVIEW_ABANDONED_MS = 2 * 60_000;
/** The process making a set renews its claim this often… */
export const PREVIEW_HEARTBEAT_MS = 5_000;
/** …and a claim not renewed for this long was abandoned (its process died): the next request makes the set. */
export const PREVIEW_STALE_MS = 20_000;
/** A request waiting for a set another request is making gives up after this long. */
export const PREVIEW_WAIT_MS = 60_000;
const PREVIEW_POLL_MS = 250;

export const PREVIEW_ERRORS = {
  limit: (n: number) => `You can make ${n} sets of previews a day. Please try again tomorrow.`,
  stillMaking: 'The previews are still being made. Please try again in a moment.',
} as const;

/** The stored look, when it is one (a row written by an older version may hold none). */
export const lookOf = (value: unknown) => {
  const look = parseCharacterLook(value);
  return look ? { look } : {};
};

/** A claim whose drawing hangs (PREVIEW_ABANDONED_MS) or whose process stopped renewing it (PREVIEW_STALE_MS). */
const abandoned = (row: { createdAt: Date; heartbeatAt: Date | null }, now: Date) =>
  now.getTime() - row.createdAt.getTime() >= PREVIEW_ABANDONED_MS || now.getTime() - (row.heartbeatAt ?? row.createdAt).getTime() >= PREVIEW_STALE_MS;

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

type Claim = { ready: PoseImage[] } | { making: string } | { mine: string } | { limited: true };

/**
 * A character's previews for a user: the set made in the last PREVIEW_REUSE_MS, else a new one, at most
 * `perDay` new sets a user a day. Requests sent at once share one set: the first claims it (a row without images,
 * written under the user's lock with the day's count, so the limit holds across replicas), the others wait for
 * its images — in this process on the drawing itself, from other replicas by reading the row. At most
 * PREVIEW_SETS_AT_ONCE sets are drawn at once by a process.
 */
export function createPreviews(deps: { db: Db; engines: Engines; media: MediaStore; logger: Logger; clock: () => Date; perDay: number }) {
  const { db, engines, media, logger, clock, perDay } = deps;
  const drawing = createWeightedSemaphore(PREVIEW_SETS_AT_ONCE);
  /** Sets this process is making, by claim id. */
  const making = new Map<string, Promise<PoseImage[]>>();

  function claim(userId: string, characterId: string): Promise<Claim> {
    return inLockedTransaction(db, `photoshoot-previews:${userId}`, async (tx) => {
      const now = clock();
      const [recent] = await tx
        .select()
        .from(previews)
        .where(and(eq(previews.userId, userId), eq(previews.characterId, characterId), gte(previews.createdAt, new Date(now.getTime() - PREVIEW_REUSE_MS))))
        .orderBy(desc(previews.createdAt))
        .limit(1);
      if (recent?.images) return { ready: recent.images };
      if (recent && !abandoned(recent, now)) return { making: recent.id };
      if (recent) await tx.delete(previews).where(eq(previews.id, recent.id));
      const [today] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(previews)
        .where(and(eq(previews.userId, userId), gte(previews.createdAt, startOfUtcDay(now))));
      if ((today?.n ?? 0) >= perDay) return { limited: true };
      const id = randomUUID();
      await tx.insert(previews).values({ id, userId, characterId, images: null, createdAt: now, heartbeatAt: now });
      return { mine: id };
    });
  }

  async function draw(id: string, character: CharacterRow): Promise<PoseImage[]> {
    const startedAt = Date.now();
    // The claim is renewed while this process works on it (waiting its turn included).
    const heartbeat = setInterval(() => {
      db.update(previews)
        .set({ heartbeatAt: clock() })
        .where(and(eq(previews.id, id), isNull(previews.images)))
        .catch((error: unknown) => logger.warn({ err: error }, 'could not renew a preview claim'));
    }, PREVIEW_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const images = await drawing.run(1, () =>
        Promise.all(
          PREVIEW_POSES.map(async (poseIndex) => {
            const result = await engines.characterPreview({
              description: character.description || character.name,
              ...lookOf(character.look),
              seed: seedOf(character.id),
              poseIndex,
            });
            const jpeg = await storedJpeg(result.data, 86);
            const stored = await media.put(jpeg, { contentType: 'image/jpeg', prefix: 'photoshoot/previews' });
            return { imageUrl: stored.url, poseIndex };
          }),
        ),
      );
      await db.update(previews).set({ images }).where(eq(previews.id, id));
      logger.info({ characterId: character.id, ms: Date.now() - startedAt }, 'previews made');
      return images;
    } catch (error) {
      // Not made: the claim goes, so the next request tries again (and the day's count is not spent).
      await db.delete(previews).where(eq(previews.id, id)).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Waits for a set being made elsewhere (another replica): its images; 'gone' when it was given up or its claim
   * stopped being renewed (then it is claimed again); null when it is still being made at the deadline.
   */
  async function waitFor(id: string): Promise<PoseImage[] | null | 'gone'> {
    const deadline = Date.now() + PREVIEW_WAIT_MS;
    for (;;) {
      const [row] = await db.select().from(previews).where(eq(previews.id, id)).limit(1);
      if (!row) return 'gone';
      if (row.images) return row.images;
      if (abandoned(row, clock())) return 'gone';
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, PREVIEW_POLL_MS));
    }
  }

  return async function previewsOf(userId: string, character: CharacterRow): Promise<PoseImage[]> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = await claim(userId, character.id);
      if ('ready' in claimed) return claimed.ready;
      if ('limited' in claimed) throw new HttpError(429, PREVIEW_ERRORS.limit(perDay));
      if ('mine' in claimed) {
        const set = draw(claimed.mine, character);
        making.set(claimed.mine, set);
        try {
          return await set;
        } finally {
          making.delete(claimed.mine);
        }
      }
      const here = making.get(claimed.making);
      if (here) return here;
      const images = await waitFor(claimed.making);
      if (images === null) throw new HttpError(503, PREVIEW_ERRORS.stillMaking);
      if (images !== 'gone') return images;
      // The set was given up (its drawing failed): claim again.
    }
    throw new HttpError(503, PREVIEW_ERRORS.stillMaking);
  };
}
