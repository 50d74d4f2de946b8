import { describe, expect, it } from 'vitest';
import { expectEveryFieldChecked } from '../../test/api-fixtures';
import { myPotSchema, potParticipantSchema, tradingPotSchema } from './pots';

describe('pot documents (times become epoch milliseconds)', () => {
  const pot = {
    id: 'pot_1',
    pot_volume: 5_000_000,
    raised_amount: 1_000_000,
    investors_count: 12,
    percentage: 10,
    status: 'Raising',
    timestamp: { toMillis: () => 1_700_000_000_000 },
    raising_to: new Date(1_700_100_000_000),
    trade_from: '2026-12-01T00:00:00.000Z',
    trade_to: { seconds: 1_800_000_000, nanoseconds: 500_000_000 },
    duration: 3,
    type: 'Sports',
    manager: 'Mc Dasaint',
    terms: 'Terms text',
    managers_number: '2348012345678',
  };

  it('trading pot', () => {
    const parsed = tradingPotSchema.parse(pot);
    expect(parsed.timestamp).toBe(1_700_000_000_000);
    expect(parsed.raising_to).toBe(1_700_100_000_000);
    expect(parsed.trade_from).toBe(Date.parse('2026-12-01T00:00:00.000Z'));
    expect(parsed.trade_to).toBe(1_800_000_000_500);
    expect(tradingPotSchema.safeParse({ ...pot, pot_volume: -1 }).success).toBe(false);
    expect(tradingPotSchema.safeParse({ ...pot, investors_count: 'many' }).success).toBe(false);
    expect(tradingPotSchema.safeParse({ ...pot, raising_to: 'not a date' }).success).toBe(false);
    const { manager: _m, ...withoutManager } = pot;
    expect(tradingPotSchema.safeParse(withoutManager).success).toBe(false);
  });

  it('pot participant', () => {
    const participant = {
      pot_id: 'pot_1',
      name: 'Ada O.',
      amount: 10_000,
      total: 11_000,
      roi: 1000,
      trading_capital: 10_000,
      status: 'Pending',
      timestamp: null,
    };
    // A pending server timestamp reads as null; a document without one is refused.
    expectEveryFieldChecked(potParticipantSchema, participant);
    expect(potParticipantSchema.parse(participant).timestamp).toBeNull();
    // The owner's own copy in 'my-pots' carries the user id.
    expectEveryFieldChecked(myPotSchema, { ...participant, user_id: 'u_123' });
  });
});
