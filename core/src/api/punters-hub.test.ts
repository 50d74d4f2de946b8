import { describe, expect, it } from 'vitest';
import { REQUESTS, bettingCode, expectEveryFieldChecked, firstMessage } from '../../test/api-fixtures';
import {
  bettingCodeListEntrySchema,
  bettingCodeSchema,
  buyOrGetGameRequestSchema,
  createCodeRequestSchemaFor,
  myGameSchema,
  oddSchema,
} from './punters-hub';

describe('Punters Hub bodies', () => {
  it('betting code: all SPEC fields; the public list may hide the code', () => {
    expectEveryFieldChecked(bettingCodeSchema, bettingCode);
    const { game_code: _hidden, ...withoutCode } = bettingCode;
    expect(bettingCodeListEntrySchema.safeParse(withoutCode).success).toBe(true);
    expect(bettingCodeSchema.safeParse({ ...bettingCode, status: 'Paused' }).success).toBe(false);
    expect(bettingCodeSchema.safeParse({ ...bettingCode, win_count: 1.5 }).success).toBe(false);
  });

  it('create-code takes odds as SPEC pattern, and prices by permission', () => {
    const valid = REQUESTS.createCode!;
    const monetizing = createCodeRequestSchemaFor(true);
    const free = createCodeRequestSchemaFor(false);
    expect(monetizing.parse(valid).odd).toBe(3.5);
    expect(monetizing.parse({ ...valid, odd: 2 }).odd).toBe(2);
    expect(firstMessage(monetizing, { ...valid, odd: '3,50' })).toBe('Please enter a valid float value (e.g., 3.50)');
    expect(firstMessage(monetizing, { ...valid, odd: '-1' })).toBe('Please enter a valid float value (e.g., 3.50)');
    expect(firstMessage(monetizing, { ...valid, odd: -1 })).toBe('Please enter a valid float value (e.g., 3.50)');
    expect(firstMessage(monetizing, { ...valid, amount: 300 })).toBe('Price must be 0, 100, 200 or 500');
    expect(firstMessage(free, valid)).toBe('Price must be 0');
    expect(free.safeParse({ ...valid, amount: 0 }).success).toBe(true);
    expect(firstMessage(monetizing, { ...valid, endDate: '2026-11-22T11:00' })).toBe('End date must be after start date');
    expect(firstMessage(monetizing, { ...valid, platform: 'betking' })).toBe(
      'Platform must be one of sportybet, bet9ja, 1xbet, nairabet',
    );
    expect(firstMessage(monetizing, { ...valid, startDate: 'tomorrow' })).toBe('Must be a date and time');
  });

  it('odds: non-negative decimals only', () => {
    expect(oddSchema.parse(' 3.50 ')).toBe(3.5);
    expect(oddSchema.parse('0')).toBe(0);
    for (const value of ['abc', '3.', '', '1e3', null]) {
      expect(firstMessage(oddSchema, value)).toBe('Please enter a valid float value (e.g., 3.50)');
    }
  });

  it('buy-or-get-game takes only a listed price (0 means free)', () => {
    const schema = buyOrGetGameRequestSchema;
    for (const amount of [0, 100, 200, 500]) expect(schema.safeParse({ game_id: 'g', amount }).success).toBe(true);
    for (const amount of [50, -100, 100.5, 1000]) {
      expect(firstMessage(schema, { game_id: 'g', amount })).toBe('Price must be 0, 100, 200 or 500');
    }
  });

  it('my-games keeps the fields SPEC does not show', () => {
    // Firestore times become epoch milliseconds.
    const doc = {
      user_id: 'u_123',
      timestamp: { seconds: 10, nanoseconds: 0 },
      title: 'Sunday banker',
      punter_name: 'ada_o',
      status: 'Active',
      amount: 100,
      platform: 'bet9ja',
      game_code: 'BC12345',
      odd: 3.5,
    };
    const parsed = myGameSchema.parse(doc);
    expect(parsed.timestamp).toBe(10_000);
    expect(parsed.odd).toBe(3.5);
    expect(myGameSchema.safeParse({ ...doc, user_id: undefined }).success).toBe(false);
    expect(myGameSchema.safeParse({ ...doc, amount: -100 }).success).toBe(false);
  });
});
