// Tables of the create service. Kept free of relative imports: drizzle-kit loads this file directly.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const generationTypeEnum = pgEnum('generation_type', ['image', 'video', 'dressup', 'photoshoot', 'canvas', 'upscale']);
export const generationStatusEnum = pgEnum('generation_status', ['queued', 'processing', 'completed', 'failed']);

/** The provider's handle on a hosted request (engines' ProviderJobRef), stored before waiting on it. */
export interface StoredProviderRef {
  provider: 'fal';
  capability: string;
  endpointId: string;
  requestId: string;
}

/**
 * One generation. Times are written by the service (millisecond precision) so a pagination cursor made
 * from `created_at` compares exactly.
 */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey(),
    /** The account service's user id (no foreign key: another service's database). */
    userId: uuid('user_id').notNull(),
    type: generationTypeEnum('type').notNull(),
    status: generationStatusEnum('status').notNull().default('queued'),
    prompt: text('prompt'),
    presetId: text('preset_id'),
    model: text('model'),
    aspectRatio: text('aspect_ratio'),
    /** Input media URLs by role: `image` (video source), `person` and `garment` (dress-up). */
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull().default({}),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    /** A small WebP of the picture for the gallery (GENERATION_THUMBNAIL_WIDTH wide); null when none was made. */
    thumbnailUrl: text('thumbnail_url'),
    /** Which engine made the result (`local` or `fal`), set when the work starts. */
    engine: text('engine'),
    /** The result's pixel size (a video's frame size), set when it completes; the gallery lays items out by it. */
    width: integer('width'),
    height: integer('height'),
    /** The local engine's reading of the prompt, as the viewer's details show it (label → value, in order). */
    understood: jsonb('understood').$type<{ label: string; value: string }[]>(),
    /** Credits reserved for it (SPEC §9), refunded when it finally fails. */
    cost: integer('cost').notNull(),
    errorMessage: text('error_message'),
    /** A hosted provider's request, stored before waiting so a rerun resumes it instead of paying again. */
    providerRef: jsonb('provider_ref').$type<StoredProviderRef>(),
    providerRequestId: text('provider_request_id'),
    /** When the account service confirmed the reserve; null until then (the worker reserves again, idempotently). */
    reservedAt: timestamp('reserved_at', { withTimezone: true, mode: 'date' }),
    /** When the refund of a failed generation was confirmed; a failed row without it is refunded by the sweeper. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** How many times a worker started on it. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('generations_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('generations_status_idx').on(t.status),
    index('generations_provider_request_idx').on(t.providerRequestId),
    check('generations_cost_nonnegative', sql`${t.cost} >= 0`),
  ],
);

export type GenerationRow = typeof generations.$inferSelect;
export type NewGenerationRow = typeof generations.$inferInsert;

/**
 * Whose each upload (`POST /api/uploads`) is: deleting an account deletes the uploads it made, used or not (a photo of
 * a person that never went into a generation would otherwise stay, belonging to no one).
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_id_idx').on(t.userId)],
);

