import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatApiNaira,
  formatDateTime,
  formatDay,
  formatLagosDateTime,
  formatLagosDay,
  formatLagosIsoDay,
  fromLagosInput,
  lagosYear,
  toLagosInput,
} from '@/lib/format';

// Moments across a year, both halves of a day, single- and double-digit days, and each month's name.
const MOMENTS = [
  ...Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, month + 1, (month * 5) % 24, (month * 7) % 60)),
  Date.UTC(2026, 11, 31, 23, 30),
  Date.UTC(2027, 0, 1, 0, 5),
  Date.UTC(2024, 1, 29, 12, 0),
];

describe('dates written by hand', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("read as Intl.DateTimeFormat('en-NG') writes them in Africa/Lagos, whatever the machine's time zone (issue 34 point 7)", () => {
    const dateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });
    const day = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Africa/Lagos']) {
      vi.stubEnv('TZ', tz);
      for (const ms of MOMENTS) {
        const iso = new Date(ms).toISOString();
        expect(formatDateTime(iso)).toBe(dateTime.format(ms));
        expect(formatDay(iso)).toBe(day.format(ms));
      }
    }
  });

  it("the console's 'Trading at' and the pot page's 'Starts On' name the same Lagos day from New York or UTC", () => {
    // 23:05 UTC on 4 December is 00:05 on 5 December in Lagos (the seeded pot's edge in issue 34).
    const iso = '2026-12-04T23:05:00.000Z';
    for (const tz of ['UTC', 'America/New_York']) {
      vi.stubEnv('TZ', tz);
      expect(formatDateTime(iso)).toBe('5 Dec 2026, 00:05');
      expect(formatDay(iso)).toBe('5 Dec 2026');
      expect(formatLagosIsoDay(Date.parse(iso))).toBe('2026-12-05');
      expect(lagosYear(Date.parse('2026-12-31T23:30:00Z'))).toBe(2027);
    }
  });

  it('datetime-local inputs are Lagos wall-clock time, there and back', () => {
    for (const tz of ['UTC', 'America/New_York']) {
      vi.stubEnv('TZ', tz);
      expect(toLagosInput('2026-12-01T12:00:00.000Z')).toBe('2026-12-01T13:00');
      expect(fromLagosInput('2026-12-01T13:00')).toBe('2026-12-01T12:00:00.000Z');
      expect(fromLagosInput('2026-12-01T13:00:30')).toBe('2026-12-01T12:00:30.000Z');
      expect(fromLagosInput(toLagosInput('2027-01-02T23:30:00.000Z'))).toBe('2027-01-02T23:30:00.000Z');
    }
    expect(toLagosInput(null)).toBe('');
    expect(fromLagosInput('soon')).toBe('soon');
  });

  it('give the day in Lagos (UTC+1) for a subscription, whatever the time zone', () => {
    const lagos = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });
    for (const ms of MOMENTS) expect(formatLagosDay(ms)).toBe(lagos.format(ms));
    // 23:30 UTC on 24 December is already the 25th in Lagos.
    expect(formatLagosDay(Date.UTC(2026, 11, 24, 23, 30))).toBe('25 Dec 2026');
    expect(formatLagosDay(Date.UTC(2026, 8, 3, 10, 0))).toBe('3 Sept 2026');
  });

  it('give the day and time in Lagos (UTC+1) for a held payout, whatever the time zone', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(formatLagosDateTime('2026-12-24T23:30:00.000Z')).toBe('25 Dec 2026, 00:30');
    vi.stubEnv('TZ', 'America/New_York');
    expect(formatLagosDateTime('2026-09-03T10:05:00.000Z')).toBe('3 Sept 2026, 11:05');
    for (const bad of [null, undefined, '', 'not a date']) expect(formatLagosDateTime(bad)).toBe('');
  });

  it('fixed examples, and nothing for a missing or unusable date', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(formatDateTime('2026-12-25T14:05:00Z')).toBe('25 Dec 2026, 15:05');
    expect(formatDateTime('2026-01-03T00:30:00Z')).toBe('3 Jan 2026, 01:30');
    expect(formatDay('2026-07-09T23:59:00Z')).toBe('10 Jul 2026');
    vi.stubEnv('TZ', 'Africa/Lagos');
    expect(formatDateTime('2026-07-09T23:59:00Z')).toBe('10 Jul 2026, 00:59');
    for (const bad of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(bad)).toBe('');
      expect(formatDay(bad)).toBe('');
    }
  });

  it('naira from the API', () => {
    expect(formatApiNaira(12345.6)).toBe('₦12,346');
    expect(formatApiNaira(-5)).toBe('-₦5');
    expect(formatApiNaira(Number.NaN)).toBe('₦0');
  });
});
