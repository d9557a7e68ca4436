import { HttpError, isSafeText, type Db, type Logger } from '@atelier/kit';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Router } from 'express';
import { BILLING_ERRORS, PATHS, WEBHOOK_LEASE_MS, WEBHOOK_TOLERANCE_SECONDS } from '../constants.js';
import { webhookEvents } from '../db/schema.js';
import { subscriptionRefOf } from '../domain/events.js';
import type { Stripe } from '../stripe.js';
import type { Sync } from '../sync.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The untouched bytes of a webhook's body (set by `withRawWebhookBody`). */
    rawBody?: Buffer;
  }
}

export interface WebhookRouteDeps {
  db: Db;
  /** Null without Stripe configuration: 503. */
  stripe: Stripe | null;
  webhookSecret: string | null;
  sync: Sync | null;
  logger: Logger;
  clock: () => Date;
}

type Claim = 'mine' | 'handled' | 'busy';

/**
 * POST /api/billing/webhook: Stripe's events, verified by signature (STRIPE_WEBHOOK_SECRET, 300 s tolerance),
 * stored by id and handled once. A handling that fails answers 500 and leaves the event unhandled, so Stripe's
 * retry handles it again; a repeat of a handled event answers 200 and does nothing.
 */
/** The envelope fields this route stores: an id and a type of plain text, a creation time a date can hold. */
function wellFormed(event: Stripe.Event): boolean {
  const text = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 255 && isSafeText(value);
  const created = event.created as unknown;
  return (
    text(event.id) &&
    text(event.type) &&
    typeof created === 'number' &&
    Number.isSafeInteger(created) &&
    created >= 0 &&
    !Number.isNaN(new Date(created * 1000).getTime())
  );
}

export function webhookRoutes({ db, stripe, webhookSecret, sync, logger, clock }: WebhookRouteDeps): Router {
  const router = Router();

  async function claim(event: Stripe.Event): Promise<Claim> {
    const now = clock();
    await db
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000), receivedAt: now })
      .onConflictDoNothing();
    const claimed = await db
      .update(webhookEvents)
      .set({
        leaseUntil: new Date(now.getTime() + WEBHOOK_LEASE_MS),
        attempts: sql`${webhookEvents.attempts} + 1`,
      })
      .where(
        and(
          eq(webhookEvents.id, event.id),
          isNull(webhookEvents.handledAt),
          or(isNull(webhookEvents.leaseUntil), lt(webhookEvents.leaseUntil, now)),
        ),
      )
      .returning({ id: webhookEvents.id });
    if (claimed.length === 1) return 'mine';
    const [row] = await db
      .select({ handledAt: webhookEvents.handledAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, event.id));
    return row?.handledAt ? 'handled' : 'busy';
  }

  router.post(PATHS.webhook, async (req, res) => {
    // 503 (Stripe retries a delivery made before the secret is set), logged as information: anyone may send it.
    if (!stripe || !webhookSecret || !sync) throw new HttpError(503, BILLING_ERRORS.webhookNotConfigured, {}, 'info');
    const signature = req.get('stripe-signature');
    if (!signature) throw new HttpError(400, BILLING_ERRORS.webhookNoSignature);
    if (!req.rawBody || req.rawBody.length === 0) throw new HttpError(400, BILLING_ERRORS.webhookNoBody);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        req.rawBody,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        clock().getTime(),
      );
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'webhook signature refused');
      throw new HttpError(400, BILLING_ERRORS.webhookBadSignature);
    }

    // Signed does not mean well formed (a test event, a fuzzer holding the secret): answered 400, never a 500 that
    // Stripe would retry for days.
    if (!wellFormed(event)) throw new HttpError(400, BILLING_ERRORS.webhookBadEvent);
    const log = logger.child({ eventId: event.id, eventType: event.type });
    const claimed = await claim(event);
    if (claimed === 'handled') {
      res.json({ received: true, duplicate: true });
      return;
    }
    if (claimed === 'busy') throw new HttpError(409, BILLING_ERRORS.webhookInProgress);

    try {
      const ref = subscriptionRefOf(event);
      const outcome = ref
        ? await sync.subscription(ref)
        : { applied: false as const, reason: 'the event moves no plan' };
      if (!outcome.applied)
        log.info({ reason: outcome.reason }, 'webhook event acknowledged without a plan change');
      await db
        .update(webhookEvents)
        .set({ handledAt: clock(), leaseUntil: null, lastError: null })
        .where(eq(webhookEvents.id, event.id));
      res.json({ received: true });
    } catch (error) {
      log.error({ err: error }, 'webhook event handling failed; Stripe will retry it');
      await db
        .update(webhookEvents)
        .set({ leaseUntil: null, lastError: String((error as Error)?.message ?? error).slice(0, 1000) })
        .where(eq(webhookEvents.id, event.id))
        .catch(() => undefined);
      throw new HttpError(500, BILLING_ERRORS.webhookFailed);
    }
  });

  return router;
}
