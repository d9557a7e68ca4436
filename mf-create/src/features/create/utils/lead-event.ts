// SPEC.md §4: the first completed generation (exactly one completed generation exists) triggers the ad lead
// event, only on the production host, once (a local-storage flag), with the content category video or image.
import type { Generation } from '@atelier/contracts';
import { LEAD_TRACKED_KEY } from '../../../constants';

declare const __ATELIER_PRODUCTION_HOSTS__: string | undefined;

/**
 * Host names that count as production, from ATELIER_PRODUCTION_HOSTS (comma separated) at build time
 * (mf-create/rspack.config.ts). Empty by default, so development and test builds never send the event.
 */
export function productionHosts(): string[] {
  const raw = typeof __ATELIER_PRODUCTION_HOSTS__ === 'string' ? __ATELIER_PRODUCTION_HOSTS__ : '';
  return raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

export interface LeadDecisionInput {
  generations: readonly Pick<Generation, 'status' | 'videoUrl'>[];
  hostname: string;
  productionHosts: readonly string[];
  alreadyTracked: boolean;
  /** False while more pages of the list exist: then "exactly one completed" cannot be known. */
  listComplete: boolean;
}

/** The lead's content category when the event is due, otherwise null. */
export function leadContentCategory(input: LeadDecisionInput): 'video' | 'image' | null {
  const { generations, hostname, productionHosts, alreadyTracked, listComplete } = input;
  if (alreadyTracked || !listComplete || !productionHosts.includes(hostname.toLowerCase())) return null;
  const completed = generations.filter((generation) => generation.status === 'completed');
  if (completed.length !== 1) return null;
  return completed[0]!.videoUrl ? 'video' : 'image';
}

interface AdPixelWindow {
  fbq?: (command: 'track', event: 'Lead', parameters: Record<string, unknown>) => void;
}

/**
 * Sends the lead to the ad pixel when the page has one (window.fbq) and announces it on window as the
 * `atelier:lead` event; sets the flag so it is sent once per browser.
 */
export function sendLead(contentCategory: 'video' | 'image'): void {
  try {
    localStorage.setItem(LEAD_TRACKED_KEY, '1');
  } catch {
    // without storage the event could repeat; it is still sent once per page life by the caller
  }
  (window as AdPixelWindow).fbq?.('track', 'Lead', { content_category: contentCategory });
  window.dispatchEvent(new CustomEvent('atelier:lead', { detail: { content_category: contentCategory } }));
}

export function leadAlreadyTracked(): boolean {
  try {
    return localStorage.getItem(LEAD_TRACKED_KEY) !== null;
  } catch {
    return false;
  }
}
