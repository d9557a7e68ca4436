// host.apiRequest turns a non-2xx answer into Error("<status>: <body text>") (SPEC.md §7). The editor needs the
// status and the JSON body back (a 402's used/limit), so this reads them out of the message (as mf-create does).

export interface ApiErrorInfo {
  status: number | null;
  /** The body's `error` text, or the raw text after the status, or the error's message. */
  message: string;
  body: Record<string, unknown> | null;
}

export function parseApiError(error: unknown): ApiErrorInfo {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, message: text, body: null };
  const status = Number(match[1]);
  const rest = match[2] ?? '';
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the status text or a proxy's page
  }
  const message = typeof body?.error === 'string' && body.error ? body.error : rest;
  return { status, message, body };
}

/** A 402 `{ error, limitReached, used, limit }`: the used and limit to show in the limit dialog. */
export function limitReached(error: unknown): { used: number; limit: number } | null {
  const { status, body } = parseApiError(error);
  if (status !== 402) return null;
  return {
    used: typeof body?.used === 'number' ? body.used : 0,
    limit: typeof body?.limit === 'number' ? body.limit : 0,
  };
}
