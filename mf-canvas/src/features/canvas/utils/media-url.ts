// Only our own media may come in through /app/canvas?imageUrl= (docs/architecture.md, Media): `/media/<key>` or
// the same path on this site's origin. Anything else — another site, another path of ours, a data: or
// javascript: URL — is ignored.

const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** The `/media/…` path the value names, or null when it is not one of our media URLs. */
export function ownMediaPath(value: string, origin: string): string | null {
  let path: string;
  if (value.startsWith('/') && !value.startsWith('//')) {
    path = value;
  } else {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.origin !== origin || url.search || url.hash || url.username || url.password) return null;
    path = url.pathname;
  }
  if (!MEDIA_PATH.test(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return path;
}

/** GET /api/download?url=<encoded> streams one of our media files as an attachment (SPEC.md §7). */
export const downloadHref = (mediaUrl: string) => `/api/download?url=${encodeURIComponent(mediaUrl)}`;
