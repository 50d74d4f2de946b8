import { describe, expect, it } from 'vitest';
import {
  CLEAR_DOCUMENTS_FAILURE_PREFIX,
  CLEAR_DOCUMENTS_SUCCESS,
  SIGNAL_CATEGORIES,
  SIGNAL_DOCUMENT_STATUS,
  SIGNAL_EMPTY_STATE,
  SIGNAL_GROUPS,
  SIGNAL_POST_STATUSES,
  SIGNAL_POST_SUCCESS,
  SIGNAL_TARGET_GROUPS,
  STAKE_LADDER_KOBO,
  STAKE_LADDER_NAIRA,
  SignalInputError,
  buildSignalDocument,
  capitalRangeLabel,
  clearDocumentsFailureMessage,
  formatSignalTime,
  signalGroup,
  signalMatchesCategory,
  signalsForCategory,
  signalReachesCategory,
  stakeTable,
} from './signals';

const LADDER = [
  100, 120, 145, 175, 210, 250, 300, 360, 435, 520, 625, 750, 900, 1080, 1300, 1560, 1870, 2240, 2690, 3230, 3870, 4650, 5570,
  6690, 8030, 9630, 11560, 13870, 16640, 19970,
];

describe('stake ladder', () => {
  it('has the 30 steps of SPEC, first to 30th', () => {
    expect([...STAKE_LADDER_NAIRA]).toEqual(LADDER);
    expect(STAKE_LADDER_KOBO).toEqual(LADDER.map((n) => n * 100));
  });
  it('rises strictly at every step', () => {
    for (let i = 1; i < STAKE_LADDER_KOBO.length; i += 1) {
      expect(STAKE_LADDER_KOBO[i]!).toBeGreaterThan(STAKE_LADDER_KOBO[i - 1]!);
    }
  });
});

describe('signal groups', () => {
  it('offers the categories A, B, C, C Sub in that order', () => {
    expect([...SIGNAL_CATEGORIES]).toEqual(['A', 'B', 'C', 'C Sub']);
    expect(SIGNAL_GROUPS.map((g) => g.category)).toEqual(['A', 'B', 'C', 'C Sub']);
  });
  it('A needs ₦120,000 and uses all 30 stakes', () => {
    const a = signalGroup('A');
    expect(a.minCapitalKobo).toBe(12_000_000);
    expect(a.maxCapitalKobo).toBeNull();
    expect(a.stakesKobo).toHaveLength(30);
    expect(a.stakesKobo).toEqual(STAKE_LADDER_KOBO);
    expect(capitalRangeLabel('A')).toBe('₦120,000');
  });
  it('B needs ₦48,000 and uses the first 25 stakes', () => {
    const b = signalGroup('B');
    expect(b.minCapitalKobo).toBe(4_800_000);
    expect(b.stakesKobo).toEqual(LADDER.slice(0, 25).map((n) => n * 100));
    expect(b.stakesKobo.at(-1)).toBe(803_000);
    expect(capitalRangeLabel('B')).toBe('₦48,000');
  });
  it('C needs ₦20,000 and uses the first 20 stakes', () => {
    const c = signalGroup('C');
    expect(c.minCapitalKobo).toBe(2_000_000);
    expect(c.stakesKobo).toHaveLength(20);
    expect(c.stakesKobo.at(-1)).toBe(323_000);
    expect(capitalRangeLabel('C')).toBe('₦20,000');
  });
  it('C Sub is ₦5,000 to ₦20,000 with 4 stakes of ₦100', () => {
    const sub = signalGroup('C Sub');
    expect(sub.minCapitalKobo).toBe(500_000);
    expect(sub.maxCapitalKobo).toBe(2_000_000);
    expect(sub.stakesKobo).toEqual([10_000, 10_000, 10_000, 10_000]);
    expect(capitalRangeLabel('C Sub')).toBe('₦5,000 - ₦20,000');
  });
  it('minimum target is ₦500, and ₦200 for C Sub', () => {
    expect(signalGroup('A').minTargetKobo).toBe(50_000);
    expect(signalGroup('B').minTargetKobo).toBe(50_000);
    expect(signalGroup('C').minTargetKobo).toBe(50_000);
    expect(signalGroup('C Sub').minTargetKobo).toBe(20_000);
  });
  it('builds the stake table rows with display amounts', () => {
    const rows = stakeTable('C');
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({ step: 1, stakeKobo: 10_000, stake: '₦100' });
    expect(rows[13]).toEqual({ step: 14, stakeKobo: 108_000, stake: '₦1,080' });
    expect(stakeTable('A')[29]).toEqual({ step: 30, stakeKobo: 1_997_000, stake: '₦19,970' });
    expect(stakeTable('C Sub').map((r) => r.stake)).toEqual(['₦100', '₦100', '₦100', '₦100']);
  });
});

describe('target groups and categories', () => {
  it('posters target A, B, C, C sub', () => {
    expect([...SIGNAL_TARGET_GROUPS]).toEqual(['A', 'B', 'C', 'C sub']);
  });
  it('matches a posted group to the reader category, ignoring the case of "sub"', () => {
    expect(signalMatchesCategory('C sub', 'C Sub')).toBe(true);
    expect(signalMatchesCategory('A', 'A')).toBe(true);
    expect(signalMatchesCategory(' B ', 'B')).toBe(true);
    expect(signalMatchesCategory('C sub', 'C')).toBe(false);
    expect(signalMatchesCategory('A', 'B')).toBe(false);
  });
});

describe('signalsForCategory', () => {
  const feed = [
    { id: 1, group: 'A', title: 'Start Trading' },
    { id: 2, group: 'C sub', title: 'Pre-signal' },
    { id: 3, group: 'B', title: 'Boom' },
    { id: 4, group: 'C sub', title: 'Start Trading' },
    { id: 5, group: 'C', title: 'Pre-signal' },
  ];
  it("shows a reader only their category's signals, in order", () => {
    expect(signalsForCategory(feed, 'C Sub').map((s) => s.id)).toEqual([2, 4]);
    expect(signalsForCategory(feed, 'C').map((s) => s.id)).toEqual([5]);
    expect(signalsForCategory(feed, 'A').map((s) => s.id)).toEqual([1]);
  });
  it("gives a Stop Trading posted to any group to every category's readers ('All category can stop trading now')", () => {
    const stop = { id: 6, group: 'B', title: 'Stop Trading' };
    const withStop = [...feed, stop];
    for (const category of SIGNAL_CATEGORIES) expect(signalsForCategory(withStop, category)).toContain(stop);
    expect(signalsForCategory(withStop, 'A').map((s) => s.id)).toEqual([1, 6]);
    expect(signalReachesCategory(stop, 'C Sub')).toBe(true);
    expect(signalReachesCategory({ group: 'B', title: 'Start Trading' }, 'A')).toBe(false);
  });
  it('shows a poster (no category) the whole feed as a new array', () => {
    const all = signalsForCategory(feed, null);
    expect(all).toEqual(feed);
    expect(all).not.toBe(feed);
  });
});

describe('posting statuses', () => {
  it('pairs each status label with its SPEC message', () => {
    expect(SIGNAL_POST_STATUSES.map((s) => [s.label, s.message])).toEqual([
      ['Pre-signal', 'ready to trade'],
      ['Start Trading', 'start trading'],
      ['Stop Trading', 'All category can stop trading now'],
      ['Boom', 'Boom, game played'],
    ]);
  });
  it('builds the document a poster creates: title = label, details = message, status Active, no timestamp', () => {
    const doc = buildSignalDocument({ status: 'stop', group: 'C sub', createdAt: new Date('2026-11-22T07:00:00Z') });
    expect(doc).toEqual({
      title: 'Stop Trading',
      details: 'All category can stop trading now',
      group: 'C sub',
      status: 'Active',
      created_at: '2026-11-22T07:00:00.000Z',
    });
    expect(SIGNAL_DOCUMENT_STATUS).toBe('Active');
    expect('timestamp' in doc).toBe(false);
  });
  it('accepts the status by id or by label', () => {
    const at = new Date(0);
    expect(buildSignalDocument({ status: 'pre-signal', group: 'A', createdAt: at }).details).toBe('ready to trade');
    expect(buildSignalDocument({ status: 'Start Trading', group: 'B', createdAt: at }).details).toBe('start trading');
    expect(buildSignalDocument({ status: 'boom', group: 'C', createdAt: at })).toMatchObject({
      title: 'Boom',
      details: 'Boom, game played',
    });
  });
  it('refuses an unknown status, an unknown group or an invalid date', () => {
    const at = new Date(0);
    expect(() => buildSignalDocument({ status: 'Win', group: 'A', createdAt: at })).toThrow(SignalInputError);
    expect(() => buildSignalDocument({ status: 'boom', group: 'D', createdAt: at })).toThrow('Unknown signal group: D');
    expect(() => buildSignalDocument({ status: 'boom', group: 'C Sub', createdAt: at })).toThrow(SignalInputError);
    expect(() => buildSignalDocument({ status: 'boom', group: 'A', createdAt: new Date('x') })).toThrow(
      'createdAt must be a valid date',
    );
  });
});

describe('messages', () => {
  it('has the feed empty state and the post / clear toasts of SPEC', () => {
    expect(SIGNAL_EMPTY_STATE).toBe('Waiting for signal...');
    expect(SIGNAL_POST_SUCCESS).toBe('Message sent successfully');
    expect(CLEAR_DOCUMENTS_SUCCESS).toBe('All documents successfully deleted!');
    expect(CLEAR_DOCUMENTS_FAILURE_PREFIX).toBe('Error deleting documents: ');
  });
  it('appends the error to the clear failure message', () => {
    expect(clearDocumentsFailureMessage(new Error('permission-denied'))).toBe('Error deleting documents: permission-denied');
    expect(clearDocumentsFailureMessage('offline')).toBe('Error deleting documents: offline');
  });
});

describe('formatSignalTime', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0); // 22 Nov 2026 13:00 in Lagos
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  it("reads 'now' under 60 seconds, and for times slightly in the future", () => {
    expect(formatSignalTime(now, now)).toBe('now');
    expect(formatSignalTime(now, now - 59_999)).toBe('now');
    expect(formatSignalTime(now, now + 5 * s)).toBe('now');
  });
  it('reads whole minutes from 60 seconds to under an hour', () => {
    expect(formatSignalTime(now, now - 60 * s)).toBe('1m');
    expect(formatSignalTime(now, now - 5 * m - 30 * s)).toBe('5m');
    expect(formatSignalTime(now, now - h + 1)).toBe('59m');
  });
  it('reads whole hours from an hour to under a day', () => {
    expect(formatSignalTime(now, now - h)).toBe('1h');
    expect(formatSignalTime(now, now - 3 * h - 59 * m)).toBe('3h');
    expect(formatSignalTime(now, now - 24 * h + 1)).toBe('23h');
  });
  it("reads 'yesterday' from 24 to under 48 hours", () => {
    expect(formatSignalTime(now, now - 24 * h)).toBe('yesterday');
    expect(formatSignalTime(now, now - 48 * h + 1)).toBe('yesterday');
  });
  it('reads a Lagos date beyond that, with the year only when it differs', () => {
    expect(formatSignalTime(now, now - 48 * h)).toBe('20 Nov');
    // 31 Dec 2025 23:30 UTC is 1 Jan 2026 00:30 in Lagos.
    expect(formatSignalTime(now, Date.UTC(2025, 11, 31, 23, 30))).toBe('1 Jan');
    expect(formatSignalTime(now, Date.UTC(2025, 11, 31, 22, 30))).toBe('31 Dec 2025');
  });
  it('accepts Date objects and is blank for invalid times', () => {
    expect(formatSignalTime(new Date(now), new Date(now - 2 * h))).toBe('2h');
    expect(formatSignalTime(new Date(now), new Date('not a date'))).toBe('');
    expect(formatSignalTime(Number.NaN, now)).toBe('');
  });
  it("reads 'now' while the server timestamp is pending", () => {
    expect(formatSignalTime(now, null)).toBe('now');
    expect(formatSignalTime(new Date(now), undefined)).toBe('now');
    expect(formatSignalTime(Number.NaN, null)).toBe('');
  });
});
