/**
 * Over 2.5 calculator (SPEC sections 2 'Over 2.5 calculator', 3 'Over 2.5 session', 4, 5 'Over 2.5
 * setup', 8 and 9) as a pure state machine. No Firebase, no DOM: the web keeps the state in
 * localStorage and calls these functions.
 *
 * Money fields are kobo integers (see money.ts); the odd is a decimal string read exactly to the
 * thousandth (parseOdd of stake-calculator.ts); the stake uses the same formula
 * (accumulated loss + game target) / (odd - 1).
 *
 * Splitting (SPEC 4): when the loss count reaches the 'split after' stretch (and every further
 * multiple of it), the accumulated loss is divided into `splits` portions with splitKobo; the first
 * portion stays as the accumulated loss and the rest is remembered in `splitted_lost`. When a Win
 * brings the accumulated loss back to 0 and an amount is remembered, the next portion is loaded.
 * SPEC's fields cannot tell how many portions are left, so the state adds `split_parts_left`:
 * the next portion is splitKobo(splitted_lost, split_parts_left)[0], which makes the portions of one
 * split equal to within a kobo and the sum exact: totalLosses + splitted_lost is never changed by a
 * split or a load.
 *
 * Decisions where SPEC is silent:
 * - game_status is null before the first game ('no game' in SPEC 4), then 'Playing' or 'Ended'.
 * - Win and Loss set the stake to 0 (a finished game has no stake).
 * - Saving the setup keeps the counters and the accumulated/remembered loss; it, and Calculate, are
 *   refused while a game is Playing.
 * - The 1.5 % hint shows when the target is above 1.5 % and at most 3 % of capital; above 3 % the
 *   SPEC error message (which itself suggests 1.5 %) shows instead. The hint and stop-loss warning
 *   wording is ours (SPEC gives none).
 * - The stop-loss warning compares the accumulated loss (totalLosses) with stop_lost % of capital,
 *   as SPEC words it; the remembered split amount is not counted.
 * - Safer play (issue 17): Setup may also set a maximum stake (`max_stake`, 0 for none; states stored
 *   before it existed read as 0). Calculate stops with a message instead of asking for a stake above
 *   it. It may be lowered at any time, raised or removed only with no loss to win back (accumulated
 *   or remembered). Reset zeroes it like every other setting.
 */
import { z } from 'zod/mini';
import {
  ERROR_MAX_STAKE_RAISE,
  RISK_RUN_LENGTHS,
  canChangeMaxStake,
  lossRunFigures,
  maxStakeStopMessage,
} from './calculator-risk';
import { MAX_KOBO, addKobo, formatNaira, parseNairaInput, percentOfKobo, ratioPercent, splitKobo, subtractKobo } from './money';
import {
  ERROR_AMOUNT_TOO_LARGE,
  ERROR_FINISH_GAME_FIRST,
  GAME_GOING_ON_MESSAGE,
  NO_GAME_GOING_ON_MESSAGE,
  TOAST_LOSS,
  TOAST_SESSION_CONFIGURED,
  TOAST_STAKE_CALCULATED,
  TOAST_SYSTEM_RESET,
  TOAST_WIN,
  optionalAmount,
  parseOdd,
  stakeForOdd,
  type CalculatorResult,
  type CalculatorRisk,
  type CalculatorToast,
} from './stake-calculator';

export {
  TOAST_LOSS,
  TOAST_SESSION_CONFIGURED,
  TOAST_STAKE_CALCULATED,
  TOAST_SYSTEM_RESET,
  TOAST_WIN,
  type CalculatorResult,
  type CalculatorToast,
};

/** Stop loss options, percent of capital (SPEC 9). */
export const STOP_LOSS_OPTIONS = [5, 10, 15, 20] as const;
/** 'Split after' options: losses in a row (SPEC 9). */
export const STRETCH_OPTIONS = [4, 5, 6, 7] as const;
/** Number of splits options (SPEC 9). */
export const SPLIT_OPTIONS = [2, 4, 6, 8] as const;
export type StopLossOption = (typeof STOP_LOSS_OPTIONS)[number];
export type StretchOption = (typeof STRETCH_OPTIONS)[number];
export type SplitOption = (typeof SPLIT_OPTIONS)[number];

/** The target must not exceed 3 % of capital; 1.5 % is suggested (SPEC 5 and 9). */
export const MAX_TARGET_PERCENT = 3;
export const SUGGESTED_TARGET_PERCENT = 1.5;

export const ERROR_SETUP_AMOUNTS_ZERO = 'Enter a capital and a game target above ₦0';
export const ERROR_STOP_LOSS_OPTION = 'Choose a stop loss of 5, 10, 15 or 20 percent';
export const ERROR_STRETCH_OPTION = 'Choose to split after 4, 5, 6 or 7 stretches';
export const ERROR_SPLITS_OPTION = 'Choose 2, 4, 6 or 8 splits';
export const ERROR_NOT_SET_UP = 'Set up the system first';
export const OVER_TWO_FIVE_STORAGE_KEY = 'overTwoFiveState';

export type OverTwoFiveGameStatus = 'Playing' | 'Ended';

export interface OverTwoFiveState {
  /** Capital, kobo; 0 until set up. */
  readonly capital: number;
  /** Target per game, kobo; 0 until set up. */
  readonly game_target: number;
  /** Accumulated loss, kobo. */
  readonly totalLosses: number;
  /** Profit, kobo. */
  readonly profit: number;
  readonly win_count: number;
  /** Losses since the last win. */
  readonly loss_count: number;
  readonly game_count: number;
  /** Stop loss, percent of capital; 0 until set up. */
  readonly stop_lost: 0 | StopLossOption;
  /** Split after this many losses in a row; 0 until set up. */
  readonly stretch: 0 | StretchOption;
  /** Number of splits; 0 until set up. */
  readonly splits: 0 | SplitOption;
  /** Remembered (not yet loaded) part of split losses, kobo. */
  readonly splitted_lost: number;
  /** How many portions `splitted_lost` is still to be loaded in; 0 exactly when splitted_lost is 0. */
  readonly split_parts_left: number;
  /** null before the first game. */
  readonly game_status: OverTwoFiveGameStatus | null;
  /** Stake of the game being played, kobo; 0 unless Playing. */
  readonly overTwoFiveStake: number;
  /** Odd of the current (or last) game, canonical decimal text; '' before any. */
  readonly overTwoFiveOdd: string;
  /** Largest stake the user accepts, kobo; 0 for none. Not in SPEC. */
  readonly max_stake: number;
}

export const INITIAL_OVER_TWO_FIVE_STATE: OverTwoFiveState = Object.freeze({
  capital: 0,
  game_target: 0,
  totalLosses: 0,
  profit: 0,
  win_count: 0,
  loss_count: 0,
  game_count: 0,
  stop_lost: 0,
  stretch: 0,
  splits: 0,
  splitted_lost: 0,
  split_parts_left: 0,
  game_status: null,
  overTwoFiveStake: 0,
  overTwoFiveOdd: '',
  max_stake: 0,
});

/** 'Sorry your maximum wining target for ₦{capital} should be ₦{1.5% of capital}' (SPEC 5, typo kept). */
export function maxTargetMessage(capitalKobo: number): string {
  return `Sorry your maximum wining target for ${formatNaira(capitalKobo)} should be ${formatNaira(suggestedTargetKobo(capitalKobo))}`;
}

/** The hint shown when the target is above 1.5 % (and at most 3 %) of capital. Our wording. */
export function suggestedTargetHint(capitalKobo: number): string {
  return `We suggest a target of ${formatNaira(suggestedTargetKobo(capitalKobo))} (1.5% of your capital)`;
}

/** 1.5 % of capital, kobo (rounded half up). */
export function suggestedTargetKobo(capitalKobo: number): number {
  return percentOfKobo(capitalKobo, SUGGESTED_TARGET_PERCENT);
}

/** target > 3 % of capital, exactly (integers). Capital 0 with a target above 0 counts as over. */
export function isTargetOverLimit(targetKobo: number, capitalKobo: number): boolean {
  return BigInt(targetKobo) * 100n > BigInt(capitalKobo) * BigInt(MAX_TARGET_PERCENT);
}

/** target > 1.5 % of capital, exactly. */
export function isTargetAboveSuggestion(targetKobo: number, capitalKobo: number): boolean {
  return BigInt(targetKobo) * 1000n > BigInt(capitalKobo) * 15n;
}

export interface SetupFeedback {
  readonly capitalKobo: number | null;
  readonly targetKobo: number | null;
  /** Target as a percent of capital, 2 decimals; null until both amounts are readable and capital > 0. */
  readonly targetPercent: number | null;
  /** The SPEC message when the target is above 3 % of capital, else null. */
  readonly error: string | null;
  /** The 1.5 % hint when the target is above 1.5 % and at most 3 %, else null. */
  readonly hint: string | null;
  /** Save is disabled if the target or capital is 0 (or unreadable) or the percent is above 3. */
  readonly saveDisabled: boolean;
}

/** Live feedback for the setup form as the user types capital and target. */
export function setupFeedback(input: { readonly capital: string; readonly gameTarget: string }): SetupFeedback {
  const capital = parseNairaInput(input.capital);
  const target = parseNairaInput(input.gameTarget);
  const capitalKobo = capital.ok ? capital.kobo : null;
  const targetKobo = target.ok ? target.kobo : null;
  if (capitalKobo === null || targetKobo === null || capitalKobo === 0) {
    return { capitalKobo, targetKobo, targetPercent: null, error: null, hint: null, saveDisabled: true };
  }
  const over = isTargetOverLimit(targetKobo, capitalKobo);
  return {
    capitalKobo,
    targetKobo,
    targetPercent: ratioPercent(targetKobo, capitalKobo, 2),
    error: over ? maxTargetMessage(capitalKobo) : null,
    hint: !over && isTargetAboveSuggestion(targetKobo, capitalKobo) ? suggestedTargetHint(capitalKobo) : null,
    saveDisabled: targetKobo === 0 || over,
  };
}

export interface OverTwoFiveSetupInput {
  readonly capital: string;
  readonly gameTarget: string;
  readonly stopLoss: number;
  readonly stretch: number;
  readonly splits: number;
  /** Maximum stake as typed; '' or left out for none. */
  readonly maxStake?: string;
}

function success(
  state: OverTwoFiveState,
  message: string,
  type: CalculatorToast['type'] = 'success',
): CalculatorResult<OverTwoFiveState> {
  return { ok: true, state, toast: { type, message } };
}

function refuse(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function isOption<T extends number>(options: readonly T[], value: number): value is T {
  return (options as readonly number[]).includes(value);
}

/** Save (Setup): capital, target, stop loss, stretch and splits. Toast 'Session configured successfully'. */
export function saveOverTwoFiveSetup(state: OverTwoFiveState, input: OverTwoFiveSetupInput): CalculatorResult<OverTwoFiveState> {
  if (state.game_status === 'Playing') return refuse(ERROR_FINISH_GAME_FIRST);
  const capital = parseNairaInput(input.capital);
  if (!capital.ok) return capital;
  const target = parseNairaInput(input.gameTarget);
  if (!target.ok) return target;
  if (capital.kobo === 0 || target.kobo === 0) return refuse(ERROR_SETUP_AMOUNTS_ZERO);
  if (isTargetOverLimit(target.kobo, capital.kobo)) return refuse(maxTargetMessage(capital.kobo));
  if (!isOption(STOP_LOSS_OPTIONS, input.stopLoss)) return refuse(ERROR_STOP_LOSS_OPTION);
  if (!isOption(STRETCH_OPTIONS, input.stretch)) return refuse(ERROR_STRETCH_OPTION);
  if (!isOption(SPLIT_OPTIONS, input.splits)) return refuse(ERROR_SPLITS_OPTION);
  const maxStake = optionalAmount(input.maxStake ?? '');
  if (!maxStake.ok) return maxStake;
  // A plain sum: both are at most MAX_KOBO, so it stays exact, and only whether it is 0 matters.
  if (!canChangeMaxStake(state.max_stake, maxStake.kobo, state.totalLosses + state.splitted_lost)) {
    return refuse(ERROR_MAX_STAKE_RAISE);
  }
  return success(
    {
      ...state,
      capital: capital.kobo,
      game_target: target.kobo,
      stop_lost: input.stopLoss,
      stretch: input.stretch,
      splits: input.splits,
      max_stake: maxStake.kobo,
    },
    TOAST_SESSION_CONFIGURED,
  );
}

/** Calculate is disabled when the odd is empty or 0 (SPEC 5). Other bad input is refused by Calculate. */
export function isCalculateDisabled(oddText: string): boolean {
  const cleaned = String(oddText).trim();
  return cleaned === '' || /^0*\.?0*$/.test(cleaned);
}

function isSetUp(state: OverTwoFiveState): boolean {
  return state.capital > 0 && state.game_target > 0 && state.stop_lost > 0 && state.stretch > 0 && state.splits > 0;
}

/** Calculate: Playing, with the stake (accumulated loss + target) / (odd - 1) and the odd stored. */
export function calculateOverTwoFive(state: OverTwoFiveState, oddText: string): CalculatorResult<OverTwoFiveState> {
  if (!isSetUp(state)) return refuse(ERROR_NOT_SET_UP);
  if (state.game_status === 'Playing') return refuse(GAME_GOING_ON_MESSAGE);
  const result = stakeForOdd(state.totalLosses, state.game_target, oddText);
  if (!result.ok) return result;
  const stop = maxStakeStopMessage(result.stake, state.max_stake, state.totalLosses);
  if (stop !== null) return refuse(stop);
  return success(
    { ...state, game_status: 'Playing', overTwoFiveStake: result.stake, overTwoFiveOdd: result.odd },
    TOAST_STAKE_CALCULATED,
  );
}

/**
 * Loss: the stake joins the accumulated loss, game and loss counts +1, Ended, stake 0; then, when the
 * loss count reaches the stretch (or a multiple of it), the accumulated loss is split.
 */
export function recordOverTwoFiveLoss(state: OverTwoFiveState): CalculatorResult<OverTwoFiveState> {
  if (state.game_status !== 'Playing') return refuse(NO_GAME_GOING_ON_MESSAGE);
  let totalLosses: number;
  try {
    totalLosses = addKobo(state.totalLosses, state.overTwoFiveStake);
  } catch {
    return refuse(ERROR_AMOUNT_TOO_LARGE);
  }
  const lost: OverTwoFiveState = {
    ...state,
    totalLosses,
    game_count: state.game_count + 1,
    loss_count: state.loss_count + 1,
    game_status: 'Ended',
    overTwoFiveStake: 0,
  };
  const shouldSplit = lost.stretch > 0 && lost.splits > 0 && lost.loss_count % lost.stretch === 0;
  return success(shouldSplit ? splitAccumulatedLoss(lost) : lost, TOAST_LOSS, 'error');
}

/**
 * Divides the accumulated loss into `splits` portions: the first stays, the rest is remembered.
 * Exact: totalLosses + splitted_lost is unchanged.
 */
export function splitAccumulatedLoss(state: OverTwoFiveState): OverTwoFiveState {
  if (state.splits === 0) return state;
  const portions = splitKobo(state.totalLosses, state.splits);
  const kept = portions[0] ?? 0;
  const remembered = subtractKobo(state.totalLosses, kept);
  if (remembered === 0) return state;
  return {
    ...state,
    totalLosses: kept,
    splitted_lost: addKobo(state.splitted_lost, remembered),
    split_parts_left: state.split_parts_left + state.splits - 1,
  };
}

/**
 * When the accumulated loss is 0 and an amount is remembered, loads the next portion
 * (splitKobo(splitted_lost, split_parts_left)[0]) and keeps the remainder.
 */
export function loadNextSplitPortion(state: OverTwoFiveState): OverTwoFiveState {
  if (state.totalLosses !== 0 || state.splitted_lost === 0) return state;
  const parts = Math.max(1, state.split_parts_left);
  const portion = splitKobo(state.splitted_lost, parts)[0] ?? state.splitted_lost;
  const splitted_lost = subtractKobo(state.splitted_lost, portion);
  return { ...state, totalLosses: portion, splitted_lost, split_parts_left: splitted_lost === 0 ? 0 : parts - 1 };
}

/**
 * Win: the target joins the profit, accumulated loss and loss count cleared, win and game counts +1,
 * Ended, stake 0; then the next remembered portion (if any) is loaded.
 */
export function recordOverTwoFiveWin(state: OverTwoFiveState): CalculatorResult<OverTwoFiveState> {
  if (state.game_status !== 'Playing') return refuse(NO_GAME_GOING_ON_MESSAGE);
  let profit: number;
  try {
    profit = addKobo(state.profit, state.game_target);
  } catch {
    return refuse(ERROR_AMOUNT_TOO_LARGE);
  }
  const won: OverTwoFiveState = {
    ...state,
    profit,
    totalLosses: 0,
    loss_count: 0,
    win_count: state.win_count + 1,
    game_count: state.game_count + 1,
    game_status: 'Ended',
    overTwoFiveStake: 0,
  };
  return success(loadNextSplitPortion(won), TOAST_WIN);
}

/** Reset zeroes every setting and counter. */
export function resetOverTwoFive(): CalculatorResult<OverTwoFiveState> {
  return success(INITIAL_OVER_TWO_FIVE_STATE, TOAST_SYSTEM_RESET);
}

/** stop_lost % of capital, kobo. */
export function stopLossLimitKobo(state: Pick<OverTwoFiveState, 'capital' | 'stop_lost'>): number {
  return percentOfKobo(state.capital, state.stop_lost);
}

/** The warning when the accumulated loss exceeds stop_lost % of capital, else null. Our wording. */
export function stopLossWarning(state: OverTwoFiveState): string | null {
  if (state.stop_lost === 0 || state.capital === 0) return null;
  const limit = stopLossLimitKobo(state);
  if (state.totalLosses <= limit) return null;
  return `Stop loss reached: your accumulated loss of ${formatNaira(state.totalLosses)} is above ${state.stop_lost}% of your capital (${formatNaira(limit)})`;
}

/**
 * The stakes of a losing run under the split plan at one odd: [0] is the stake of the game being
 * played (or the next one), [i] the stake after i losses in a row, each produced by the calculator's
 * own Calculate and Loss (so splits happen exactly where they would); null once past MAX_KOBO. The
 * maximum stake is left out: the figures show where the plan leads, not where the user stops.
 */
export function overTwoFiveRunStakes(state: OverTwoFiveState, oddText: string, count: number): (number | null)[] {
  let s: OverTwoFiveState = { ...state, max_stake: 0 };
  if (s.game_status === 'Playing') s = { ...s, game_status: 'Ended', overTwoFiveStake: 0 };
  const stakes: (number | null)[] = [];
  let broken = false;
  for (let i = 0; i < count; i += 1) {
    const playing = broken ? null : calculateOverTwoFive(s, oddText);
    const lost = playing?.ok ? recordOverTwoFiveLoss(playing.state) : null;
    if (!playing?.ok || !lost?.ok) {
      broken = true;
      stakes.push(null);
      continue;
    }
    stakes.push(playing.state.overTwoFiveStake);
    s = lost.state;
  }
  return stakes;
}

/**
 * The risk of going on from here under the split plan: the game being played (or, between games,
 * the next one at the odd typed) and the following ones all lost. Null before setup or without a
 * valid odd.
 */
export function overTwoFiveRisk(state: OverTwoFiveState, typedOdd: string): CalculatorRisk | null {
  if (!isSetUp(state)) return null;
  const odd = parseOdd(state.game_status === 'Playing' ? state.overTwoFiveOdd : typedOdd);
  if (!odd.ok) return null;
  const longest = Math.max(...RISK_RUN_LENGTHS);
  const stakes = overTwoFiveRunStakes(state, odd.text, longest + 1);
  return { odd: odd.text, figures: lossRunFigures(stakes, state.capital, odd.thousandths) };
}

/** The maximum-stake stop for the odd typed between games (what Calculate would refuse with), else null. */
export function overTwoFiveStop(state: OverTwoFiveState, typedOdd: string): string | null {
  if (state.game_status === 'Playing' || !isSetUp(state) || state.max_stake === 0) return null;
  const result = stakeForOdd(state.totalLosses, state.game_target, typedOdd);
  return result.ok ? maxStakeStopMessage(result.stake, state.max_stake, state.totalLosses) : null;
}

export interface OverTwoFiveView {
  readonly isSetUp: boolean;
  readonly isPlaying: boolean;
  /** Win and Loss are offered only while Playing. */
  readonly canRecordResult: boolean;
  readonly stopLossWarning: string | null;
  readonly capital: string;
  readonly gameTarget: string;
  readonly totalLosses: string;
  readonly profit: string;
  readonly splittedLost: string;
  readonly stake: string;
}

/** What the screen shows for a state; amounts through formatNaira. */
export function overTwoFiveView(state: OverTwoFiveState): OverTwoFiveView {
  const isPlaying = state.game_status === 'Playing';
  return {
    isSetUp: isSetUp(state),
    isPlaying,
    canRecordResult: isPlaying,
    stopLossWarning: stopLossWarning(state),
    capital: formatNaira(state.capital),
    gameTarget: formatNaira(state.game_target),
    totalLosses: formatNaira(state.totalLosses),
    profit: formatNaira(state.profit),
    splittedLost: formatNaira(state.splitted_lost),
    stake: formatNaira(state.overTwoFiveStake),
  };
}

const koboSchema = z.number().check(z.int(), z.gte(0), z.lte(MAX_KOBO));
const countSchema = z.number().check(z.int(), z.gte(0));

/** Shape and invariants of a stored state. Anything else is corruption. */
export const overTwoFiveStateSchema = z
  .object({
    capital: koboSchema,
    game_target: koboSchema,
    totalLosses: koboSchema,
    profit: koboSchema,
    win_count: countSchema,
    loss_count: countSchema,
    game_count: countSchema,
    stop_lost: z.literal([0, ...STOP_LOSS_OPTIONS]),
    stretch: z.literal([0, ...STRETCH_OPTIONS]),
    splits: z.literal([0, ...SPLIT_OPTIONS]),
    splitted_lost: koboSchema,
    split_parts_left: countSchema,
    game_status: z.nullable(z.enum(['Playing', 'Ended'])),
    overTwoFiveStake: koboSchema,
    overTwoFiveOdd: z.string(),
    // Added for safer play: states stored before have none.
    max_stake: z._default(koboSchema, 0),
  })
  .check(
    z.refine((s) => s.win_count + s.loss_count <= s.game_count, { message: 'counts do not add up' }),
    z.refine((s) => (s.splitted_lost === 0) === (s.split_parts_left === 0), { message: 'remembered loss without portions' }),
    z.refine((s) => s.game_target === 0 || !isTargetOverLimit(s.game_target, s.capital), {
      message: 'target above 3% of capital',
    }),
    z.refine((s) => s.overTwoFiveOdd === '' || parseOdd(s.overTwoFiveOdd).ok, { message: 'invalid odd' }),
    z.refine(
      (s) =>
        s.game_status === 'Playing'
          ? s.overTwoFiveStake > 0 && parseOdd(s.overTwoFiveOdd).ok && isSetUp(s as OverTwoFiveState)
          : s.overTwoFiveStake === 0,
      { message: 'a Playing game needs a setup, a stake and a valid odd; otherwise there is no stake' },
    ),
  );

/**
 * Reads the state the web stored (localStorage text or an already parsed value). Missing,
 * unreadable or corrupted data falls back to the initial state.
 */
export function loadOverTwoFiveState(stored: unknown): OverTwoFiveState {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      return INITIAL_OVER_TWO_FIVE_STATE;
    }
  }
  const parsed = overTwoFiveStateSchema.safeParse(value);
  return parsed.success ? parsed.data : INITIAL_OVER_TWO_FIVE_STATE;
}

/** Text to keep in localStorage. */
export function serializeOverTwoFiveState(state: OverTwoFiveState): string {
  return JSON.stringify(state);
}
