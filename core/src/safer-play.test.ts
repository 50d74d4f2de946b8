import { describe, expect, it } from 'vitest';
import {
  LIMIT_RAISE_DELAY_MS,
  NO_LIMIT,
  changeLimit,
  lagosDay,
  limitAt,
  limitRefusal,
  pauseEnd,
  pauseMessage,
  periodDays,
  pruneUsage,
  shownDuringPause,
  usedInPeriod,
  type LimitSetting,
} from './safer-play';

// 2026-11-24T22:30:00Z is 23:30 in Lagos (UTC+1): still the 24th there; 23:30Z is 00:30 on the 25th.
const LATE_24TH = Date.parse('2026-11-24T22:30:00Z');
const EARLY_25TH = Date.parse('2026-11-24T23:30:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('days and periods', () => {
  it('a day is the Lagos calendar day (UTC+1)', () => {
    expect(lagosDay(LATE_24TH)).toBe('2026-11-24');
    expect(lagosDay(EARLY_25TH)).toBe('2026-11-25');
  });
  it('a week is the last 7 Lagos days and a month the last 30, today first', () => {
    expect(periodDays('day', EARLY_25TH)).toEqual(['2026-11-25']);
    expect(periodDays('week', EARLY_25TH)).toEqual([
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
    ]);
    const month = periodDays('month', EARLY_25TH);
    expect(month).toHaveLength(30);
    expect(month.at(-1)).toBe('2026-10-27');
  });
  it('usage adds the days of the period; pruning keeps only the month', () => {
    const usage = { '2026-11-25': 100, '2026-11-24': 200, '2026-11-19': 400, '2026-11-18': 800, '2026-10-26': 1_600 };
    expect(usedInPeriod(usage, 'day', EARLY_25TH)).toBe(100);
    expect(usedInPeriod(usage, 'week', EARLY_25TH)).toBe(700); // 100 + 200 + 400; the 18th is 8 days back
    expect(usedInPeriod(usage, 'month', EARLY_25TH)).toBe(1_500); // the 26th of October is day 31
    expect(pruneUsage(usage, EARLY_25TH)).toEqual({ '2026-11-25': 100, '2026-11-24': 200, '2026-11-19': 400, '2026-11-18': 800 });
  });
});

describe('changing a limit', () => {
  const now = LATE_24TH;
  const fiveK: LimitSetting = { amount_kobo: 500_000, pending: null };
  it('a first limit, or a lower one, applies at once', () => {
    expect(changeLimit(NO_LIMIT, 500_000, now)).toEqual(fiveK);
    expect(changeLimit(fiveK, 200_000, now)).toEqual({ amount_kobo: 200_000, pending: null });
  });
  it('a higher limit or none waits 24 hours, then is in force', () => {
    const raised = changeLimit(fiveK, 1_000_000, now);
    expect(raised).toEqual({
      amount_kobo: 500_000,
      pending: { amount_kobo: 1_000_000, effective_at: now + LIMIT_RAISE_DELAY_MS },
    });
    expect(limitAt(raised, now + LIMIT_RAISE_DELAY_MS - 1).amount_kobo).toBe(500_000);
    expect(limitAt(raised, now + LIMIT_RAISE_DELAY_MS)).toEqual({ amount_kobo: 1_000_000, pending: null });
    expect(changeLimit(fiveK, null, now).pending).toEqual({ amount_kobo: null, effective_at: now + LIMIT_RAISE_DELAY_MS });
  });
  it('lowering while a raise waits drops the raise; asking for the limit in force drops it too', () => {
    const raised = changeLimit(fiveK, 1_000_000, now);
    expect(changeLimit(raised, 300_000, now + 1)).toEqual({ amount_kobo: 300_000, pending: null });
    expect(changeLimit(raised, 500_000, now + 1)).toEqual(fiveK);
  });
});

describe('limitRefusal', () => {
  const limits = {
    day: { amount_kobo: 500_000, pending: null },
    week: { amount_kobo: 2_000_000, pending: null },
    month: NO_LIMIT,
  };
  const usage = { '2026-11-24': 380_000, '2026-11-20': 1_500_000 };
  it('allows what fits every limit', () => {
    expect(limitRefusal('spend', 120_000, limits, usage, LATE_24TH)).toBeNull(); // 380k + 120k = 500k, the daily limit exactly
  });
  it('names the first limit passed and what is left', () => {
    // ₦3,800 used today of ₦5,000: ₦1,200 left.
    expect(limitRefusal('spend', 120_100, limits, usage, LATE_24TH)).toBe(
      'This would take you past your daily spending limit of ₦5,000 (₦1,200 left today).',
    );
    // The next Lagos day starts fresh, but the week holds ₦18,800 of ₦20,000: ₦1,200 left.
    expect(limitRefusal('deposit', 200_000, limits, usage, EARLY_25TH)).toBe(
      'This would take you past your weekly deposit limit of ₦20,000 (₦1,200 left this week).',
    );
  });
});

describe('a pause', () => {
  it('a break ends after its hours; a self-exclusion after calendar months', () => {
    expect(pauseEnd({ kind: 'break', option: '24h' }, LATE_24TH)).toBe(LATE_24TH + DAY);
    expect(pauseEnd({ kind: 'break', option: '6w' }, LATE_24TH)).toBe(LATE_24TH + 42 * DAY);
    expect(new Date(pauseEnd({ kind: 'exclusion', option: '6m' }, LATE_24TH)).toISOString()).toBe('2027-05-24T22:30:00.000Z');
    expect(new Date(pauseEnd({ kind: 'exclusion', option: '5y' }, LATE_24TH)).toISOString()).toBe('2031-11-24T22:30:00.000Z');
  });
  it('says what is closed and that withdrawing stays open', () => {
    expect(pauseMessage('break', Date.parse('2026-12-01T10:00:00Z'))).toBe(
      'You are taking a break until 2026-12-01. Top-ups, betting codes, pots and signals are closed until then; you can still withdraw your money.',
    );
    expect(pauseMessage('exclusion', Date.parse('2027-05-24T10:00:00Z'))).toMatch(
      /^You have excluded yourself until 2027-05-24\./,
    );
  });
});

describe('notifications during a pause (ADR 0025)', () => {
  it("shows the user's own money going out or coming back and the pause itself; holds the rest", () => {
    for (const type of [
      'WITHDRAWAL',
      'WITHDRAWAL_SUCCESS',
      'WITHDRAWAL_REVERSED',
      'REFUND',
      'POT_PAYOUT',
      'FUNDING',
      'SAFER_PLAY',
    ])
      expect(shownDuringPause(type)).toBe(true);
    for (const type of [
      'REFERRAL_BONUS',
      'ESCROW_RELEASE',
      'SUBSCRIPTION_EXPIRING',
      'BUY_GAME',
      'JOIN_AUTO_TRADA',
      'SOMETHING_NEW',
    ])
      expect(shownDuringPause(type)).toBe(false);
  });
});
