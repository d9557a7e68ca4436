import { createHmac, timingSafeEqual } from 'node:crypto';
import { EngineFailure, EngineInputError, WebhookSignatureError, type FalEngine, type FalWebhookEvent } from '@atelier/engines';
import { notFound, type Db, type Logger } from '@atelier/kit';
import { Router } from 'express';
import { findGeneration } from '../db/generations.js';

export const FAL_WEBHOOK_PATH = '/api/create/fal-webhook';

/** The unguessable token of one generation's webhook URL (HMAC of its id under the service secret). */
export function webhookToken(secret: string, generationId: string): string {
  return createHmac('sha256', secret).update(`fal-webhook.${generationId}`).digest('base64url');
}

export function webhookUrl(publicUrl: URL, secret: string, generationId: string): string {
  const url = new URL(FAL_WEBHOOK_PATH, publicUrl);
  url.searchParams.set('generation', generationId);
  url.searchParams.set('token', webhookToken(secret, generationId));
  return url.toString();
}

function sameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * fal calls this when a request finishes. It needs the generation's URL token and fal's signature (ED25519
 * by fal's published keys, within five minutes; kit keeps the body's exact bytes for it). It only says
 * "look now": the job is (re)enqueued and the result is always fetched through fal's queue API with the
 * stored request id, so a late or repeated call pays nothing and changes nothing.
 */
export function webhookRoutes({ db, engine, secret, logger, enqueue }: { db: Db; engine: FalEngine; secret: string; logger: Logger; enqueue: (id: string) => Promise<void> }): Router {
  const router = Router();
  router.post(FAL_WEBHOOK_PATH, async (req, res) => {
    const generationId = typeof req.query.generation === 'string' ? req.query.generation : '';
    if (!/^[0-9a-f-]{36}$/i.test(generationId) || !sameToken(webhookToken(secret, generationId), req.query.token)) throw notFound();
    const row = await findGeneration(db, generationId);
    if (!row) throw notFound();
    let event: FalWebhookEvent;
    try {
      event = await engine.verifyWebhook(req.headers, req.rawBody ?? Buffer.alloc(0));
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        logger.warn({ generationId, reason: error.message }, 'fal webhook refused');
        res.status(401).json({ error: 'Invalid webhook signature' });
        return;
      }
      if (error instanceof EngineInputError) {
        res.status(400).json({ error: 'Invalid webhook body' });
        return;
      }
      // fal's keys could not be fetched: fal delivers again later, and the worker polls meanwhile.
      if (error instanceof EngineFailure) {
        logger.warn({ generationId, err: error }, 'fal webhook keys unavailable');
        res.status(503).json({ error: 'Webhook signature cannot be checked right now' });
        return;
      }
      throw error;
    }
    if (row.providerRequestId && row.providerRequestId !== event.requestId) throw notFound();
    if (row.status === 'queued' || row.status === 'processing') await enqueue(row.id);
    logger.info({ generationId, requestId: event.requestId, ok: event.ok, status: row.status }, 'fal webhook');
    res.json({ ok: true });
  });
  return router;
}
