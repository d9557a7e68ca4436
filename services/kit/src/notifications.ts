import pg from 'pg';

/** The channel the account service NOTIFYs with a session's id (its hash) when it ends; gateways LISTEN. */
export const SESSION_REVOKED_CHANNEL = 'atelier_session_revoked';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

export interface NotificationListener {
  /** Whether the LISTEN connection is up (notifications are being received). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` over one dedicated connection (a pooled one would be handed to other queries),
 * reconnecting with backoff when it drops. `onState(true)` is called each time it is listening again,
 * `onState(false)` when it is lost: notifications sent meanwhile are gone, so a listener that caches
 * must forget what it knows and distrust its cache until it is back.
 */
export function listenForNotifications(options: {
  databaseUrl: string;
  channel: string;
  onNotification: (payload: string) => void;
  onState?: (listening: boolean, error?: unknown) => void;
  applicationName?: string;
}): NotificationListener {
  const { databaseUrl, channel, onNotification, onState } = options;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error?: unknown) => {
    const wasListening = listening;
    listening = false;
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    void old?.end().catch(() => undefined);
    if (wasListening || error) onState?.(false, error);
    if (closed) return;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    timer = null;
    const next = new pg.Client({ connectionString: databaseUrl, application_name: options.applicationName ?? 'listener' });
    client = next;
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next && !closed) lost(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onNotification(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== next || closed) return;
      listening = true;
      delay = RECONNECT_MIN_MS;
      onState?.(true);
    } catch (error) {
      if (client === next) lost(error);
    }
  }

  void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Sends `payload` on `channel` (delivered to listeners when the surrounding transaction, if any, commits). */
export async function notify(pool: pg.Pool, channel: string, payload: string): Promise<void> {
  await pool.query('select pg_notify($1, $2)', [channel, payload]);
}
