import type { TrackEvent } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { eq, sql } from 'drizzle-orm';
import { utcDayOf } from '../domain/limits.js';
import { events, users } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores an event in one statement, taking the user's plan from the users table (null user and plan when
 * signed out or the user is gone). A second daily_active of a user on the same UTC day is dropped by the
 * unique partial index; returns whether the event was stored.
 */
export async function recordEvent(db: Db, { userId, event, at }: { userId: string | null; event: TrackEvent; at: Date }): Promise<boolean> {
  const uid = userId && UUID.test(userId) ? userId : null;
  const rows = await db
    .insert(events)
    .values({
      userId: uid ? sql`(${db.select({ id: users.id }).from(users).where(eq(users.id, uid))})` : null,
      plan: uid ? sql`(${db.select({ plan: users.plan }).from(users).where(eq(users.id, uid))})` : null,
      eventType: event.eventType,
      metadata: event.metadata,
      day: utcDayOf(at),
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: events.id });
  return rows.length > 0;
}
