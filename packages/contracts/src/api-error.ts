// Its own entry (`@atelier/contracts/api-error`), bundled into each remote: what a failed API call says, for code and
// for people.
//
// host.apiRequest turns a non-2xx answer into Error("<status>: <body text>") (SPEC.md §7). Screens need the status
// and the JSON body back (a 402's used/limit, a 403's message, a 400's reason), and a sentence a person can read: the
// service's own `error`, never a proxy's HTML page or fetch's "Failed to fetch" (the screen's fallback instead).

export interface ApiErrorInfo {
  /** The HTTP status, or null when the request never got an answer (fetch threw) or the error is not an API error. */
  status: number | null;
  /**
   * What may be told to the user: the body's `error`, else a short plain-text answer, else '' — never a proxy's HTML
   * page or fetch's "Failed to fetch": the screen then shows its own fallback (SPEC §8's texts).
   */
  message: string;
  /** The JSON body's fields, when the body was a JSON object. */
  body: Record<string, unknown> | null;
}

/** Plain text longer than this is a page, not a message. */
const MAX_PLAIN_MESSAGE = 200;

/** fetch rejects with a TypeError when there is no answer at all (offline, DNS, connection refused, CORS). */
export const isNetworkError = (error: unknown) => error instanceof TypeError;

export function parseApiError(error: unknown): ApiErrorInfo {
  if (isNetworkError(error)) return { status: null, message: '', body: null };
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, message: text.trim(), body: null };
  const status = Number(match[1]);
  const rest = (match[2] ?? '').trim();
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: a status text or a proxy's page
  }
  const own = textField(body, 'error');
  const plain = !body && rest && !rest.startsWith('<') && rest.length <= MAX_PLAIN_MESSAGE ? rest : null;
  const message = own ?? plain ?? '';
  return { status, message, body };
}

/**
 * Whether a request's answer was lost rather than given: no answer at all (offline, the connection cut) or the
 * gateway's 502/503/504 (the service restarting or too slow). A write may then have been done: a start is not "failed"
 * (it ran and was charged while the user read "Generation Failed" and tried again).
 */
export function answerLost(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  const { status } = parseApiError(error);
  return status === 502 || status === 503 || status === 504;
}

/** A non-empty string field of an error body. */
export function textField(body: Record<string, unknown> | null, key: string): string | null {
  const value = body?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** A number field of an error body. */
export const numberField = (body: Record<string, unknown> | null, key: string): number | null =>
  typeof body?.[key] === 'number' ? (body[key] as number) : null;
