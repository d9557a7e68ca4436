// host.apiRequest turns a non-2xx answer into Error("<status>: <body text>") (SPEC.md §7). The screen needs the
// status and the JSON body back (402's used/limit, 403's message), so this reads them out of the message.

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

export const numberField = (body: Record<string, unknown> | null, key: string): number | null =>
  typeof body?.[key] === 'number' ? (body[key] as number) : null;
