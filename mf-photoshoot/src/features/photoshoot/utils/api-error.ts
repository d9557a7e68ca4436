// host.apiRequest turns a non-2xx answer into Error("<status>: <body text>") (SPEC.md §7). The flow needs
// the status and the JSON body back (the server's `error`, `requiresPaidPlan`, 402's used/limit).

export interface ApiErrorInfo {
  status: number | null;
  /** The body's `error` text, else the raw text after the status, else the error's message ('' for none). */
  message: string;
  body: Record<string, unknown> | null;
}

export function parseApiError(error: unknown): ApiErrorInfo {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, message: text, body: null };
  const rest = match[2] ?? '';
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: a status text or a proxy's page
  }
  // A proxy's HTML page is no message for a person.
  const message = typeof body?.error === 'string' ? body.error : body || /^\s*</.test(rest) ? '' : rest;
  return { status: Number(match[1]), message: message.trim(), body };
}

export const numberField = (body: Record<string, unknown> | null, key: string): number | null =>
  typeof body?.[key] === 'number' ? (body[key] as number) : null;
