import { apiRequest } from './api-request.js';

/** POST /api/track-event; never throws, a failure is only logged (SPEC §8). */
export function trackEvent(eventType: string, metadata: Record<string, unknown> = {}): void {
  apiRequest('POST', '/api/track-event', { eventType, metadata }).catch((error: unknown) => {
    console.warn(`[track] ${eventType} failed:`, error);
  });
}
