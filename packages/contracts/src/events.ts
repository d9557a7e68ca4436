import { z } from 'zod';

/** POST /api/track-event (SPEC.md §7). */
export const TRACK_EVENT_TYPES = [
  'user_login',
  'user_signup',
  'user_logout',
  'session_started',
  'daily_active',
  'generation_started',
  'generation_completed',
  'generation_failed',
  'limit_modal_shown',
  'unlock_clicked',
  'pricing_viewed',
  'checkout_initiated',
  'purchase_completed',
  'tab_changed',
  'feature_opened',
] as const;
export const trackEventSchema = z.object({
  eventType: z.enum(TRACK_EVENT_TYPES),
  metadata: z
    .object({
      user_plan: z.string().max(50).optional(),
      generation_type: z.string().max(50).optional(),
      model: z.string().max(100).optional(),
      credits_cost: z.number().int().nonnegative().optional(),
    })
    .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .default({}),
});
export type TrackEvent = z.infer<typeof trackEventSchema>;
