import { createHash } from 'node:crypto';
import {
  checkoutRequestSchema,
  PLAN_TIERS,
  type BillingPortalResponse,
  type CheckoutRequest,
  type CheckoutSessionResponse,
} from '@atelier/contracts';
import {
  AccountUnavailable,
  badRequest,
  forbidden,
  HttpError,
  rateLimitBy,
  type RateLimits,
  requireUser,
  unauthorized,
  validate,
  type Db,
  type Logger,
} from '@atelier/kit';
import { and, eq, inArray } from 'drizzle-orm';
import { Router, type Request } from 'express';
import type { BillingAccount } from '../account.js';
import {
  BILLING_ERRORS,
  CHECKOUT_IDEMPOTENCY_WINDOW_MS,
  ENTITLED_STATUSES,
  PATHS,
  RETURN_PATH,
} from '../constants.js';
import { customers, subscriptions } from '../db/schema.js';
import type { Catalogue } from '../domain/catalogue.js';
import { isStripeError, stripeFailure, type Stripe } from '../stripe.js';

export interface SessionRouteDeps {
  db: Db;
  /** Null without Stripe configuration: both routes answer 503. */
  stripe: Stripe | null;
  catalogue: Catalogue;
  account: BillingAccount;
  publicUrl: string;
  logger: Logger;
  clock: () => Date;
  perMinute: number;
  /** Where the per-user limit is counted (shared by the replicas); default this process's memory. */
  limits?: RateLimits;
}

/** Checkout (`POST /api/create-checkout-session`) and the billing portal (`POST /api/create-billing-portal-session`). */
export function sessionRoutes(deps: SessionRouteDeps): Router {
  const { db, stripe, catalogue, account, publicUrl, logger, clock } = deps;
  const router = Router();
  const perUser = rateLimitBy({
    name: 'checkout-sessions',
    limits: deps.limits,
    limit: deps.perMinute,
    windowMs: 60_000,
    key: (req) => req.identity?.userId ?? null,
    message: BILLING_ERRORS.tooManyCheckouts,
  });

  function payments(): Stripe {
    if (!stripe || !catalogue.paymentsConfigured) throw new HttpError(503, BILLING_ERRORS.notConfigured, {}, 'info');
    return stripe;
  }

  async function userOf(req: Request) {
    const userId = req.identity!.userId;
    try {
      const user = await account.user(userId);
      if (!user) throw unauthorized();
      return { userId, ...user };
    } catch (error) {
      if (error instanceof AccountUnavailable) {
        logger.warn({ err: error }, 'account service unavailable');
        throw new HttpError(503, BILLING_ERRORS.accountDown);
      }
      throw error;
    }
  }

  /** Stripe failures become what the client's catalogue shows; the raw message is only logged. */
  async function atStripe<T>(
    req: Request,
    what: string,
    call: () => Promise<T>,
    failure?: HttpError,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!isStripeError(error)) throw error;
      logger.error(
        { err: { type: error.type, code: error.code, message: error.message, requestId: error.requestId } },
        `stripe: ${what} failed`,
      );
      throw failure ?? stripeFailure(error);
    }
  }

  async function storedCustomer(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: customers.stripeCustomerId })
      .from(customers)
      .where(eq(customers.userId, userId))
      .limit(1);
    return row?.id ?? null;
  }

  /** One Stripe customer per user; the idempotency key makes two first checkouts at once create one. */
  async function customerFor(
    req: Request,
    stripe: Stripe,
    user: { userId: string; email: string | null },
  ): Promise<string> {
    const known = await storedCustomer(user.userId);
    if (known) return known;
    const customer = await atStripe(req, 'customers.create', () =>
      stripe.customers.create(
        { ...(user.email ? { email: user.email } : {}), metadata: { userId: user.userId } },
        { idempotencyKey: `atelier-customer-${user.userId}` },
      ),
    );
    await db
      .insert(customers)
      .values({ userId: user.userId, stripeCustomerId: customer.id, createdAt: clock() })
      .onConflictDoNothing();
    return (await storedCustomer(user.userId)) ?? customer.id;
  }

  router.post(
    PATHS.checkout,
    requireUser(),
    perUser,
    validate({ body: checkoutRequestSchema }),
    async (req, res) => {
      const stripe = payments();
      const { priceId, plan } = req.body as CheckoutRequest;
      if (catalogue.planOfPrice(priceId) !== plan) {
        const name = PLAN_TIERS.find((tier) => tier.id === plan)!.name;
        throw badRequest(BILLING_ERRORS.priceNotOfPlan, {
          details: BILLING_ERRORS.priceNotOfPlanDetails(name),
        });
      }
      const user = await userOf(req);
      // A second subscription would bill twice: a subscriber changes plan in the billing portal.
      const [subscribed] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(eq(subscriptions.userId, user.userId), inArray(subscriptions.status, [...ENTITLED_STATUSES])),
        )
        .limit(1);
      if (subscribed)
        throw badRequest(BILLING_ERRORS.alreadySubscribed, {
          details: BILLING_ERRORS.alreadySubscribedDetails,
        });

      const customer = await customerFor(req, stripe, user);
      const window = Math.floor(clock().getTime() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
      const idempotencyKey = `atelier-checkout-${createHash('sha256').update(`${user.userId}\n${priceId}\n${customer}\n${window}`).digest('base64url')}`;
      const metadata = { userId: user.userId, plan };
      const session = await atStripe(req, 'checkout.sessions.create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer,
            client_reference_id: user.userId,
            line_items: [{ price: priceId, quantity: 1 }],
            metadata,
            subscription_data: { metadata },
            // Stripe fills in {CHECKOUT_SESSION_ID}; the pricing page reports the purchase from it.
            success_url: `${publicUrl}${RETURN_PATH}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${publicUrl}${RETURN_PATH}?checkout=canceled`,
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) throw new HttpError(500, BILLING_ERRORS.noCheckoutUrl);
      const answer: CheckoutSessionResponse = { url: session.url };
      res.json(answer);
    },
  );

  router.post(PATHS.portal, requireUser(), perUser, async (req, res) => {
    // Who may have a portal first: a free user is told so (403) also where payments are not configured.
    const user = await userOf(req);
    const customer = await storedCustomer(user.userId);
    if (!customer || user.plan === 'free') throw forbidden(BILLING_ERRORS.portalOnlyForSubscribers);
    if (!stripe) throw new HttpError(503, BILLING_ERRORS.notConfigured, {}, 'info');
    const session = await atStripe(
      req,
      'billingPortal.sessions.create',
      () => stripe.billingPortal.sessions.create({ customer, return_url: `${publicUrl}${RETURN_PATH}` }),
      new HttpError(500, BILLING_ERRORS.portalFailed),
    );
    const answer: BillingPortalResponse = { url: session.url };
    res.json(answer);
  });

  return router;
}
