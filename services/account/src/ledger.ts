import { ledgerNote, type LimitReached, type RefundResponse, type ReserveRequest, type ReserveResponse } from '@atelier/contracts';
import { HttpError, type Db } from '@atelier/kit';
import { chargePeriod, creditPeriod, findMovement, insertMovement, periodFigures, setMovementResult, type MovementResult } from './db/ledger.js';
import { findUserById, type UserRow } from './db/users.js';
import { remainingOf } from './domain/limits.js';
import { currentPeriodRow } from './limits.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user behind an id from another service; 404 when there is none. */
export async function userForLedger(db: Db, userId: string): Promise<UserRow> {
  const user = UUID.test(userId) ? await findUserById(db, userId) : null;
  if (!user) throw new HttpError(404, 'Unknown user');
  return user;
}

export type ReserveOutcome = { status: 200; body: ReserveResponse } | { status: 402; body: LimitReached };

const LIMIT_MESSAGES = { credits: 'Not enough credits', avatar: 'Photoshoot limit reached' } as const;

/**
 * Charges `amount` to the feature's counter of the user's current period, once per key: the movement
 * row (unique by kind and key) is inserted first, so a repeat — even a concurrent one — finds it and
 * replays the stored answer instead of charging again. A refused reserve is recorded too.
 */
export async function reserve(db: Db, request: ReserveRequest, now: Date): Promise<ReserveOutcome> {
  const user = await userForLedger(db, request.userId);
  const period = await currentPeriodRow(db, user, now);
  const outcome = await db.transaction(async (tx): Promise<MovementResult> => {
    const id = await insertMovement(tx, {
      userId: user.id,
      periodId: period.id,
      feature: request.feature,
      amount: request.amount,
      kind: 'reserve',
      key: request.key,
      source: request.source ?? null,
      note: ledgerNote(request.note) ?? null,
      createdAt: now,
    });
    if (id === null) {
      const existing = await findMovement(tx, 'reserve', request.key);
      if (!existing?.result) throw new Error('reserve movement without a result');
      if (existing.userId !== user.id || existing.feature !== request.feature || existing.amount !== request.amount) {
        throw new HttpError(409, 'This key was already used for a different reserve');
      }
      return existing.result;
    }
    const charged = await chargePeriod(tx, period.id, request.feature, request.amount);
    let result: MovementResult;
    if (charged) {
      result = { status: 200, body: { remaining: remainingOf(charged.used, charged.limit) } };
    } else {
      const { used, limit } = await periodFigures(tx, period.id, request.feature);
      result = { status: 402, body: { error: LIMIT_MESSAGES[request.feature], limitReached: true, used, limit } };
    }
    await setMovementResult(tx, id, result);
    return result;
  });
  return outcome as ReserveOutcome;
}

/**
 * Gives back what the reserve of `key` charged, to the period it charged, once: the refund movement is
 * unique by key too. An unknown key, a refused reserve or a second refund refunds 0.
 */
export async function refund(db: Db, key: string, now: Date): Promise<RefundResponse> {
  return db.transaction(async (tx) => {
    const reserved = await findMovement(tx, 'reserve', key);
    if (!reserved || reserved.result?.status !== 200) return { refunded: 0 };
    const id = await insertMovement(tx, {
      userId: reserved.userId,
      periodId: reserved.periodId,
      feature: reserved.feature,
      amount: reserved.amount,
      kind: 'refund',
      key,
      source: reserved.source,
      note: reserved.note,
      createdAt: now,
      result: { status: 200, body: { refunded: reserved.amount } },
    });
    if (id === null) return { refunded: 0 };
    await creditPeriod(tx, reserved.periodId, reserved.feature, reserved.amount);
    return { refunded: reserved.amount };
  });
}
