import type { Preset } from '@atelier/contracts';
import { Router } from 'express';
import { PRESETS } from '../presets/presets.js';
import { presetThumbnailUrl } from '../presets/thumbnails.js';

/** GET /api/presets → every preset (public: the picker and the landing page may show them). */
export function presetRoutes(): Router {
  const router = Router();
  const body: Preset[] = PRESETS.map(({ id, name, style, prompt }) => ({
    id,
    name,
    style,
    prompt,
    thumbnailUrl: presetThumbnailUrl({ id }),
  }));
  router.get('/api/presets', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json(body);
  });
  return router;
}
