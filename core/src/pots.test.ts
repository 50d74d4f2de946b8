import { describe, expect, it } from 'vitest';
import { MAX_KOBO, MoneyError } from './money';
import {
  participantDisplayName,
  nextPotStatus,
  participantResultKobo,
  participantStatusFor,
  potsForTab,
  AVAILABLE_POTS_TITLE,
  BACK_TO_POTS_LABEL,
  CLICK_TO_CHAT_LABEL,
  COUNTDOWN_REFRESH_MS,
  JOIN_BUSY_LABEL,
  JOIN_BUTTON_LABEL,
  JOIN_DIALOG_TITLE,
  JOIN_ERROR_INSUFFICIENT_FUNDS,
  JOIN_ERROR_MINIMUM,
  JOIN_NOW_LABEL,
  NO_ACTIVE_POT,
  NO_PARTICIPANT_YET,
  PAIDOUT_LABEL,
  PARTICIPANTS_FETCH_ERROR,
  PARTICIPANT_INITIAL_STATUS,
  POT_DETAILS_TITLE,
  POT_JOINED,
  POT_MIN_JOIN_KOBO,
  POT_NOT_FOUND,
  REFERRAL_BONUS_AFTER_DUE_PERCENT,
  REFERRAL_BONUS_INSTANT_PERCENT,
  REFERRAL_BONUS_PERCENT,
  SUPPORT_FUNDING_THRESHOLD_KOBO,
  TRADING_AMOUNT_HINT,
  TRADING_AMOUNT_LABEL,
  TRADING_LABEL,
  WITHDRAW_BLOCKED_RAISING,
  ZERO_COUNTDOWN,
  canJoinPot,
  checkPotJoin,
  durationLabel,
  formatPotDate,
  fundingNeedsSupport,
  joinButtonState,
  joinMaximumMessage,
  joinQuote,
  joinRemainingMessage,
  managerChatLink,
  maskDigits,
  participantRoiShownKobo,
  participantsTitle,
  potRoiKobo,
  potStatusView,
  potVolumeDisplay,
  potWithdrawalBlockMessage,
  raisingCountdown,
  referralBonusKobo,
  remainingCapacityKobo,
  validatePotJoin,
  withdrawBlockedTradingMessage,
} from './pots';

const naira = (n: number): number => n * 100;

describe('SPEC strings', () => {
  it('are copied exactly', () => {
    expect(JOIN_ERROR_INSUFFICIENT_FUNDS).toBe('Insufficient funds');
    expect(JOIN_ERROR_MINIMUM).toBe('Minimum amount to join with is ₦10,000');
    expect(JOIN_DIALOG_TITLE).toBe('5% referral bonus');
    expect(TRADING_AMOUNT_LABEL).toBe('Trading amount');
    expect(TRADING_AMOUNT_HINT).toBe('Minimum of ₦10,000');
    expect(JOIN_NOW_LABEL).toBe('Join now');
    expect(JOIN_BUSY_LABEL).toBe('Loading....');
    expect(JOIN_BUTTON_LABEL).toBe('Join');
    expect(PAIDOUT_LABEL).toBe('Paidout');
    expect(TRADING_LABEL).toBe('Trading');
    expect(BACK_TO_POTS_LABEL).toBe('Back to pots');
    expect(POT_DETAILS_TITLE).toBe('Pot Details');
    expect(AVAILABLE_POTS_TITLE).toBe('Available Pots');
    expect(CLICK_TO_CHAT_LABEL).toBe('Click to chat');
    expect(NO_PARTICIPANT_YET).toBe('No participant yet');
    expect(NO_ACTIVE_POT).toBe('No active pot at the moment..');
    expect(POT_NOT_FOUND).toBe('No such document');
    expect(PARTICIPANTS_FETCH_ERROR).toBe('Error fetching participants.');
    expect(POT_JOINED).toBe('Pot joined');
    expect(PARTICIPANT_INITIAL_STATUS).toBe('Pending');
    expect(WITHDRAW_BLOCKED_RAISING).toBe('Sorry, we are still raising and you can not withdraw at the moment.');
  });
  it('SPEC 9 constants', () => {
    expect(POT_MIN_JOIN_KOBO).toBe(1_000_000);
    expect(REFERRAL_BONUS_PERCENT).toBe(5);
    expect(REFERRAL_BONUS_INSTANT_PERCENT + REFERRAL_BONUS_AFTER_DUE_PERCENT).toBe(REFERRAL_BONUS_PERCENT);
    expect(SUPPORT_FUNDING_THRESHOLD_KOBO).toBe(5_000_000);
    expect(COUNTDOWN_REFRESH_MS).toBe(1000);
  });
});

describe('join checks, in SPEC order', () => {
  const ctx = { balanceKobo: naira(100_000), potVolumeKobo: naira(50_000), raisedAmountKobo: naira(30_000) };

  it('accepts an amount that passes every check, edges included', () => {
    expect(checkPotJoin(naira(10_000), ctx)).toEqual({ ok: true });
    expect(checkPotJoin(naira(20_000), ctx)).toEqual({ ok: true }); // exactly the remaining capacity
    expect(checkPotJoin(naira(100_000), { ...ctx, potVolumeKobo: naira(100_000), raisedAmountKobo: 0 })).toEqual({ ok: true }); // exactly the balance and volume
  });
  it('1. more than the balance: Insufficient funds (before every other check)', () => {
    expect(checkPotJoin(naira(100_000) + 1, ctx)).toEqual({ ok: false, error: 'Insufficient funds' });
    // also more than the volume and the remaining, still Insufficient funds first
    expect(checkPotJoin(naira(60_000), { ...ctx, balanceKobo: naira(55_000) })).toEqual({
      ok: false,
      error: 'Insufficient funds',
    });
    // below the minimum but above a tiny balance: Insufficient funds first
    expect(checkPotJoin(naira(5_000), { ...ctx, balanceKobo: naira(1_000) })).toEqual({ ok: false, error: 'Insufficient funds' });
  });
  it('2. more than the pot volume: Maximum amount to join with is ₦{pot volume}', () => {
    expect(checkPotJoin(naira(50_001), ctx)).toEqual({ ok: false, error: 'Maximum amount to join with is ₦50,000' });
    // a pot smaller than the minimum: the maximum message comes before the minimum one
    expect(checkPotJoin(naira(9_000), { ...ctx, potVolumeKobo: naira(8_000), raisedAmountKobo: 0 })).toEqual({
      ok: false,
      error: 'Maximum amount to join with is ₦8,000',
    });
  });
  it('3. less than ₦10,000: Minimum amount to join with is ₦10,000', () => {
    expect(checkPotJoin(naira(10_000) - 1, ctx)).toEqual({ ok: false, error: 'Minimum amount to join with is ₦10,000' });
    expect(checkPotJoin(0, ctx)).toEqual({ ok: false, error: 'Minimum amount to join with is ₦10,000' });
    // below the minimum and above the remaining: the minimum message comes first, unless the room left is
    // itself under the minimum (ADR 0041: then the answer names the one amount that fills it)
    expect(checkPotJoin(naira(9_999), { ...ctx, raisedAmountKobo: naira(35_000) })).toEqual({
      ok: false,
      error: JOIN_ERROR_MINIMUM,
    });
    expect(checkPotJoin(naira(9_999), { ...ctx, raisedAmountKobo: naira(45_000) })).toEqual({
      ok: false,
      error: 'Only ₦5,000 is left in this pot: join with exactly ₦5,000 to fill it',
    });
  });
  it('4. more than the remaining capacity: Amount can only be ₦{remaining} or less', () => {
    expect(checkPotJoin(naira(20_000) + 1, ctx)).toEqual({ ok: false, error: 'Amount can only be ₦20,000 or less' });
    expect(checkPotJoin(naira(10_000), { ...ctx, raisedAmountKobo: naira(50_000) })).toEqual({
      ok: false,
      error: 'Amount can only be ₦0 or less',
    });
    // over-raised pot: remaining is 0, not negative
    expect(checkPotJoin(naira(10_000), { ...ctx, raisedAmountKobo: naira(60_000) })).toEqual({
      ok: false,
      error: 'Amount can only be ₦0 or less',
    });
  });
  it('ADR 0041: a pot is always fillable; a join may not leave room under the minimum, and the last room under it is taken whole', () => {
    // Issue 31 item 12: ₦5,000 left in a ₦50,000 pot. Before, every join was refused and the answer said
    // '₦5,000 or less' while ₦5,000 itself was refused as under the minimum.
    const left5k = { ...ctx, raisedAmountKobo: naira(45_000) };
    expect(checkPotJoin(naira(5_000), left5k)).toEqual({ ok: true });
    for (const amount of [naira(10_000), naira(4_000), naira(5_000) + 1]) {
      expect(checkPotJoin(amount, left5k)).toEqual({
        ok: false,
        error: 'Only ₦5,000 is left in this pot: join with exactly ₦5,000 to fill it',
      });
    }
    // Kobo in the room left are named as they are, never rounded.
    expect(checkPotJoin(naira(10_000), { ...ctx, raisedAmountKobo: naira(45_000) - 50 })).toEqual({
      ok: false,
      error: 'Only ₦5,000.50 is left in this pot: join with exactly ₦5,000.50 to fill it',
    });
    // ₦15,000 left: ₦10,000 would leave ₦5,000 that no one could join with; only the whole room works.
    const left15k = { ...ctx, raisedAmountKobo: naira(35_000) };
    expect(checkPotJoin(naira(10_000), left15k)).toEqual({
      ok: false,
      error: 'This would leave ₦5,000 in the pot, under the ₦10,000 minimum: the only amount that can join now is ₦15,000',
    });
    expect(checkPotJoin(naira(15_000), left15k)).toEqual({ ok: true });
    // ₦25,000 left: up to ₦15,000 leaves room for another join, or all ₦25,000.
    const left25k = { ...ctx, potVolumeKobo: naira(60_000), raisedAmountKobo: naira(35_000) };
    expect(checkPotJoin(naira(15_000), left25k)).toEqual({ ok: true });
    expect(checkPotJoin(naira(25_000), left25k)).toEqual({ ok: true });
    expect(checkPotJoin(naira(20_000), left25k)).toEqual({
      ok: false,
      error: 'This would leave ₦5,000 in the pot, under the ₦10,000 minimum: join with ₦15,000 or less, or exactly ₦25,000',
    });
    // A pot smaller than the minimum is filled by one join of its whole volume.
    expect(checkPotJoin(naira(8_000), { ...ctx, potVolumeKobo: naira(8_000), raisedAmountKobo: 0 })).toEqual({ ok: true });
  });
  it('messages never round a limit up', () => {
    expect(joinMaximumMessage(naira(50_000) + 99)).toBe('Maximum amount to join with is ₦50,000');
    expect(joinRemainingMessage(naira(15_000) + 50)).toBe('Amount can only be ₦15,000 or less');
    expect(joinRemainingMessage(1_234_567_800)).toBe('Amount can only be ₦12,345,678 or less');
  });
  it('remaining capacity is volume minus raised, never below 0', () => {
    expect(remainingCapacityKobo(naira(50_000), naira(30_000))).toBe(naira(20_000));
    expect(remainingCapacityKobo(naira(50_000), naira(50_000))).toBe(0);
    expect(remainingCapacityKobo(naira(50_000), naira(70_000))).toBe(0);
  });
});

describe('validatePotJoin (typed amount)', () => {
  const ctx = { balanceKobo: naira(100_000), potVolumeKobo: naira(50_000), raisedAmountKobo: 0, percentage: 10 };
  it('parses, checks and quotes', () => {
    expect(validatePotJoin('₦15,000', ctx)).toEqual({
      ok: true,
      amountKobo: naira(15_000),
      roiKobo: naira(1_500),
      totalKobo: naira(16_500),
    });
  });
  it('answers parse errors first, then the SPEC checks', () => {
    expect(validatePotJoin('', ctx)).toEqual({ ok: false, error: 'Enter an amount' });
    expect(validatePotJoin('ten', ctx)).toEqual({ ok: false, error: 'Enter a valid amount in naira' });
    expect(validatePotJoin('-10000', ctx)).toEqual({ ok: false, error: 'Amount cannot be negative' });
    expect(validatePotJoin('200000', ctx)).toEqual({ ok: false, error: 'Insufficient funds' });
    expect(validatePotJoin('9999.99', ctx)).toEqual({ ok: false, error: 'Minimum amount to join with is ₦10,000' });
  });
  it('refuses a pot percentage it cannot apply exactly', () => {
    expect(validatePotJoin('10000', { ...ctx, percentage: -1 })).toEqual({ ok: false, error: 'The pot percentage is not valid' });
  });
});

describe('ROI', () => {
  it('expected ROI is the percentage of the amount; total is amount + ROI', () => {
    expect(joinQuote(naira(10_000), 10)).toEqual({ amountKobo: naira(10_000), roiKobo: naira(1_000), totalKobo: naira(11_000) });
    expect(joinQuote(naira(12_345), 7.5)).toEqual({ amountKobo: 1_234_500, roiKobo: 92_588, totalKobo: 1_327_088 }); // 925.875 -> 925.88
    expect(joinQuote(naira(10_000), 0)).toEqual({ amountKobo: naira(10_000), roiKobo: 0, totalKobo: naira(10_000) });
    // 1.1 % without float drift
    expect(joinQuote(naira(10_000), 1.1).roiKobo).toBe(11_000);
  });
  it('pot ROI shown is percentage / 100 x volume', () => {
    expect(potRoiKobo(naira(5_000_000), 10)).toBe(naira(500_000));
    expect(potRoiKobo(naira(1_000_000), 12.5)).toBe(naira(125_000));
  });
  it('participant ROI shown is multiplied by the pot duration', () => {
    expect(participantRoiShownKobo(naira(1_000), 3)).toBe(naira(3_000));
    expect(participantRoiShownKobo(naira(1_000), 1)).toBe(naira(1_000));
    expect(participantRoiShownKobo(naira(1_000), 0)).toBe(0);
    expect(participantRoiShownKobo(naira(1_000), 1.5)).toBe(naira(1_500));
    expect(participantRoiShownKobo(33_333, 3)).toBe(99_999);
    expect(() => participantRoiShownKobo(naira(1_000), -1)).toThrow(MoneyError);
    expect(() => participantRoiShownKobo(MAX_KOBO, 2)).toThrow(MoneyError);
  });
  it('referral bonus: 2.5 % instant plus 2.5 % after the due date', () => {
    expect(referralBonusKobo(naira(10_000))).toEqual({
      instantKobo: naira(250),
      afterDueKobo: naira(250),
      totalKobo: naira(500),
    });
    expect(referralBonusKobo(1)).toEqual({ instantKobo: 0, afterDueKobo: 0, totalKobo: 0 });
  });
  it('funding above ₦50,000 needs support', () => {
    expect(fundingNeedsSupport(naira(50_000))).toBe(false);
    expect(fundingNeedsSupport(naira(50_000) + 1)).toBe(true);
  });
});

describe('raising countdown', () => {
  const now = Date.UTC(2026, 10, 22, 7, 0, 0);
  it('splits the time left into days, hours, minutes and seconds', () => {
    const to = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(raisingCountdown(now, to)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(raisingCountdown(now, now + 59_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(raisingCountdown(now, now + 86_400_000)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(raisingCountdown(now, now + 400 * 86_400_000 + 1000)).toEqual({ days: 400, hours: 0, minutes: 0, seconds: 1 });
  });
  it('ticks down second by second', () => {
    const to = now + 61_000;
    expect(raisingCountdown(now, to)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 1 });
    expect(raisingCountdown(now + COUNTDOWN_REFRESH_MS, to)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(raisingCountdown(now + 2 * COUNTDOWN_REFRESH_MS, to)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
  });
  it('is all zero once passed, at the end, under a second left, or without a time', () => {
    expect(raisingCountdown(now, now)).toEqual(ZERO_COUNTDOWN);
    expect(raisingCountdown(now, now + 999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(raisingCountdown(now, now - 5_000_000)).toEqual(ZERO_COUNTDOWN);
    expect(raisingCountdown(now, null)).toEqual(ZERO_COUNTDOWN);
    expect(raisingCountdown(now, undefined)).toEqual(ZERO_COUNTDOWN);
    expect(raisingCountdown(now, Number.NaN)).toEqual(ZERO_COUNTDOWN);
    expect(raisingCountdown(Number.NaN, now)).toEqual(ZERO_COUNTDOWN);
    expect(ZERO_COUNTDOWN).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('status view', () => {
  it('Raising: Join and the countdown, no Paidout', () => {
    expect(potStatusView('Raising')).toEqual({
      showJoin: true,
      showCountdown: true,
      showTradingLabel: false,
      showPaidout: false,
      paidoutDisabled: true,
      statusText: 'Raising',
    });
    expect(canJoinPot('Raising')).toBe(true);
  });
  it('Trading: the Trading label, no Join, no Paidout', () => {
    expect(potStatusView('Trading')).toEqual({
      showJoin: false,
      showCountdown: false,
      showTradingLabel: true,
      showPaidout: false,
      paidoutDisabled: true,
      statusText: 'Trading',
    });
    expect(canJoinPot('Trading')).toBe(false);
  });
  it('any other status: shown as text with the disabled Paidout button', () => {
    for (const status of ['Completed', 'Paid', 'raising', '']) {
      expect(potStatusView(status)).toEqual({
        showJoin: false,
        showCountdown: false,
        showTradingLabel: false,
        showPaidout: true,
        paidoutDisabled: true,
        statusText: status,
      });
      expect(canJoinPot(status)).toBe(false);
    }
  });
});

describe('withdrawal block messages', () => {
  it('Raising and Trading block withdrawal with SPEC wording', () => {
    expect(potWithdrawalBlockMessage('Raising', '1 December 2026')).toBe(
      'Sorry, we are still raising and you can not withdraw at the moment.',
    );
    expect(potWithdrawalBlockMessage('Trading', '1 December 2026')).toBe(
      'You can not withdraw now as trading is going on, the due date is 1 December 2026',
    );
    expect(withdrawBlockedTradingMessage('x')).toBe('You can not withdraw now as trading is going on, the due date is x');
    expect(potWithdrawalBlockMessage('Completed', '1 December 2026')).toBeNull();
  });
  it('dates read in Lagos time', () => {
    expect(formatPotDate(Date.UTC(2026, 11, 1, 12))).toBe('1 December 2026');
    // 23:30 UTC on 30 November is 00:30 on 1 December in Lagos (UTC+1)
    expect(formatPotDate(Date.UTC(2026, 10, 30, 23, 30))).toBe('1 December 2026');
    expect(formatPotDate(null)).toBe('');
    expect(formatPotDate(undefined)).toBe('');
    expect(formatPotDate(Number.NaN)).toBe('');
  });
});

describe('display helpers', () => {
  it('duration reads Month or Months', () => {
    expect(durationLabel(1)).toBe('1 Month');
    expect(durationLabel(3)).toBe('3 Months');
    expect(durationLabel(0)).toBe('0 Months');
    expect(durationLabel(12)).toBe('12 Months');
  });
  it('the volume mask replaces every digit with a star', () => {
    expect(maskDigits('₦1,000,000')).toBe('₦*,***,***');
    expect(maskDigits('no digits')).toBe('no digits');
    expect(potVolumeDisplay(naira(1_000_000), false)).toBe('₦1,000,000');
    expect(potVolumeDisplay(naira(1_000_000), true)).toBe('₦*,***,***');
    expect(potVolumeDisplay(naira(12_345) + 50, true)).toBe('₦**,***');
  });
  it("'Join now' is disabled when the amount is empty or busy and reads 'Loading....' while busy", () => {
    expect(joinButtonState('', false)).toEqual({ disabled: true, label: 'Join now' });
    expect(joinButtonState('   ', false)).toEqual({ disabled: true, label: 'Join now' });
    expect(joinButtonState('10000', false)).toEqual({ disabled: false, label: 'Join now' });
    expect(joinButtonState('10000', true)).toEqual({ disabled: true, label: 'Loading....' });
    expect(joinButtonState('', true)).toEqual({ disabled: true, label: 'Loading....' });
  });
  it("participants title reads 'Pot participants(count)'", () => {
    expect(participantsTitle(0)).toBe('Pot participants(0)');
    expect(participantsTitle(12)).toBe('Pot participants(12)');
  });
  it('builds the WhatsApp chat link from managers_number', () => {
    expect(managerChatLink('2348012345678')).toBe('https://wa.me/2348012345678');
    expect(managerChatLink('+234 801 234 5678')).toBe('https://wa.me/2348012345678');
    expect(managerChatLink('0801 234 5678')).toBe('https://wa.me/2348012345678');
    expect(managerChatLink('')).toBeNull();
    expect(managerChatLink('n/a')).toBeNull();
  });
});

describe('participantDisplayName', () => {
  it('shows the first name and the last initial, never the full last name', () => {
    expect(participantDisplayName('Ada', 'Obi')).toBe('Ada O.');
    expect(participantDisplayName(' Chidi ', ' okafor')).toBe('Chidi O.');
    expect(participantDisplayName('Émeka', 'Ọkọnkwọ')).toBe('Émeka Ọ.');
    expect(participantDisplayName('Musa', '')).toBe('Musa');
  });

  it('keeps the initial whole: a Yoruba tone mark stays on its letter, an emoji stays one character', () => {
    // 'Ọ̀' has no precomposed form: U+1ECC then the combining grave U+0300, which a code-point initial dropped.
    expect(participantDisplayName('Ọlámidé', 'Ọ̀ṣun')).toBe('Ọlámidé Ọ̀.');
    expect(participantDisplayName('Ẹ̀bùn', 'ẹ̀kọ́')).toBe('Ẹ̀bùn Ẹ̀.');
    expect(participantDisplayName('Tolu', '😀')).toBe('Tolu 😀.');
  });
});

describe('the life of a pot (ADR 0012)', () => {
  const day = 86_400_000;
  const pot = { status: 'Raising', potVolumeKobo: 1_000_000, raisedAmountKobo: 0, raisingToMs: 10 * day, tradeToMs: 40 * day };

  it('Raising ends at raising_to or as soon as the pot is full; Trading ends at trade_to (Due)', () => {
    expect(nextPotStatus(pot, 10 * day - 1)).toBe('Raising');
    expect(nextPotStatus(pot, 10 * day)).toBe('Trading');
    expect(nextPotStatus({ ...pot, raisedAmountKobo: 1_000_000 }, 0)).toBe('Trading');
    expect(nextPotStatus({ ...pot, status: 'Trading' }, 40 * day - 1)).toBe('Trading');
    expect(nextPotStatus({ ...pot, status: 'Trading' }, 40 * day)).toBe('Due');
    // A scheduler that was down for the whole trading period still lands on Due in one step.
    expect(nextPotStatus(pot, 41 * day)).toBe('Due');
  });

  it('other statuses, and a pot without its dates, stay as they are', () => {
    expect(nextPotStatus({ ...pot, status: 'Due' }, 100 * day)).toBe('Due');
    expect(nextPotStatus({ ...pot, status: 'Closed' }, 100 * day)).toBe('Closed');
    expect(nextPotStatus({ ...pot, raisingToMs: null, tradeToMs: null }, 100 * day)).toBe('Raising');
  });

  it('a participant is Pending while raising, Active after, and Paid stays Paid', () => {
    expect(participantStatusFor('Raising', 'Pending')).toBe('Pending');
    expect(participantStatusFor('Trading', 'Pending')).toBe('Active');
    expect(participantStatusFor('Due', 'Active')).toBe('Active');
    expect(participantStatusFor('Due', 'Paid')).toBe('Paid');
  });

  it("a participant's share of the result: a percentage of the capital, negative for a loss, rounded to the kobo", () => {
    expect(participantResultKobo(1_000_000, 10)).toBe(100_000);
    expect(participantResultKobo(1_000_000, -2.5)).toBe(-25_000);
    expect(participantResultKobo(333, 10)).toBe(33);
    expect(participantResultKobo(1_000_000, -100)).toBe(-1_000_000);
    expect(() => participantResultKobo(1_000, -101)).toThrow(MoneyError);
    expect(() => participantResultKobo(1_000, Number.NaN)).toThrow(MoneyError);
  });

  it('the tabs filter: Raising and Trading by status, My Pots by what the user joined', () => {
    const all = [
      { id: 'a', status: 'Raising' },
      { id: 'b', status: 'Trading' },
      { id: 'c', status: 'Due' },
    ];
    expect(potsForTab(all, 'Raising', new Set()).map((p) => p.id)).toEqual(['a']);
    expect(potsForTab(all, 'Trading', new Set()).map((p) => p.id)).toEqual(['b']);
    expect(potsForTab(all, 'My Pots', new Set(['c', 'a'])).map((p) => p.id)).toEqual(['a', 'c']);
  });
});
