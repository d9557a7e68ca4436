import { describe, expect, it } from 'vitest';
import { LEDGER_NOTE_MAX, ledgerNote, reserveRequestSchema } from '../credits.js';
import { creditLedgerPageSchema, ledgerQuerySchema } from '../ledger.js';

describe('ledger contracts', () => {
  it('keeps a reserve without a source valid (callers may say it later)', () => {
    expect(reserveRequestSchema.parse({ userId: 'u', feature: 'credits', amount: 1, key: 'k' })).toEqual({ userId: 'u', feature: 'credits', amount: 1, key: 'k' });
    expect(reserveRequestSchema.parse({ userId: 'u', feature: 'credits', amount: 20, key: 'k', source: 'video' }).source).toBe('video');
    expect(reserveRequestSchema.safeParse({ userId: 'u', feature: 'credits', amount: 1, key: 'k', source: 'sculpture' }).success).toBe(false);
  });

  it('reads the page query: 20 by default, 1 to 100', () => {
    expect(ledgerQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(ledgerQuerySchema.parse({ limit: '5', cursor: 'abc' })).toEqual({ limit: 5, cursor: 'abc' });
    expect(ledgerQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(ledgerQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('has signed amounts and a nullable source', () => {
    const page = {
      items: [
        { id: '1', at: '2025-03-10T12:00:00.000Z', feature: 'credits', kind: 'refund', amount: 20, key: 'g', source: 'video', note: 'red dress' },
        { id: '2', at: '2025-03-10T11:00:00.000Z', feature: 'credits', kind: 'charge', amount: -20, key: 'g', source: null, note: null },
      ],
      nextCursor: null,
    };
    expect(creditLedgerPageSchema.parse(page)).toEqual(page);
  });

  it('makes a note of a prompt: one line, cut at 80 characters with an ellipsis, never inside a character', () => {
    expect(ledgerNote('  red silk\n\tslip dress ')).toBe('red silk slip dress');
    expect(ledgerNote('   ')).toBeUndefined();
    expect(ledgerNote(null)).toBeUndefined();
    const emoji = ledgerNote('👗'.repeat(100))!;
    expect(Array.from(emoji)).toHaveLength(LEDGER_NOTE_MAX);
    expect(emoji.endsWith('👗…')).toBe(true);
    expect(ledgerNote('x'.repeat(LEDGER_NOTE_MAX))).toBe('x'.repeat(LEDGER_NOTE_MAX));
    // A flag is two code points and one character: cut between flags, never inside one.
    const flags = ledgerNote('🇫🇷'.repeat(100))!;
    expect(flags).toBe(`${'🇫🇷'.repeat(LEDGER_NOTE_MAX - 1)}…`);
  });
});
