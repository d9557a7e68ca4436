import { createHash } from 'node:crypto';
import { importPhotoshootSchema, type ImportPhotoshoot } from '@atelier/contracts';
import { requireService, validate, type Db, type TokenSecrets } from '@atelier/kit';
import { Router } from 'express';
import { generations } from '../db/schema.js';

/** A stable id for one photo of a photoshoot in the gallery, so importing twice adds it once. */
export function photoshootGenerationId(photoshootId: string, poseIndex: number): string {
  const hex = createHash('sha256').update(`photoshoot:${photoshootId}:${poseIndex}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-9${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Calls from other services (service token; the gateway never forwards /internal). */
export function internalRoutes({ db, identityKeys }: { db: Db; identityKeys: TokenSecrets }): Router {
  const router = Router();

  // A finished photoshoot's photos join the user's gallery, tagged Photoshoot (free: they were paid for
  // with the photoshoot allowance).
  router.post(
    '/internal/generations/import',
    requireService(identityKeys, { audience: 'create', allow: ['photoshoot'] }),
    validate({ body: importPhotoshootSchema }),
    async (req, res) => {
      const body = req.body as ImportPhotoshoot;
      const at = new Date(body.completedAt);
      const rows = body.photos.map((photo) => ({
        id: photoshootGenerationId(body.photoshootId, photo.poseIndex),
        userId: body.userId,
        type: 'photoshoot' as const,
        status: 'completed' as const,
        prompt: `Photoshoot · ${body.characterName} · pose ${photo.poseIndex + 1}`,
        model: 'photoshoot',
        inputs: { photoshoot: body.photoshootId },
        imageUrl: photo.imageUrl,
        engine: photo.engine,
        cost: 0,
        // Pose 1 newest-last: a millisecond apart so the gallery lists them in pose order.
        createdAt: new Date(at.getTime() - (body.photos.length - photo.poseIndex)),
        completedAt: at,
      }));
      const inserted = await db.insert(generations).values(rows).onConflictDoNothing().returning({ id: generations.id });
      res.json({ imported: inserted.length });
    },
  );
  return router;
}
