import type { Request } from 'express';
import { ZodError } from 'zod';

/** One readable line from a zod error, e.g. `email: Invalid email address; plan: Invalid option`. */
export function formatZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** True when the request carries a body (a non-zero Content-Length or chunked transfer). */
export function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
