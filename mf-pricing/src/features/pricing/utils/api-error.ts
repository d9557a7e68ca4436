// host.apiRequest turns a non-2xx answer into Error("<status>: <body text>") (SPEC.md §7). The pricing page needs
// the status and the JSON body back (a 400's details, a 409), so this reads them out of the message, as mf-create
// and mf-canvas do. The raw text is never shown to the user.

export interface ApiErrorInfo {
  /** The HTTP status, or null when the request never got an answer (fetch threw) or the error is not an API error. */
  status: number | null;
  /** The JSON body's fields, when the body was a JSON object. */
  body: Record<string, unknown> | null;
}

export function parseApiError(error: unknown): ApiErrorInfo {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, body: null };
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(match[2] ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the status text or a proxy's page
  }
  return { status: Number(match[1]), body };
}

/** A non-empty string field of an error body. */
export function textField(body: Record<string, unknown> | null, key: string): string | null {
  const value = body?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** fetch rejects with a TypeError when there is no answer at all (offline, DNS, connection refused, CORS). */
export const isNetworkError = (error: unknown) => error instanceof TypeError;
