/** An inclusive byte range of an object, as in `Content-Range: bytes start-end/size`. */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeResolution =
  /** No usable Range header (absent, malformed or several ranges): send the whole object. */
  | { kind: 'full' }
  /** The range starts beyond the end: answer 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' }
  | { kind: 'partial'; range: ByteRange };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Resolves a `Range` header against an object's size (RFC 9110 §14): `bytes=a-b`, `bytes=a-` and the
 * suffix form `bytes=-n`. An end past the object is clamped. Multiple ranges are answered with the
 * whole object, which the RFC allows.
 */
export function resolveRange(header: string | undefined, size: number): RangeResolution {
  if (!header) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}
