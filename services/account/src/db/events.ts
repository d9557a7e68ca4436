import type { TrackEvent } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { utcDayOf } from '../domain/limits.js';
import { events, users } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/**
 * The calendar day an event counts for. daily_active is once per user and *local* calendar day (SPEC §9):
 * the shell sends its local date as `metadata.local_day`, believed when it is a real date no more than a day
 * from the UTC one (time zones run from UTC−12 to UTC+14); anything else counts for the UTC day.
 */
export function eventDay(event: TrackEvent, at: Date): string {
  const utc = utcDayOf(at);
  const local = event.metadata.local_day;
  if (event.eventType !== 'daily_active' || typeof local !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(local)) return utc;
  const localMs = Date.parse(`${local}T00:00:00Z`);
  if (Number.isNaN(localMs) || utcDayOf(new Date(localMs)) !== local) return utc;
  return Math.abs(localMs - Date.parse(`${utc}T00:00:00Z`)) <= DAY_MS ? local : utc;
}

/**
 * Stores an event in one statement, taking the user's plan from the users table (null user and plan when
 * signed out or the user is gone). A second daily_active of a user on the same day (eventDay) is dropped by
 * the unique partial index; returns whether the event was stored.
 */
export async function recordEvent(db: Db, { userId, event, at }: { userId: string | null; event: TrackEvent; at: Date }): Promise<boolean> {
  const uid = userId && UUID.test(userId) ? userId : null;
  const rows = await db
    .insert(events)
    .values({
      // A deleted account is nobody: an event in flight when it went is stored without it.
      userId: uid ? sql`(${db.select({ id: users.id }).from(users).where(and(eq(users.id, uid), isNull(users.deletedAt)))})` : null,
      plan: uid ? sql`(${db.select({ plan: users.plan }).from(users).where(and(eq(users.id, uid), isNull(users.deletedAt)))})` : null,
      eventType: event.eventType,
      metadata: event.metadata,
      day: eventDay(event, at),
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: events.id });
  return rows.length > 0;
}
