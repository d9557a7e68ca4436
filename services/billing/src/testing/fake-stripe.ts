// `@atelier/billing/testing`: a tiny stand-in for the Stripe API on 127.0.0.1, for tests and the end-to-end
// run (STRIPE_API_BASE=<url>). It answers only what the billing service calls — customers create and delete,
// Checkout Sessions create and retrieve, billing portal sessions create, subscriptions retrieve and cancel — in Stripe's shapes
// (form-encoded requests, JSON answers, Stripe's error bodies, idempotency keys), and serves a checkout page
// whose Pay button completes the session and delivers the signed webhooks Stripe would send.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  /** Not in Stripe's answer (it needs expand[]=line_items): what was bought, for the fake's own use. */
  line_items_price: string | null;
  subscription_metadata: Record<string, string>;
}

export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price' };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
}

export interface FakeRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | null;
  apiVersion: string | null;
}

export interface FakeFailure {
  /** Only requests to this path (e.g. `/v1/checkout/sessions`); any path when omitted. */
  path?: string;
  status: number;
  type:
    | 'api_error'
    | 'card_error'
    | 'invalid_request_error'
    | 'idempotency_error'
    | 'rate_limit_error'
    | 'authentication_error';
  message: string;
  code?: string;
}

export interface FakeWebhookTarget {
  /** The billing service's webhook URL (through the gateway or direct). */
  url: string;
  /** The signing secret it verifies with (STRIPE_WEBHOOK_SECRET). */
  secret: string;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: STRIPE_API_BASE for the billing service. */
  url: string;
  port: number;
  customers: Map<string, FakeCustomer>;
  sessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  portalSessions: Map<string, { id: string; customer: string; return_url: string | null; url: string }>;
  /** Every API request received (not the browser pages), oldest first. */
  requests: FakeRequest[];
  /** Answers the next `count` matching requests with a Stripe error (not replayed by idempotency). */
  failNext(failure: FakeFailure, count?: number): void;
  /** Where the Pay button and `deliver` send events; set or change it at any time. */
  setWebhook(target: FakeWebhookTarget | null): void;
  /** Pays an open Checkout Session: an active subscription on its price, one period from now. */
  completeCheckout(sessionId: string): { session: FakeCheckoutSession; subscription: FakeSubscription };
  /** Changes a subscription as the dashboard or the billing portal would. */
  updateSubscription(
    id: string,
    change: { status?: string; priceId?: string; periodStart?: Date; periodEnd?: Date },
  ): FakeSubscription;
  /** Ends a subscription now (status canceled). */
  cancelSubscription(id: string): FakeSubscription;
  /** An Event of `type` carrying a copy of `object` as it is now (later changes do not alter it). */
  event(type: string, object: unknown): Stripe.Event;
  /** The body and Stripe-Signature header Stripe would send for `event`; `timestamp` (seconds) makes a stale one. */
  sign(
    event: Stripe.Event,
    secret: string,
    options?: { timestamp?: number },
  ): { payload: string; header: string };
  /** Signs `event` and POSTs it to the webhook target; resolves with the answer's status and body. */
  deliver(event: Stripe.Event): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 24 * 60 * 60;
/** Statuses of a subscription that has ended: cancelling it again is refused. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** Stripe's form encoding (`a[b][0][c]=v`) read back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const index = /^\d+$/.test(part) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[index] = value;
        return;
      }
      if (container[index] === undefined) container[index] = /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = container[index] as Record<string, unknown>;
    });
  }
  return root;
}

const asRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]))
    : {};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(
  options: { webhook?: FakeWebhookTarget; host?: string } = {},
): Promise<FakeStripe> {
  const customers = new Map<string, FakeCustomer>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const portalSessions = new Map<
    string,
    { id: string; customer: string; return_url: string | null; url: string }
  >();
  const requests: FakeRequest[] = [];
  const idempotent = new Map<string, { bodyText: string; status: number; answer: unknown }>();
  const failures: { failure: FakeFailure; left: number }[] = [];
  let webhook = options.webhook ?? null;
  let baseUrl = '';

  const stripeError = (status: number, type: string, message: string, code?: string, param?: string) => ({
    status,
    answer: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } },
  });
  const missing = (what: string, value: string, param = 'id') =>
    stripeError(404, 'invalid_request_error', `No such ${what}: '${value}'`, 'resource_missing', param);

  function subscriptionFor(session: FakeCheckoutSession): FakeSubscription {
    const start = nowSeconds();
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer!,
      status: 'active',
      created: start,
      metadata: { ...session.subscription_metadata },
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      items: { object: 'list', data: [], has_more: false, url: '' },
    };
    subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
    subscription.items.data.push({
      id: id('si'),
      object: 'subscription_item',
      price: { id: session.line_items_price ?? 'price_unknown', object: 'price' },
      quantity: 1,
      current_period_start: start,
      current_period_end: start + MONTH_S,
    });
    return subscription;
  }

  function api(method: string, path: string, body: Json): { status: number; answer: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer: FakeCustomer = {
        id: id('cus'),
        object: 'customer',
        email: typeof body.email === 'string' ? body.email : null,
        metadata: asRecord(body.metadata),
        created: nowSeconds(),
      };
      customers.set(customer.id, customer);
      return { status: 200, answer: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = typeof body.customer === 'string' ? body.customer : null;
      if (customer && !customers.has(customer)) return missing('customer', customer, 'customer');
      const lineItems = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
      const price = typeof lineItems[0]?.price === 'string' ? (lineItems[0].price as string) : null;
      if (!price)
        return stripeError(
          400,
          'invalid_request_error',
          'Missing required param: line_items[0][price].',
          'parameter_missing',
          'line_items[0][price]',
        );
      if (typeof body.success_url !== 'string')
        return stripeError(
          400,
          'invalid_request_error',
          'Missing required param: success_url.',
          'parameter_missing',
          'success_url',
        );
      const session: FakeCheckoutSession = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: typeof body.mode === 'string' ? body.mode : 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: null,
        customer,
        client_reference_id: typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
        metadata: asRecord(body.metadata),
        subscription: null,
        success_url: body.success_url,
        cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : '',
        created: nowSeconds(),
        line_items_price: price,
        subscription_metadata: asRecord((body.subscription_data as Json | undefined)?.metadata),
      };
      session.url = `${baseUrl}/checkout/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, answer: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      return session ? { status: 200, answer: session } : missing('checkout.session', sessionMatch[1]!);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = typeof body.customer === 'string' ? body.customer : '';
      if (!customers.has(customer)) return missing('customer', customer, 'customer');
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: typeof body.return_url === 'string' ? body.return_url : null,
        url: '',
      };
      portal.url = `${baseUrl}/portal/${portal.id}`;
      portalSessions.set(portal.id, portal);
      return { status: 200, answer: portal };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      return subscription
        ? { status: 200, answer: subscription }
        : missing('subscription', subscriptionMatch[1]!);
    }
    if (method === 'DELETE' && subscriptionMatch) {
      // Cancelled at once. As at Stripe, one that has ended already is "No such subscription" (404).
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription || ENDED.has(subscription.status))
        return missing('subscription', subscriptionMatch[1]!);
      return { status: 200, answer: fake.cancelSubscription(subscription.id) };
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && customerMatch) {
      // Deleting a customer cancels its subscriptions at once; deleting it again is "No such customer" (404).
      const customer = customers.get(customerMatch[1]!);
      if (!customer) return missing('customer', customerMatch[1]!);
      customers.delete(customer.id);
      for (const subscription of subscriptions.values()) {
        if (subscription.customer === customer.id && !ENDED.has(subscription.status))
          fake.cancelSubscription(subscription.id);
      }
      return { status: 200, answer: { id: customer.id, object: 'customer', deleted: true } };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const send = (
    res: http.ServerResponse,
    status: number,
    answer: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
    res.end(JSON.stringify(answer));
  };

  const page = (res: http.ServerResponse, status: number, title: string, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
  };

  const fake: FakeStripe = {
    url: '',
    port: 0,
    customers,
    sessions,
    subscriptions,
    portalSessions,
    requests,
    failNext(failure, count = 1) {
      failures.push({ failure, left: count });
    },
    setWebhook(target) {
      webhook = target;
    },
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`);
      const subscription = subscriptionFor(session);
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session, subscription };
    },
    updateSubscription(subscriptionId, change) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const item = subscription.items.data[0]!;
      if (change.status) subscription.status = change.status;
      if (change.priceId) item.price = { id: change.priceId, object: 'price' };
      if (change.periodStart) item.current_period_start = Math.floor(change.periodStart.getTime() / 1000);
      if (change.periodEnd) item.current_period_end = Math.floor(change.periodEnd.getTime() / 1000);
      return subscription;
    },
    cancelSubscription(subscriptionId) {
      const subscription = fake.updateSubscription(subscriptionId, { status: 'canceled' });
      subscription.canceled_at = subscription.ended_at = nowSeconds();
      return subscription;
    },
    event(type, object) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      } as unknown as Stripe.Event;
    },
    sign(event, secret, { timestamp } = {}) {
      const payload = JSON.stringify(event, null, 2);
      return {
        payload,
        header: Stripe.webhooks.generateTestHeaderString({
          payload,
          secret,
          ...(timestamp ? { timestamp } : {}),
        }),
      };
    },
    async deliver(event) {
      if (!webhook) throw new Error('fake Stripe has no webhook target (setWebhook)');
      const { payload, header } = fake.sign(event, webhook.secret);
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** The hosted checkout page: Pay completes the session, delivers the events Stripe sends, and returns to success_url. */
  async function checkoutPage(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    sessionId: string,
    pay: boolean,
  ) {
    const session = sessions.get(sessionId);
    if (!session) return page(res, 404, 'Checkout session not found', '');
    if (!pay) {
      if (session.status !== 'open') return page(res, 410, 'This checkout session is no longer open', '');
      return page(
        res,
        200,
        'Fake Stripe Checkout',
        `<p>Subscribe to <span data-price>${escapeHtml(session.line_items_price ?? '')}</span></p>` +
          `<form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay</button></form>` +
          `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`,
      );
    }
    await readBody(req);
    const { subscription } = fake.completeCheckout(sessionId);
    if (webhook) {
      for (const [type, object] of [
        ['customer.subscription.created', subscription],
        ['checkout.session.completed', session],
        [
          'invoice.paid',
          {
            id: id('in'),
            object: 'invoice',
            customer: subscription.customer,
            status: 'paid',
            parent: {
              type: 'subscription_details',
              subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
            },
          },
        ],
      ] as const) {
        await fake.deliver(fake.event(type, object)).catch(() => undefined);
      }
    }
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const method = req.method ?? 'GET';
      const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
      if (checkout) return checkoutPage(req, res, checkout[1]!, method === 'POST' && checkout[2] === '/pay');
      const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
      if (portal && method === 'GET') {
        const session = portalSessions.get(portal[1]!);
        if (!session) return page(res, 404, 'Portal session not found', '');
        return page(
          res,
          200,
          'Fake Stripe billing portal',
          session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return</a></p>` : '',
        );
      }
      if (!url.pathname.startsWith('/v1/'))
        return send(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });

      const authorization = req.headers.authorization ?? '';
      if (!/^Bearer (sk|rk)_test_\w+$/.test(authorization)) {
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      const bodyText = method === 'GET' ? url.search.slice(1) : await readBody(req);
      const body = parseStripeForm(bodyText);
      const idempotencyKey =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      requests.push({
        method,
        path: url.pathname,
        body,
        idempotencyKey,
        apiVersion: (req.headers['stripe-version'] as string | undefined) ?? null,
      });

      const failing = failures.find(
        (f) => f.left > 0 && (!f.failure.path || f.failure.path === url.pathname),
      );
      if (failing) {
        failing.left -= 1;
        const { status, type, message, code } = failing.failure;
        // A 5xx Stripe says not to retry, so a test sees exactly one failure per failNext.
        return send(
          res,
          status,
          { error: { type, message, ...(code ? { code } : {}) } },
          { 'stripe-should-retry': 'false' },
        );
      }

      if (method === 'POST' && idempotencyKey) {
        const cacheKey = `${url.pathname}\n${idempotencyKey}`;
        const earlier = idempotent.get(cacheKey);
        if (earlier) {
          if (earlier.bodyText !== bodyText) {
            return send(res, 400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
              },
            });
          }
          return send(res, earlier.status, earlier.answer, { 'idempotent-replayed': 'true' });
        }
        const { status, answer } = api(method, url.pathname, body);
        if (status < 500) idempotent.set(cacheKey, { bodyText, status, answer });
        return send(res, status, answer);
      }
      const { status, answer } = api(method, url.pathname, body);
      return send(res, status, answer);
    })().catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, { error: { type: 'api_error', message: String((error as Error)?.message ?? error) } });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = baseUrl = `http://127.0.0.1:${fake.port}`;
  return fake;
}
