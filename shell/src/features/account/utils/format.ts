import type { CreditFeature, CreditMovement, CreditSource, Plan } from '@atelier/contracts';
import { BILLING_PORTAL_ERROR, UNLIMITED_LIMIT } from '../../../constants';

export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', basic: 'Basic', advanced: 'Advanced', pro: 'Pro' };

/** What a movement paid for, in the words of the tabs (SPEC §2). */
const SOURCE_LABELS: Record<CreditSource, string> = {
  image: 'Image generation',
  video: 'Video generation',
  dressup: 'Dress Up',
  upscale: 'Upscale',
  canvas: 'Canvas edit',
  photoshoot: 'Photoshoot',
};

export const FEATURE_LABELS: Record<CreditFeature, string> = { credits: 'Credits', avatar: 'Photoshoots' };

/** "Image generation", "Refund: Video generation"; a spender that did not say is a generation (or a photoshoot). */
export function movementLabel({ kind, source, feature }: Pick<CreditMovement, 'kind' | 'source' | 'feature'>): string {
  const what = source ? SOURCE_LABELS[source] : feature === 'avatar' ? SOURCE_LABELS.photoshoot : 'Generation';
  return kind === 'refund' ? `Refund: ${what}` : what;
}

/** The short form of the work's id shown beside a movement (the full id is its title). */
export const shortKey = (key: string) => (key.length > 8 ? key.slice(0, 8) : key);

/** "−20 credits", "+1 credit", "−1 photoshoot" (a true minus sign). */
export function movementAmount({ amount, feature }: Pick<CreditMovement, 'amount' | 'feature'>): string {
  const size = Math.abs(amount);
  const unit = feature === 'avatar' ? 'photoshoot' : 'credit';
  return `${amount < 0 ? '\u2212' : '+'}${size} ${unit}${size === 1 ? '' : 's'}`;
}

export const isUnlimited = (limit: number) => limit >= UNLIMITED_LIMIT;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatPeriod = ({ start, end }: { start: string; end: string }) => `${formatDate(start)} \u2013 ${formatDate(end)}`;

/**
 * SPEC §8's portal failure toast text: a refusal's own message (`{ error }` of a 4xx, e.g. 403 for a user with
 * nothing to manage), else the fallback. A 401 ("Unauthorized"), a 5xx, a network error or raw status text never
 * reach the toast.
 */
export function portalFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const answer = /^(4\d\d): ([\s\S]*)$/.exec(message);
  if (answer && answer[1] !== '401') {
    try {
      const body = JSON.parse(answer[2]!) as { error?: unknown };
      if (typeof body.error === 'string' && body.error.trim()) return body.error;
    } catch {
      // not JSON: fall back
    }
  }
  return BILLING_PORTAL_ERROR.fallback;
}
