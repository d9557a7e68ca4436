import { randomUUID } from 'node:crypto';
import type { testContentSchema } from '@atelier/contracts';
import type { TextToImageEngine } from '@atelier/engines';
import { notFound, requireUser, type Db, type Logger } from '@atelier/kit';
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { insertGeneration } from '../db/generations.js';
import type { MediaStore } from '@atelier/kit';
import { findPreset } from '../presets/presets.js';
import { storeThumbnail } from '../thumbnail.js';

/** What `POST /api/dev/generate-test-content` makes: a few local-engine images, free of charge. */
export const TEST_CONTENT = [
  { prompt: 'Linen suit on a city street, morning light', presetId: 'everyday-street' },
  { prompt: 'Sequinned jumpsuit under a disco ball', presetId: 'retro-disco' },
  { prompt: 'Red lip beauty portrait', presetId: 'beauty-bold-lip' },
  { prompt: 'Flowing chiffon gown in the desert', presetId: 'concept-surreal-desert' },
] as const;

/** Development tools (404 unless enabled). */
export function devRoutes({
  enabled,
  db,
  media,
  logger,
  localEngine,
  clock,
}: {
  enabled: boolean;
  db: Db;
  media: MediaStore;
  logger: Logger;
  localEngine: TextToImageEngine;
  clock: () => Date;
}): Router {
  const router = Router();
  const devOnly: RequestHandler = (_req, _res, next) => next(enabled ? undefined : notFound());
  router.post('/api/dev/generate-test-content', devOnly, requireUser(), async (req, res) => {
    const userId = req.identity!.userId;
    let count = 0;
    for (const [index, item] of TEST_CONTENT.entries()) {
      const preset = findPreset(item.presetId)!;
      const result = await localEngine.textToImage({
        prompt: `${item.prompt}, ${preset.prompt}`,
        aspectRatio: '2:3',
        seed: Date.now() + index,
        preset: { name: preset.name, style: preset.style, palette: preset.palette, composition: preset.composition },
      });
      const stored = await media.put(result.data, { contentType: result.contentType, prefix: 'generations/image' });
      const thumbnailUrl = await storeThumbnail(media, result.data, logger);
      const now = clock();
      await insertGeneration(db, {
        id: randomUUID(),
        userId,
        type: 'image',
        status: 'completed',
        prompt: item.prompt,
        presetId: item.presetId,
        aspectRatio: '2:3',
        model: result.model,
        inputs: {},
        imageUrl: stored.url,
        thumbnailUrl,
        engine: result.engine,
        cost: 0,
        createdAt: now,
        startedAt: now,
        completedAt: now,
      });
      count += 1;
    }
    const body: z.infer<typeof testContentSchema> = { count };
    res.json(body);
  });
  return router;
}
