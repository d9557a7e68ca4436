// Tables of the canvas service. Kept free of relative imports: drizzle-kit loads this file directly.
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const editStatusEnum = pgEnum('canvas_edit_status', ['queued', 'processing', 'completed', 'failed']);

/**
 * One canvas edit: the user's inputs (processed and stored by us, main image first), the job's outcome
 * and the bookkeeping that makes it charge once and reach the gallery once.
 */
export const edits = pgTable(
  'edits',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    status: editStatusEnum('status').notNull().default('queued'),
    prompt: text('prompt').notNull(),
    model: text('model').notNull(),
    camera: text('camera').notNull(),
    shotType: text('shot_type').notNull(),
    /** `/media/…` URLs of the processed inputs, the main image first. Owned by this edit. */
    inputImages: jsonb('input_images').$type<string[]>().notNull(),
    outputUrl: text('output_url'),
    engine: text('engine'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    /** A hosted provider's request, saved before waiting so a retry resumes it instead of paying again. */
    providerRef: jsonb('provider_ref').$type<Record<string, unknown>>(),
    /** When the account service confirmed the credit reserve (key = id), or when it may have landed. */
    reservedAt: timestamp('reserved_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** The gallery's own copies of the result and the main image (made once, handed to create). */
    galleryImageUrl: text('gallery_image_url'),
    galleryInputUrl: text('gallery_input_url'),
    /** When create confirmed the hand-over. */
    galleryAt: timestamp('gallery_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('edits_user_created_idx').on(t.userId, t.createdAt, t.id), index('edits_status_idx').on(t.status)],
);

export type EditRow = typeof edits.$inferSelect;
