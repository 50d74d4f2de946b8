/**
 * Stake calculator session (SPEC sections 2 'Stake calculator', 3 'Stake calculator state', 4, 5, 8
 * and 9) as a pure state machine. No Firebase, no DOM: the web keeps the state in localStorage and
 * calls these functions.
 *
 * Money fields are kobo integers (see money.ts); odds are decimal strings read exactly to the
 * thousandth. Every action answers either the new state plus the toast SPEC shows, or a refusal
 * with a clear message; nothing here ever answers NaN or Infinity.
 *
 * Decisions where SPEC is silent (documented so the web and tests agree):
 * - The initial gameStatus is 'Ended' (SPEC allows only Playing or Ended); 'No game is going on.'
 *   shows whenever the status is not Playing.
 * - Start Session keeps the accumulated loss and the profit (SPEC resets only the counts) and is
 *   refused while a game is Playing, as are Calculate; Win and Loss are refused unless Playing.
 * - Win also sets the stake to 0, like Loss: a finished game has no stake.
 * - The stake is rounded half up to the kobo; the display rounds it to whole naira (formatNaira).
 * - Safer play (issue 17): the user may give a capital (for the risk figures' share of capital) and a
 *   maximum stake; Calculate stops, with a message, instead of asking for a stake above it. Both are 0
 *   when not given (also in states stored before they existed) and Reset zeroes them with the rest.
 */
import { z } from 'zod/mini';
import {
  ERROR_MAX_STAKE_RAISE,
  RISK_RUN_LENGTHS,
  canChangeMaxStake,
  lossRunFigures,
  maxStakeStopMessage,
  type LossRunFigure,
} from './calculator-risk';
import { MAX_KOBO, MoneyError, addKobo, formatNaira, parseNairaInput, scaleKobo } from './money';

export const TOAST_SESSION_CONFIGURED = 'Session configured successfully';
export const TOAST_STAKE_CALCULATED = 'Stake calculated successfully';
export const TOAST_LOSS = 'Oops try again';
export const TOAST_WIN = 'Congratulations boss';
export const TOAST_SYSTEM_RESET = 'System reset successfully';
/** Our wording (SPEC has no risk settings). */
export const TOAST_RISK_SETTINGS_SAVED = 'Risk settings saved';

export const GAME_GOING_ON_MESSAGE = 'A game is going on now.';
export const NO_GAME_GOING_ON_MESSAGE = 'No game is going on.';

export const ERROR_ODD_EMPTY = 'Enter the odd';
export const ERROR_ODD_INVALID = 'Enter a valid odd, e.g. 1.50';
export const ERROR_ODD_DECIMALS = 'The odd can have at most 3 decimal places';
export const ERROR_ODD_NOT_ABOVE_ONE = 'The odd must be greater than 1';
export const ERROR_ODD_TOO_LARGE = 'The odd is too large';
export const ERROR_TARGET_ZERO = 'Enter a game target above ₦0';
export const ERROR_NO_TARGET = 'Start a session with a game target first';
export const ERROR_FINISH_GAME_FIRST = 'Record a Win or Loss for the current game first';
export const ERROR_OPTION_TOO_LONG = 'The option can be at most 200 characters';
export const ERROR_AMOUNT_TOO_LARGE = 'The amounts are too large for the calculator';

/** The odd is held in thousandths: 1.5 -> 1500. */
const ODD_SCALE = 1000;
/** Largest odd accepted (a bigger one would only make the stake round to nothing). */
const MAX_ODD = 1_000_000;
export const MAX_OPTION_LENGTH = 200;
/** localStorage key the web keeps the state under. */
export const STAKE_CALCULATOR_STORAGE_KEY = 'stakeCalculatorState';

export type CalculatorGameStatus = 'Playing' | 'Ended';

export interface StakeCalculatorState {
  /** Accumulated loss, kobo. */
  readonly totalLost: number;
  /** Profit so far, kobo. */
  readonly gameProfit: number;
  /** Target per game, kobo; 0 until Start Session. */
  readonly gameTarget: number;
  /** Losses since the last win (a win resets it). */
  readonly lossCount: number;
  readonly winCount: number;
  readonly gameCount: number;
  /** What the user is betting on, free text. */
  readonly option: string;
  /** The odd of the current (or last) game as a canonical decimal string ('1.5'), '' before any. */
  readonly odd: string;
  /** Stake of the game being played, kobo; 0 when no game is Playing. */
  readonly stake: number;
  readonly gameStatus: CalculatorGameStatus;
  /** Capital the user gave for the risk figures, kobo; 0 when not given. Not in SPEC. */
  readonly capital: number;
  /** Largest stake the user accepts, kobo; 0 for none. Not in SPEC. */
  readonly maxStake: number;
}

export interface CalculatorToast {
  readonly type: 'success' | 'error';
  readonly message: string;
}

export type CalculatorResult<S> =
  { readonly ok: true; readonly state: S; readonly toast: CalculatorToast } | { readonly ok: false; readonly error: string };

export type OddResult = { ok: true; thousandths: number; text: string } | { ok: false; error: string };

export const INITIAL_STAKE_CALCULATOR_STATE: StakeCalculatorState = Object.freeze({
  totalLost: 0,
  gameProfit: 0,
  gameTarget: 0,
  lossCount: 0,
  winCount: 0,
  gameCount: 0,
  option: '',
  odd: '',
  stake: 0,
  gameStatus: 'Ended',
  capital: 0,
  maxStake: 0,
});

/**
 * Reads a typed odd exactly (no float): '1.5', ' 2.05 ', '3', '.5' (refused as not above 1).
 * Refuses empty, non-numeric ('abc', '1e3', '2,5', '-2'), more than 3 decimals, 1 or less, above MAX_ODD.
 */
export function parseOdd(text: string): OddResult {
  const cleaned = String(text).trim();
  if (cleaned === '') return { ok: false, error: ERROR_ODD_EMPTY };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || cleaned === '.') return { ok: false, error: ERROR_ODD_INVALID };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 3) return { ok: false, error: ERROR_ODD_DECIMALS };
  if (whole.length > String(MAX_ODD).length) return { ok: false, error: ERROR_ODD_TOO_LARGE };
  const thousandths = Number(whole === '' ? '0' : whole) * ODD_SCALE + Number(fraction.padEnd(3, '0'));
  if (thousandths <= ODD_SCALE) return { ok: false, error: ERROR_ODD_NOT_ABOVE_ONE };
  if (thousandths > MAX_ODD * ODD_SCALE) return { ok: false, error: ERROR_ODD_TOO_LARGE };
  return { ok: true, thousandths, text: formatOdd(thousandths) };
}

/** Canonical text of an odd in thousandths: 1500 -> '1.5', 2000 -> '2', 1333 -> '1.333'. */
export function formatOdd(thousandths: number): string {
  const whole = Math.floor(thousandths / ODD_SCALE);
  const fraction = String(thousandths % ODD_SCALE)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/**
 * SPEC 5 stake formula: (accumulated loss + game target) / (odd - 1), in kobo, rounded half up.
 * Throws a MoneyError when the result would pass MAX_KOBO or the odd is not above 1.
 */
export function stakeKobo(accumulatedLossKobo: number, targetKobo: number, oddThousandths: number): number {
  if (!Number.isSafeInteger(oddThousandths) || oddThousandths <= ODD_SCALE) {
    throw new MoneyError('the odd must be greater than 1');
  }
  return scaleKobo(addKobo(accumulatedLossKobo, targetKobo), ODD_SCALE, oddThousandths - ODD_SCALE);
}

/** The stake for a typed odd, or the refusal message (odd errors, or amounts too large). */
export function stakeForOdd(
  accumulatedLossKobo: number,
  targetKobo: number,
  oddText: string,
): { ok: true; stake: number; odd: string } | { ok: false; error: string } {
  const odd = parseOdd(oddText);
  if (!odd.ok) return odd;
  try {
    return { ok: true, stake: stakeKobo(accumulatedLossKobo, targetKobo, odd.thousandths), odd: odd.text };
  } catch (e) {
    if (e instanceof MoneyError) return { ok: false, error: ERROR_AMOUNT_TOO_LARGE };
    /* v8 ignore next */
    throw e;
  }
}

function success<S>(state: S, message: string, type: CalculatorToast['type'] = 'success'): CalculatorResult<S> {
  return { ok: true, state, toast: { type, message } };
}

function refuse(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** Start Session: sets the game target (typed, e.g. '₦1,000' or '500') and resets win, loss and game counts. */
export function startSession(state: StakeCalculatorState, targetText: string): CalculatorResult<StakeCalculatorState> {
  if (state.gameStatus === 'Playing') return refuse(ERROR_FINISH_GAME_FIRST);
  const target = parseNairaInput(targetText);
  if (!target.ok) return target;
  if (target.kobo === 0) return refuse(ERROR_TARGET_ZERO);
  return success({ ...state, gameTarget: target.kobo, winCount: 0, lossCount: 0, gameCount: 0 }, TOAST_SESSION_CONFIGURED);
}

/** Calculate: status Playing, stake = (accumulated loss + target) / (odd - 1); option and odd kept. */
export function calculateStake(
  state: StakeCalculatorState,
  input: { readonly option: string; readonly odd: string },
): CalculatorResult<StakeCalculatorState> {
  if (state.gameTarget === 0) return refuse(ERROR_NO_TARGET);
  if (state.gameStatus === 'Playing') return refuse(GAME_GOING_ON_MESSAGE);
  const option = String(input.option).trim();
  if (option.length > MAX_OPTION_LENGTH) return refuse(ERROR_OPTION_TOO_LONG);
  const result = stakeForOdd(state.totalLost, state.gameTarget, input.odd);
  if (!result.ok) return result;
  const stop = maxStakeStopMessage(result.stake, state.maxStake, state.totalLost);
  if (stop !== null) return refuse(stop);
  return success({ ...state, option, odd: result.odd, stake: result.stake, gameStatus: 'Playing' }, TOAST_STAKE_CALCULATED);
}

/** Loss: accumulated loss grows by the stake, game and loss counts +1, status Ended, stake 0. Toast 'Oops try again'. */
export function recordLoss(state: StakeCalculatorState): CalculatorResult<StakeCalculatorState> {
  if (state.gameStatus !== 'Playing') return refuse(NO_GAME_GOING_ON_MESSAGE);
  let totalLost: number;
  try {
    totalLost = addKobo(state.totalLost, state.stake);
  } catch {
    return refuse(ERROR_AMOUNT_TOO_LARGE);
  }
  return success(
    { ...state, totalLost, gameCount: state.gameCount + 1, lossCount: state.lossCount + 1, gameStatus: 'Ended', stake: 0 },
    TOAST_LOSS,
    'error',
  );
}

/** Win: profit grows by the target, accumulated loss and loss count reset, win and game counts +1, Ended. */
export function recordWin(state: StakeCalculatorState): CalculatorResult<StakeCalculatorState> {
  if (state.gameStatus !== 'Playing') return refuse(NO_GAME_GOING_ON_MESSAGE);
  let gameProfit: number;
  try {
    gameProfit = addKobo(state.gameProfit, state.gameTarget);
  } catch {
    return refuse(ERROR_AMOUNT_TOO_LARGE);
  }
  return success(
    {
      ...state,
      gameProfit,
      totalLost: 0,
      lossCount: 0,
      winCount: state.winCount + 1,
      gameCount: state.gameCount + 1,
      gameStatus: 'Ended',
      stake: 0,
    },
    TOAST_WIN,
  );
}

/**
 * Risk settings: capital and maximum stake as typed ('' for none). The maximum stake may be lowered
 * at any time but raised or removed only with no accumulated loss (canChangeMaxStake).
 */
export function saveStakeRiskSettings(
  state: StakeCalculatorState,
  input: { readonly capital: string; readonly maxStake: string },
): CalculatorResult<StakeCalculatorState> {
  const capital = optionalAmount(input.capital);
  if (!capital.ok) return capital;
  const maxStake = optionalAmount(input.maxStake);
  if (!maxStake.ok) return maxStake;
  if (!canChangeMaxStake(state.maxStake, maxStake.kobo, state.totalLost)) return refuse(ERROR_MAX_STAKE_RAISE);
  return success({ ...state, capital: capital.kobo, maxStake: maxStake.kobo }, TOAST_RISK_SETTINGS_SAVED);
}

/** An amount field that may stay empty (0). */
export function optionalAmount(text: string): { ok: true; kobo: number } | { ok: false; error: string } {
  return String(text).trim() === '' ? { ok: true, kobo: 0 } : parseNairaInput(text);
}

/** Reset System: everything back to zero. */
export function resetStakeCalculator(): CalculatorResult<StakeCalculatorState> {
  return success(INITIAL_STAKE_CALCULATOR_STATE, TOAST_SYSTEM_RESET);
}

export interface StakeCalculatorView {
  /** The Enter Game Details panel is shown only when the game target is above 0. */
  readonly showEnterGameDetails: boolean;
  /** Inside that panel: 'A game is going on now.' instead of the form while Playing, else null. */
  readonly gameGoingOnMessage: string | null;
  /** Whether the odd/option form (with Calculate) is shown. */
  readonly showGameForm: boolean;
  /** Current-game panel empty state: 'No game is going on.' unless Playing, else null. */
  readonly currentGameEmptyMessage: string | null;
  /** Win and Loss are offered only while Playing. */
  readonly canRecordResult: boolean;
  readonly totalLost: string;
  readonly gameProfit: string;
  readonly gameTarget: string;
  readonly stake: string;
}

/** What the screen shows for a state; amounts through formatNaira. */
export function stakeCalculatorView(state: StakeCalculatorState): StakeCalculatorView {
  const playing = state.gameStatus === 'Playing';
  const showEnterGameDetails = state.gameTarget > 0;
  return {
    showEnterGameDetails,
    gameGoingOnMessage: showEnterGameDetails && playing ? GAME_GOING_ON_MESSAGE : null,
    showGameForm: showEnterGameDetails && !playing,
    currentGameEmptyMessage: playing ? null : NO_GAME_GOING_ON_MESSAGE,
    canRecordResult: playing,
    totalLost: formatNaira(state.totalLost),
    gameProfit: formatNaira(state.gameProfit),
    gameTarget: formatNaira(state.gameTarget),
    stake: formatNaira(state.stake),
  };
}

/**
 * The stakes of a losing run at one odd (in thousandths): [0] is the stake of the next game (from
 * the accumulated loss given), [i] the stake after i losses in a row, each computed and rounded
 * exactly as Calculate would; null from the first one past MAX_KOBO on.
 */
export function stakeRunStakes(
  accumulatedLossKobo: number,
  targetKobo: number,
  oddThousandths: number,
  count: number,
): (number | null)[] {
  const stakes: (number | null)[] = [];
  let lost: number | null = accumulatedLossKobo;
  for (let i = 0; i < count; i += 1) {
    let stake: number | null = null;
    if (lost !== null) {
      try {
        stake = stakeKobo(lost, targetKobo, oddThousandths);
        lost = addKobo(lost, stake);
      } catch (e) {
        if (!(e instanceof MoneyError)) throw e;
        lost = null;
      }
    }
    stakes.push(stake);
  }
  return stakes;
}

export interface CalculatorRisk {
  /** The odd the figures are for, canonical text. */
  readonly odd: string;
  readonly figures: readonly LossRunFigure[];
}

/**
 * The risk of going on from here: the game being played (or, between games, the next one at the odd
 * typed) and the following ones all lost. Null without a target or a valid odd.
 */
export function stakeCalculatorRisk(state: StakeCalculatorState, typedOdd: string): CalculatorRisk | null {
  if (state.gameTarget === 0) return null;
  const odd = parseOdd(state.gameStatus === 'Playing' ? state.odd : typedOdd);
  if (!odd.ok) return null;
  const longest = Math.max(...RISK_RUN_LENGTHS);
  const stakes = stakeRunStakes(state.totalLost, state.gameTarget, odd.thousandths, longest + 1);
  return { odd: odd.text, figures: lossRunFigures(stakes, state.capital, odd.thousandths) };
}

/**
 * The maximum-stake stop for the odd typed between games: the message Calculate would refuse with,
 * so the screen can show it before and after the press. Null while Playing or when within the limit.
 */
export function stakeCalculatorStop(state: StakeCalculatorState, typedOdd: string): string | null {
  if (state.gameStatus === 'Playing' || state.gameTarget === 0 || state.maxStake === 0) return null;
  const result = stakeForOdd(state.totalLost, state.gameTarget, typedOdd);
  return result.ok ? maxStakeStopMessage(result.stake, state.maxStake, state.totalLost) : null;
}

const koboSchema = z.number().check(z.int(), z.gte(0), z.lte(MAX_KOBO));
const countSchema = z.number().check(z.int(), z.gte(0));

/** Shape and invariants of a stored state. Anything else is corruption. */
export const stakeCalculatorStateSchema = z
  .object({
    totalLost: koboSchema,
    gameProfit: koboSchema,
    gameTarget: koboSchema,
    lossCount: countSchema,
    winCount: countSchema,
    gameCount: countSchema,
    option: z.string().check(z.maxLength(MAX_OPTION_LENGTH)),
    odd: z.string(),
    stake: koboSchema,
    gameStatus: z.enum(['Playing', 'Ended']),
    // Added for safer play: states stored before have neither.
    capital: z._default(koboSchema, 0),
    maxStake: z._default(koboSchema, 0),
  })
  .check(
    z.refine((s) => s.winCount + s.lossCount <= s.gameCount, { message: 'counts do not add up' }),
    z.refine((s) => (s.gameStatus === 'Playing' ? s.stake > 0 && s.gameTarget > 0 && parseOdd(s.odd).ok : s.stake === 0), {
      message: 'a Playing game needs a stake, a target and a valid odd; an Ended one has no stake',
    }),
    z.refine((s) => s.odd === '' || parseOdd(s.odd).ok, { message: 'invalid odd' }),
  );

/**
 * Reads the state the web stored (localStorage text or an already parsed value). Missing,
 * unreadable or corrupted data falls back to the initial state.
 */
export function loadStakeCalculatorState(stored: unknown): StakeCalculatorState {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      return INITIAL_STAKE_CALCULATOR_STATE;
    }
  }
  const parsed = stakeCalculatorStateSchema.safeParse(value);
  return parsed.success ? parsed.data : INITIAL_STAKE_CALCULATOR_STATE;
}

/** Text to keep in localStorage. */
export function serializeStakeCalculatorState(state: StakeCalculatorState): string {
  return JSON.stringify(state);
}
