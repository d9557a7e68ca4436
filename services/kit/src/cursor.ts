/**
 * The opaque cursor of a newest-first list: the last item's creation time and id, base64url. Every
 * service's lists use it, so a forged or damaged cursor is refused the same way everywhere.
 */
export interface PageCursor {
  createdAt: Date;
  id: string;
}

/** A UUID as PostgreSQL writes one (any version), in either case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID = UUID_PATTERN;
// PostgreSQL and ISO 8601 agree on years 1–9999 (a "+010000" or "-000001" year is not one of ours).
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodePageCursor(row: PageCursor): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** The cursor's position, or null when it is not one we made (the caller answers 400). */
export function decodePageCursor(cursor: string): PageCursor | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length > 0 || !UUID.test(id) || !ISO_UTC.test(at)) return null;
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at || createdAt.getUTCFullYear() < 1) return null;
  return { createdAt, id };
}
