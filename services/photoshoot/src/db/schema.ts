// Tables of the photoshoot service. Kept free of relative imports: drizzle-kit loads this file directly.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const photoshootStatusEnum = pgEnum('photoshoot_status', ['processing', 'completed', 'failed']);
export const poseStatusEnum = pgEnum('pose_status', ['pending', 'completed']);

/**
 * A character: one of the house cast (`house_key` set, no user: every user may use them) or a user's own,
 * made from a photo. `look` is what the engine draws the person from (skin, hair, build…), so every pose
 * keeps the same identity; `preview_image_url` is its studio portrait (null until rendered).
 */
export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id'),
    houseKey: text('house_key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    look: jsonb('look').$type<Record<string, unknown>>(),
    previewImageUrl: text('preview_image_url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('characters_house_key_idx').on(t.houseKey), index('characters_user_idx').on(t.userId, t.createdAt)],
);

/** The 4 previews made for a user and character, reused for 10 minutes; rows also count the daily limit. */
export const previews = pgTable(
  'previews',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    characterId: uuid('character_id').notNull(),
    /** Null while the set is being made (the row is the claim that keeps requests sent at once to one set). */
    images: jsonb('images').$type<{ imageUrl: string; poseIndex: number }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** While the set is being made, renewed by the process making it: a claim that stops being renewed was abandoned. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('previews_user_created_idx').on(t.userId, t.createdAt)],
);

/** One photoshoot (the flow's "avatar job"): 10 poses of a character wearing a garment. */
export const photoshoots = pgTable(
  'photoshoots',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    characterId: uuid('character_id').notNull(),
    characterName: text('character_name').notNull(),
    /** The character's portrait and the garment, as they were when the shoot started. */
    characterImageUrl: text('character_image_url').notNull(),
    /** The character's look as it was (every pose is drawn from it; the character may be deleted since). */
    characterLook: jsonb('character_look').$type<Record<string, unknown>>(),
    garmentUrl: text('garment_url').notNull(),
    status: photoshootStatusEnum('status').notNull().default('processing'),
    totalPoses: integer('total_poses').notNull(),
    errorMessage: text('error_message'),
    /** When the account service confirmed the allowance reserve (key = id); refunded when it fails. */
    reservedAt: timestamp('reserved_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** When the finished photos were handed to the create service's gallery. */
    galleryAt: timestamp('gallery_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('photoshoots_user_idx').on(t.userId, t.createdAt), index('photoshoots_status_idx').on(t.status), check('photoshoots_total_positive', sql`${t.totalPoses} > 0`)],
);

/** One pose of a photoshoot: its own unit of work, made once. */
export const poses = pgTable(
  'poses',
  {
    photoshootId: uuid('photoshoot_id').notNull(),
    poseIndex: integer('pose_index').notNull(),
    status: poseStatusEnum('status').notNull().default('pending'),
    imageUrl: text('image_url'),
    engine: text('engine'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.photoshootId, t.poseIndex] })],
);

/** The PLAIN template's 10 example pose images, rendered once by the engine. */
export const templatePoses = pgTable('template_poses', {
  poseIndex: integer('pose_index').primaryKey(),
  imageUrl: text('image_url').notNull(),
});

export type CharacterRow = typeof characters.$inferSelect;
export type PhotoshootRow = typeof photoshoots.$inferSelect;
export type PoseRow = typeof poses.$inferSelect;
