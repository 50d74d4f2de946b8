/**
 * Auto-Trada pots (SPEC sections 2 'Auto-Trada' and 'Pot detail', 3 'Trading pot' and 'Pot
 * participant', 4 'Pot status', 5 'Pot join', 8 'Pots' and 9 'Pots'). Pure data and functions:
 * no Firebase, no DOM. Amounts are kobo (see money.ts); times are epoch milliseconds (the
 * document schemas of api/pots.ts convert Firestore timestamps to them).
 */
import {
  MoneyError,
  addKobo,
  formatNaira,
  formatNairaFloor,
  nairaToKobo,
  parseNairaInput,
  percentOfKobo,
  subtractKobo,
} from './money';
import { firstGrapheme } from './graphemes';

/** Minimum join amount: ₦10,000 (SPEC 5 and 9). */
export const POT_MIN_JOIN_KOBO = nairaToKobo(10_000);
/** Referral bonus: 5 % in total, 2.5 % instant and 2.5 % after the pot's due date (SPEC 9). */
export const REFERRAL_BONUS_PERCENT = 5;
export const REFERRAL_BONUS_INSTANT_PERCENT = 2.5;
export const REFERRAL_BONUS_AFTER_DUE_PERCENT = 2.5;
/** Funding above ₦50,000 requires contacting support (SPEC 9). */
export const SUPPORT_FUNDING_THRESHOLD_KOBO = nairaToKobo(50_000);
/** The raising countdown refreshes every second (SPEC 4 and 9). */
export const COUNTDOWN_REFRESH_MS = 1000;

export const POT_STATUS_RAISING = 'Raising';
export const POT_STATUS_TRADING = 'Trading';
export const PARTICIPANT_INITIAL_STATUS = 'Pending';

// Join checks (SPEC 5), in their order.
export const JOIN_ERROR_INSUFFICIENT_FUNDS = 'Insufficient funds';
export const JOIN_ERROR_MINIMUM = 'Minimum amount to join with is ₦10,000';

// Screen text (SPEC 2, 4 and 8).
export const JOIN_DIALOG_TITLE = '5% referral bonus';
export const TRADING_AMOUNT_LABEL = 'Trading amount';
export const TRADING_AMOUNT_HINT = 'Minimum of ₦10,000';
export const JOIN_NOW_LABEL = 'Join now';
export const JOIN_BUSY_LABEL = 'Loading....';
export const JOIN_BUTTON_LABEL = 'Join';
export const PAIDOUT_LABEL = 'Paidout';
export const TRADING_LABEL = 'Trading';
export const BACK_TO_POTS_LABEL = 'Back to pots';
export const POT_DETAILS_TITLE = 'Pot Details';
export const AVAILABLE_POTS_TITLE = 'Available Pots';
export const CLICK_TO_CHAT_LABEL = 'Click to chat';
export const NO_PARTICIPANT_YET = 'No participant yet';
export const NO_ACTIVE_POT = 'No active pot at the moment..';
export const POT_NOT_FOUND = 'No such document';
export const PARTICIPANTS_FETCH_ERROR = 'Error fetching participants.';
export const POT_JOINED = 'Pot joined';
export const WITHDRAW_BLOCKED_RAISING = 'Sorry, we are still raising and you can not withdraw at the moment.';

/** 'Maximum amount to join with is ₦{pot volume}'. */
export function joinMaximumMessage(potVolumeKobo: number): string {
  return `Maximum amount to join with is ${formatNairaFloor(potVolumeKobo)}`;
}

/** 'Amount can only be ₦{remaining} or less'. */
export function joinRemainingMessage(remainingKobo: number): string {
  return `Amount can only be ${formatNairaFloor(remainingKobo)} or less`;
}

/** An exact amount for a message: whole naira, or with its kobo when it has some ('₦5,000', '₦5,000.50'). */
function formatNairaExact(kobo: number): string {
  const whole = formatNairaFloor(kobo);
  const rest = kobo % 100;
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** ADR 0041: the room left is under the minimum; only a join of exactly that room is taken. */
export function joinLastRoomMessage(remainingKobo: number): string {
  const room = formatNairaExact(remainingKobo);
  return `Only ${room} is left in this pot: join with exactly ${room} to fill it`;
}

/** ADR 0041: the join would leave room under the minimum; the message names the amounts that work. */
export function joinLeavesTooLittleMessage(amountKobo: number, remainingKobo: number): string {
  const left = formatNairaExact(subtractKobo(remainingKobo, amountKobo));
  const head = `This would leave ${left} in the pot, under the ${formatNaira(POT_MIN_JOIN_KOBO)} minimum`;
  const largestLeavingRoom = subtractKobo(remainingKobo, POT_MIN_JOIN_KOBO);
  if (largestLeavingRoom < POT_MIN_JOIN_KOBO) {
    return `${head}: the only amount that can join now is ${formatNairaExact(remainingKobo)}`;
  }
  return `${head}: join with ${formatNairaFloor(largestLeavingRoom)} or less, or exactly ${formatNairaExact(remainingKobo)}`;
}

/** 'You can not withdraw now as trading is going on, the due date is {date}'. */
export function withdrawBlockedTradingMessage(dueDate: string): string {
  return `You can not withdraw now as trading is going on, the due date is ${dueDate}`;
}

/**
 * How a participant appears to other users of a pot: the first name and the last name's initial
 * ('Ada O.'; 'Ọlámidé Ọ̀.' with its tone mark). Enough to tell people apart in a list; not enough to find the account.
 */
export function participantDisplayName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = firstGrapheme(lastName.trim());
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** Remaining capacity: volume minus raised, never below 0. */
export function remainingCapacityKobo(potVolumeKobo: number, raisedAmountKobo: number): number {
  return raisedAmountKobo >= potVolumeKobo ? 0 : subtractKobo(potVolumeKobo, raisedAmountKobo);
}

export interface PotJoinContext {
  /** The user's available wallet balance. */
  readonly balanceKobo: number;
  readonly potVolumeKobo: number;
  readonly raisedAmountKobo: number;
}

export type PotJoinCheck = { ok: true } | { ok: false; error: string };

/**
 * SPEC 5 join checks, in this order, with ADR 0041's rule for the last room of a pot:
 * 1. more than the balance: 'Insufficient funds';
 * 2. more than the pot volume: 'Maximum amount to join with is ₦{pot volume}';
 * 3. less than ₦10,000: 'Minimum amount to join with is ₦10,000', except exactly the room left when that room
 *    is itself under ₦10,000 (any other amount then gets joinLastRoomMessage);
 * 4. more than the remaining capacity: 'Amount can only be ₦{remaining} or less' (joinLastRoomMessage when the
 *    room is under the minimum);
 * 5. (ADR 0041) leaving room under ₦10,000 that no join could take: joinLeavesTooLittleMessage.
 */
export function checkPotJoin(amountKobo: number, ctx: PotJoinContext): PotJoinCheck {
  if (amountKobo > ctx.balanceKobo) return { ok: false, error: JOIN_ERROR_INSUFFICIENT_FUNDS };
  if (amountKobo > ctx.potVolumeKobo) return { ok: false, error: joinMaximumMessage(ctx.potVolumeKobo) };
  const remaining = remainingCapacityKobo(ctx.potVolumeKobo, ctx.raisedAmountKobo);
  const lastRoom = remaining > 0 && remaining < POT_MIN_JOIN_KOBO;
  if (lastRoom) return amountKobo === remaining ? { ok: true } : { ok: false, error: joinLastRoomMessage(remaining) };
  if (amountKobo < POT_MIN_JOIN_KOBO) return { ok: false, error: JOIN_ERROR_MINIMUM };
  if (amountKobo > remaining) return { ok: false, error: joinRemainingMessage(remaining) };
  const left = subtractKobo(remaining, amountKobo);
  if (left > 0 && left < POT_MIN_JOIN_KOBO) return { ok: false, error: joinLeavesTooLittleMessage(amountKobo, remaining) };
  return { ok: true };
}

export interface PotJoinQuote {
  readonly amountKobo: number;
  /** Expected ROI: the pot's percentage of the amount. */
  readonly roiKobo: number;
  /** Amount plus ROI. */
  readonly totalKobo: number;
}

/** Expected ROI on joining (percentage % of the amount) and the total (amount + ROI), SPEC 5. */
export function joinQuote(amountKobo: number, percentage: number): PotJoinQuote {
  const roiKobo = percentOfKobo(amountKobo, percentage);
  return { amountKobo, roiKobo, totalKobo: addKobo(amountKobo, roiKobo) };
}

/**
 * The join form's amount as typed: parsed (parse errors first), then the SPEC checks, then the
 * quote. What the web shows on 'Join now' and what a server handler re-checks.
 */
export function validatePotJoin(
  amountText: string,
  ctx: PotJoinContext & { readonly percentage: number },
): ({ ok: true } & PotJoinQuote) | { ok: false; error: string } {
  const parsed = parseNairaInput(amountText);
  if (!parsed.ok) return parsed;
  const check = checkPotJoin(parsed.kobo, ctx);
  if (!check.ok) return check;
  try {
    return { ok: true, ...joinQuote(parsed.kobo, ctx.percentage) };
  } catch (e) {
    if (e instanceof MoneyError) return { ok: false, error: 'The pot percentage is not valid' };
    /* v8 ignore next */
    throw e;
  }
}

/** Pot ROI shown: percentage / 100 x volume (SPEC 9). */
export function potRoiKobo(potVolumeKobo: number, percentage: number): number {
  return percentOfKobo(potVolumeKobo, percentage);
}

/**
 * Participant ROI shown: the participant's ROI x the pot's duration in months (SPEC 9). Durations
 * with up to 4 decimals are exact (rounded half up to the kobo).
 */
export function participantRoiShownKobo(participantRoiKobo: number, durationMonths: number): number {
  return percentOfKobo(participantRoiKobo, durationMonths * 100);
}

/** Referral bonus on a referred person's join: 2.5 % instant, 2.5 % after the due date. */
export function referralBonusKobo(amountKobo: number): { instantKobo: number; afterDueKobo: number; totalKobo: number } {
  const instantKobo = percentOfKobo(amountKobo, REFERRAL_BONUS_INSTANT_PERCENT);
  const afterDueKobo = percentOfKobo(amountKobo, REFERRAL_BONUS_AFTER_DUE_PERCENT);
  return { instantKobo, afterDueKobo, totalKobo: addKobo(instantKobo, afterDueKobo) };
}

/** Funding above ₦50,000 needs support. */
export function fundingNeedsSupport(amountKobo: number): boolean {
  return amountKobo > SUPPORT_FUNDING_THRESHOLD_KOBO;
}

export interface Countdown {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

export const ZERO_COUNTDOWN: Countdown = Object.freeze({ days: 0, hours: 0, minutes: 0, seconds: 0 });

/**
 * Time left until the raising ends, in whole days, hours, minutes and seconds (rounded down);
 * all zero once passed, or when either time is missing or not a finite number.
 */
export function raisingCountdown(nowMs: number, raisingToMs: number | null | undefined): Countdown {
  if (raisingToMs == null || !Number.isFinite(raisingToMs) || !Number.isFinite(nowMs)) return ZERO_COUNTDOWN;
  const left = Math.floor((raisingToMs - nowMs) / 1000);
  if (left <= 0) return ZERO_COUNTDOWN;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** Duration wording: '1 Month', otherwise '{n} Months'. */
export function durationLabel(months: number): string {
  return `${months} ${months === 1 ? 'Month' : 'Months'}`;
}

export interface PotStatusView {
  /** 'Join' only when Raising. */
  readonly showJoin: boolean;
  /** The raising countdown only when Raising. */
  readonly showCountdown: boolean;
  /** A 'Trading' label when Trading. */
  readonly showTradingLabel: boolean;
  /** A disabled 'Paidout' button when neither Trading nor Raising. */
  readonly showPaidout: boolean;
  readonly paidoutDisabled: true;
  /** The status as text. */
  readonly statusText: string;
}

/** Which buttons and labels a pot's status shows (SPEC 2 and 4). */
export function potStatusView(status: string): PotStatusView {
  const raising = status === POT_STATUS_RAISING;
  const trading = status === POT_STATUS_TRADING;
  return {
    showJoin: raising,
    showCountdown: raising,
    showTradingLabel: trading,
    showPaidout: !raising && !trading,
    paidoutDisabled: true,
    statusText: status,
  };
}

/** Whether joining is allowed at all (only while Raising). */
export function canJoinPot(status: string): boolean {
  return status === POT_STATUS_RAISING;
}

/**
 * Why a participant cannot withdraw now, or null. Raising and Trading block withdrawal (SPEC 4);
 * `dueDate` is the due date as the screen words it (see formatPotDate).
 */
export function potWithdrawalBlockMessage(status: string, dueDate: string): string | null {
  if (status === POT_STATUS_RAISING) return WITHDRAW_BLOCKED_RAISING;
  if (status === POT_STATUS_TRADING) return withdrawBlockedTradingMessage(dueDate);
  return null;
}

/** A pot date as the screens show it, in Lagos time: '1 December 2026'. '' when missing or invalid. */
export function formatPotDate(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(
    ms,
  );
}

/** The eye toggle's hidden form: every digit becomes a star ('₦1,000,000' -> '₦*,***,***'). */
export function maskDigits(text: string): string {
  return text.replace(/\d/g, '*');
}

/** The pot volume card: formatNaira, or masked when hidden. */
export function potVolumeDisplay(potVolumeKobo: number, hidden: boolean): string {
  const shown = formatNaira(potVolumeKobo);
  return hidden ? maskDigits(shown) : shown;
}

/** 'Join now' is disabled when the amount is empty or a request is in progress; 'Loading....' while busy. */
export function joinButtonState(amountText: string, busy: boolean): { disabled: boolean; label: string } {
  return { disabled: busy || amountText.trim() === '', label: busy ? JOIN_BUSY_LABEL : JOIN_NOW_LABEL };
}

/** 'Pot participants(count)'. */
export function participantsTitle(count: number): string {
  return `Pot participants(${count})`;
}

/** The manager's WhatsApp chat link from managers_number ('0803 123 4567' -> 'https://wa.me/2348031234567'); null without digits. */
export function managerChatLink(managersNumber: string): string | null {
  const digits = managersNumber.replace(/\D/g, '');
  if (digits === '') return null;
  return `https://wa.me/${digits.startsWith('0') ? `234${digits.slice(1)}` : digits}`;
}

// ---------------------------------------------------------------------------------------------
// The life of a pot (ADR 0012) and its money (ADR 0013). SPEC shows no transitions; these are ours.
// ---------------------------------------------------------------------------------------------

/** Trading has ended (trade_to passed): the manager's result is booked, then each participant is paid out. */
export const POT_STATUS_DUE = 'Due';
export const PARTICIPANT_STATUS_ACTIVE = 'Active';
export const PARTICIPANT_STATUS_PAID = 'Paid';
export const PAYOUT_LABEL = 'PAYOUT';
export const POT_PAID_OUT = 'Your capital and ROI are in your wallet';
export const POT_PAYOUT_NOT_DUE = 'This pot is not due yet. Payout opens on the due date.';
export const POT_PAYOUT_AWAITING_RESULT = "The manager's result is not booked yet. Please try again later.";
export const POT_PAYOUT_NOTHING = 'You have nothing to collect in this pot';
export const AUTO_TRADA_OFF_DEFAULT_REASON = 'Auto-Trada is paused by the operator. No new joins for now.';
export const RISK_ACK_REQUIRED = 'Please read and accept the risk disclosure before your first join';
/** What the user accepts once, before a first join. */
export const RISK_DISCLOSURE =
  'A pot is not a savings account, a deposit or a regulated investment scheme. Your capital is traded by the pot manager ' +
  'and can be lost in part or in full; the ROI shown is the target, not a promise. Your money stays locked in the pot ' +
  'until its due date, and until then you cannot withdraw from your wallet at all.';

export interface PotClock {
  readonly status: string;
  readonly potVolumeKobo: number;
  readonly raisedAmountKobo: number;
  readonly raisingToMs: number | null;
  readonly tradeToMs: number | null;
}

/**
 * The status a pot should have at `nowMs` (ADR 0012): Raising ends at raising_to or when full, Trading ends
 * at trade_to (Due). Any other status stays. A pot that is both past raising_to and past trade_to goes to Due.
 */
export function nextPotStatus(pot: PotClock, nowMs: number): string {
  let status = pot.status;
  if (status === POT_STATUS_RAISING) {
    const full = pot.raisedAmountKobo >= pot.potVolumeKobo;
    const ended = pot.raisingToMs !== null && nowMs >= pot.raisingToMs;
    if (full || ended) status = POT_STATUS_TRADING;
  }
  if (status === POT_STATUS_TRADING && pot.tradeToMs !== null && nowMs >= pot.tradeToMs) status = POT_STATUS_DUE;
  return status;
}

/** A participant's status while the pot has `potStatus`, unless already Paid: Pending, then Active. */
export function participantStatusFor(potStatus: string, current: string): string {
  if (current === PARTICIPANT_STATUS_PAID) return current;
  return potStatus === POT_STATUS_RAISING ? PARTICIPANT_INITIAL_STATUS : PARTICIPANT_STATUS_ACTIVE;
}

/**
 * A participant's share of the manager's result: `resultPercent` (over the whole duration, negative for a
 * loss, never below -100) of the capital, rounded half up to the kobo. The payout is capital plus that.
 */
export function participantResultKobo(capitalKobo: number, resultPercent: number): number {
  if (!Number.isFinite(resultPercent) || resultPercent < -100) throw new MoneyError('The result percentage is not valid');
  const share = percentOfKobo(capitalKobo, Math.abs(resultPercent));
  return resultPercent < 0 ? -share : share;
}

/** The tabs of /auto-trada: Raising and Trading filter by status; My Pots shows the pots the user joined. */
export const POT_TABS = ['Raising', 'Trading', 'My Pots'] as const;
export type PotTab = (typeof POT_TABS)[number];

export function potsForTab<P extends { id: string; status: string }>(
  all: readonly P[],
  tab: PotTab,
  joined: ReadonlySet<string>,
): P[] {
  if (tab === 'My Pots') return all.filter((p) => joined.has(p.id));
  return all.filter((p) => p.status === tab);
}
