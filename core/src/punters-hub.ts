/**
 * Punters Hub rules (SPEC sections 2 'Punters Hub' and 'My Games', 3 'Betting code', 4, 5 'Post game',
 * 6, 8 and 9). Pure data and functions: no Firebase, no DOM. Prices are kobo (see money.ts).
 */
import { z } from 'zod/mini';
import { TOKEN_EXPIRED_MESSAGE } from './api/errors';
import { nairaToKobo } from './money';

/** Game statuses, also the tabs, in display order. */
export const GAME_STATUSES = ['Active', 'Boom', 'Cut', 'Ended'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const EMPTY_NO_CODES = 'Sorry, no betting codes posted yet for this category. Check again later.';
export const EMPTY_STILL_COOKING = 'Punters still cooking games.. Abeg wait small';
export const EMPTY_BIGGER_ODDS = 'Waiting for games with bigger Odds';

/**
 * Empty state of each tab. SPEC lists three messages for four tabs without pairing them; decided here:
 * - Active: nothing is on sale yet -> 'Sorry, no betting codes posted yet for this category. Check again later.'
 * - Boom (codes that won): nothing has landed yet -> 'Punters still cooking games.. Abeg wait small'
 * - Cut (codes that failed): none so far -> 'Waiting for games with bigger Odds'
 * - Ended: the generic 'Sorry, no betting codes posted yet for this category. Check again later.'
 */
export const TAB_EMPTY_STATES: Readonly<Record<GameStatus, string>> = {
  Active: EMPTY_NO_CODES,
  Boom: EMPTY_STILL_COOKING,
  Cut: EMPTY_BIGGER_ODDS,
  Ended: EMPTY_NO_CODES,
};

/** The games of one tab, order kept. */
export function gamesForTab<T extends { status: string }>(games: readonly T[], tab: GameStatus): T[] {
  return games.filter((g) => g.status === tab);
}

/** What a tab shows: its games, or its empty-state message when it has none. */
export function tabView<T extends { status: string }>(
  games: readonly T[],
  tab: GameStatus,
): { games: T[]; emptyMessage: string | null } {
  const list = gamesForTab(games, tab);
  return { games: list, emptyMessage: list.length === 0 ? TAB_EMPTY_STATES[tab] : null };
}

/** Platforms a code can be posted for (SPEC section 9), in display order. */
export const PLATFORMS = ['sportybet', 'bet9ja', '1xbet', 'nairabet'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** Platforms that have a list icon; nairabet has none (SPEC section 9). */
export const PLATFORMS_WITH_ICON: readonly Platform[] = ['sportybet', 'bet9ja', '1xbet'];

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** True when the list shows an icon for this platform. */
export function platformHasIcon(platform: string): boolean {
  return (PLATFORMS_WITH_ICON as readonly string[]).includes(platform);
}

/** Prices a monetizing punter may choose: ₦0, ₦100, ₦200, ₦500 (kobo). */
export const MONETIZED_PRICES_KOBO: readonly number[] = [0, 100, 200, 500].map((n) => nairaToKobo(n));
/** Prices anyone else may choose: free only. */
export const FREE_ONLY_PRICES_KOBO: readonly number[] = [0];

/** Prices offered in the post-game form, in kobo: 0 only, or 0/100/200/500 naira with can_monetize_game. */
export function allowedPricesKobo(canMonetizeGame: boolean): readonly number[] {
  return canMonetizeGame ? MONETIZED_PRICES_KOBO : FREE_ONLY_PRICES_KOBO;
}

/** True when `priceKobo` is one of the prices this user may set. */
export function isAllowedPrice(canMonetizeGame: boolean, priceKobo: number): boolean {
  return allowedPricesKobo(canMonetizeGame).includes(priceKobo);
}

/** Non-negative decimal: digits, optionally a dot and more digits ('3', '3.50', '0.5'). */
export const ODDS_PATTERN = /^\d+(\.\d+)?$/;
export const INVALID_ODDS_MESSAGE = 'Please enter a valid float value (e.g., 3.50)';

/** The post-game form as typed (all strings, as inputs give them). */
export interface PostGameForm {
  readonly game_code: string;
  readonly odd: string;
  readonly title: string;
  /** Price in naira as the select gives it ('0', '100', ...). */
  readonly amount: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly platform: string;
}

export type PostGameField = keyof PostGameForm;
/** Fields that must be present, in form order. */
export const POST_GAME_REQUIRED_FIELDS: readonly PostGameField[] = [
  'game_code',
  'odd',
  'title',
  'amount',
  'startDate',
  'endDate',
  'platform',
];

export interface PostGameValidation {
  /** Submit is enabled only when this is true. */
  readonly canSubmit: boolean;
  /** Required fields that are blank (after trimming). */
  readonly missing: readonly PostGameField[];
  /** 'Please enter a valid float value (e.g., 3.50)' once something invalid is typed in odds; null otherwise. */
  readonly oddsError: string | null;
  /** True when the amount is not a price this user may set (the select should make this impossible). */
  readonly priceNotAllowed: boolean;
  /** True when the platform is not one of PLATFORMS. */
  readonly unknownPlatform: boolean;
}

/**
 * Post-game validation (SPEC section 5): submit is disabled unless code, odds, title, amount, start,
 * end and platform are present and the odds match a non-negative decimal. Additionally (defence in
 * depth, the form offers nothing else) the price must be allowed for this user and the platform known.
 * An empty odds field shows no error (it is reported as missing); anything else that is not a
 * non-negative decimal shows INVALID_ODDS_MESSAGE.
 */
export function validatePostGame(form: PostGameForm, canMonetizeGame: boolean): PostGameValidation {
  const missing = POST_GAME_REQUIRED_FIELDS.filter((field) => form[field].trim() === '');
  const odd = form.odd.trim();
  const oddsError = odd !== '' && !ODDS_PATTERN.test(odd) ? INVALID_ODDS_MESSAGE : null;
  const amount = form.amount.trim();
  const priceKobo = /^\d+(\.\d{1,2})?$/.test(amount) ? nairaToKobo(Number(amount)) : null;
  const priceNotAllowed = amount !== '' && (priceKobo === null || !isAllowedPrice(canMonetizeGame, priceKobo));
  const platform = form.platform.trim();
  const unknownPlatform = platform !== '' && !isPlatform(platform);
  return {
    canSubmit: missing.length === 0 && oddsError === null && !priceNotAllowed && !unknownPlatform,
    missing,
    oddsError,
    priceNotAllowed,
    unknownPlatform,
  };
}

export const GAME_POSTED_SUCCESS = 'Game posted successfully';
export const GAME_POST_FAILURE = 'Failed to post game';
export const FETCH_GAMES_FAILURE = 'Failed to fetch games';
export const MY_GAMES_LOAD_FAILURE = 'Error loading games';
export const CODE_COPIED = 'Code copied';
export const CODE_COPY_FAILURE = 'Failed to copy code';

/** Direction of the punting_power arrow: up above 50, down otherwise (50 itself is down). */
export function puntingPowerArrow(puntingPower: number): 'up' | 'down' {
  return puntingPower > 50 ? 'up' : 'down';
}

export const GAME_ENDED_MESSAGE = 'Game has ended';

/** Only Active games offer get/buy; every other status shows 'Game has ended'. */
export function gameAction(status: string): { canGetOrBuy: true } | { canGetOrBuy: false; message: string } {
  return status === 'Active' ? { canGetOrBuy: true } : { canGetOrBuy: false, message: GAME_ENDED_MESSAGE };
}

export const GAME_RETRIEVED_SUCCESS = 'Game code retrieved successfully';
export const GAME_BOUGHT_SUCCESS = 'Game bought successfully';
export const BUY_GENERIC_ERROR = 'An error occurred';
/** Thrown by the client when buy-or-get answers anything but 200. */
export const UNEXPECTED_RESPONSE_STATUS = 'Unexpected response status';

/** Success toast after a get/buy: free games are 'retrieved', priced ones 'bought'. */
export function buySuccessMessage(amountKobo: number): string {
  return amountKobo === 0 ? GAME_RETRIEVED_SUCCESS : GAME_BOUGHT_SUCCESS;
}

/**
 * What to do after a failed get/buy: toast the server message (or 'An error occurred'); when the
 * message is 'Token is expired or invalid.' also clear the stored profile and go to /login.
 */
export function buyFailureOutcome(serverMessage: string | null | undefined): {
  toast: string;
  clearProfile: boolean;
  redirectTo: '/login' | null;
} {
  const message = typeof serverMessage === 'string' && serverMessage.trim() !== '' ? serverMessage : null;
  const expired = message === TOKEN_EXPIRED_MESSAGE;
  return { toast: message ?? BUY_GENERIC_ERROR, clearProfile: expired, redirectTo: expired ? '/login' : null };
}

export const EXPECTED_PROFIT_LABEL = 'Expected Profit';
export const CLEAR_GAMES_LABEL = 'Clear Games';

/** True when the viewer owns the game (and so sees 'Expected Profit'). Ids compare as strings. */
export function canSeeExpectedProfit(
  viewerId: string | number | null | undefined,
  gameUserId: string | number | null | undefined,
): boolean {
  if (viewerId == null || gameUserId == null) return false;
  const viewer = String(viewerId);
  return viewer !== '' && viewer === String(gameUserId);
}

/** 'Add Game' for can_post_game, otherwise 'Become a punter'. */
export function postGameButton(canPostGame: boolean): 'Add Game' | 'Become a punter' {
  return canPostGame ? 'Add Game' : 'Become a punter';
}

/** Clear Games is shown to role 1 (admin-like) only. */
export function canClearGames(role: number | string | null | undefined): boolean {
  return Number(role) === 1;
}

/** My-games page size; 'Load more games' shows while a full page came back. */
export const MY_GAMES_PAGE_SIZE = 5;
export const LOAD_MORE_GAMES_LABEL = 'Load more games';
export const MY_GAMES_TITLE = 'All my games';

export function showLoadMoreGames(lastPageCount: number): boolean {
  return lastPageCount >= MY_GAMES_PAGE_SIZE;
}

/**
 * Unlocked codes kept in the browser: game id -> game code. Plain immutable record; every function
 * returns a new one and never mutates its input.
 */
export type UnlockedCodes = Readonly<Record<string, string>>;

const storedRecordSchema = z.record(z.string(), z.unknown());

/**
 * Reads what was stored (e.g. JSON.parse of localStorage). Anything that is not a plain record
 * becomes an empty store; entries with an empty id or a non-string code are dropped.
 */
export function parseUnlockedCodes(stored: unknown): UnlockedCodes {
  const parsed = storedRecordSchema.safeParse(stored);
  if (!parsed.success) return {};
  return Object.fromEntries(
    Object.entries(parsed.data).filter((entry): entry is [string, string] => entry[0] !== '' && typeof entry[1] === 'string'),
  );
}

/** Stores the code after a successful buy/get. */
export function storeUnlockedCode(store: UnlockedCodes, gameId: string | number, code: string): UnlockedCodes {
  return { ...store, [String(gameId)]: code };
}

/** The stored code of a game, or null. */
export function unlockedCode(store: UnlockedCodes, gameId: string | number): string | null {
  const key = String(gameId);
  return Object.prototype.hasOwnProperty.call(store, key) ? (store[key] ?? null) : null;
}

/**
 * Applies the drop rule for one game being shown: when its status is Ended the stored code is
 * removed. Returns the (possibly new) store and the code to show (null when none or dropped).
 */
export function reconcileUnlockedCode(
  store: UnlockedCodes,
  game: { id: string | number; status: string },
): { store: UnlockedCodes; code: string | null } {
  const key = String(game.id);
  if (game.status === 'Ended') {
    if (!Object.prototype.hasOwnProperty.call(store, key)) return { store, code: null };
    const rest = { ...store };
    delete rest[key];
    return { store: rest, code: null };
  }
  return { store, code: unlockedCode(store, key) };
}

/** Applies the drop rule to a whole list: removes the codes of every listed game whose status is Ended. */
export function pruneUnlockedCodes(
  store: UnlockedCodes,
  games: readonly { id: string | number; status: string }[],
): UnlockedCodes {
  const ended = new Set(games.filter((g) => g.status === 'Ended').map((g) => String(g.id)));
  if (![...ended].some((id) => Object.prototype.hasOwnProperty.call(store, id))) return store;
  return Object.fromEntries(Object.entries(store).filter(([id]) => !ended.has(id)));
}

// ---------------------------------------------------------------------------------------------
// Settlement and the verified record (SPEC is silent; ADR 0010).
// ---------------------------------------------------------------------------------------------

/**
 * What Clear Games removes from the public list (ADR 0020): settled or ended codes only. An Active code
 * stays until it is settled or ended, so a paid code's escrow always reaches its punter or its buyers.
 */
export const CLEARABLE_GAME_STATUSES = ['Boom', 'Cut', 'Ended'] as const satisfies readonly GameStatus[];

/** What a punter (or an admin correcting it) may settle a code as. */
export const SETTLED_STATUSES = ['Boom', 'Cut'] as const;
export type SettledStatus = (typeof SETTLED_STATUSES)[number];

/** An Active code nobody settled this long after its last game (endDate) becomes Ended; its buyers are refunded. */
export const UNSETTLED_ENDS_AFTER_MS = 48 * 60 * 60 * 1000;
/** Below this many settled codes a punter is shown as new: the record says too little yet. */
export const MIN_RECORD_SAMPLE = 10;
/** The stake the ROI assumes a buyer puts on every paid code (₦1,000), on top of the code's price. */
export const REFERENCE_STAKE_KOBO = nairaToKobo(1000);

export const SALES_CLOSED_MESSAGE = 'Sales of this code closed when its first game started';
export const SETTLE_TOO_EARLY_MESSAGE = 'A code is settled after its last game has ended';
export const ALREADY_SETTLED_MESSAGE = 'This code is already settled; an admin can correct it';

/** One settled code, as the record counts it; `settledAt` orders them (epoch ms). */
export interface SettledCode {
  readonly status: SettledStatus;
  /** Total odds. */
  readonly odd: number;
  /** The code's price in kobo; 0 for a free code. */
  readonly priceKobo: number;
  readonly settledAt: number;
}

export interface PunterRecord {
  /** Settled codes (Boom + Cut): the sample size. */
  readonly games: number;
  readonly won: number;
  readonly lost: number;
  /** Percent of settled codes that landed, 0..100 (0 with no sample). */
  readonly winRate: number;
  /**
   * Return on investment in percent for a buyer who bought every paid code and staked
   * REFERENCE_STAKE_KOBO on it: a Boom returns stake x odds, a Cut loses the stake (the price is
   * refunded). Null when the punter has no settled paid code.
   */
  readonly roi: number | null;
  readonly paidGames: number;
  /** Current streak: +n for n Booms in a row (newest first), -n for n Cuts, 0 with none. */
  readonly streak: number;
  /**
   * The rating shown on cards, 0..100: the win rate pulled towards 50 by ten imaginary codes, so a
   * lucky first Boom does not show 100 (above 50 shows an up arrow).
   */
  readonly puntingPower: number;
  /** Fewer than MIN_RECORD_SAMPLE settled codes. */
  readonly isNew: boolean;
}

/** The verified record of a punter from their settled codes only (order does not matter). */
export function punterRecord(settled: readonly SettledCode[]): PunterRecord {
  const games = settled.length;
  const won = settled.filter((s) => s.status === 'Boom').length;
  const lost = games - won;
  const paid = settled.filter((s) => s.priceKobo > 0);
  let cost = 0;
  let back = 0;
  for (const s of paid) {
    // Kobo stay integers: the stake times the odds is rounded to the kobo.
    cost += REFERENCE_STAKE_KOBO + (s.status === 'Boom' ? s.priceKobo : 0);
    back += s.status === 'Boom' ? Math.round(REFERENCE_STAKE_KOBO * s.odd) : 0;
  }
  const newestFirst = [...settled].sort((a, b) => b.settledAt - a.settledAt);
  const head = newestFirst[0]?.status;
  let run = 0;
  for (const s of newestFirst) {
    if (s.status !== head) break;
    run += 1;
  }
  return {
    games,
    won,
    lost,
    winRate: games === 0 ? 0 : Math.round((won / games) * 1000) / 10,
    roi: cost === 0 ? null : Math.round(((back - cost) / cost) * 1000) / 10,
    paidGames: paid.length,
    streak: head === undefined ? 0 : head === 'Boom' ? run : -run,
    puntingPower: Math.round(((won + 5) / (games + 10)) * 100),
    isNew: games < MIN_RECORD_SAMPLE,
  };
}

/** True once the code's first game has started: from then on nobody can buy or get it. */
export function salesClosed(game: { earliest_game_time: string | null; startDate: string }, now: number): boolean {
  const first = Date.parse(game.earliest_game_time ?? game.startDate);
  return !Number.isFinite(first) || first <= now;
}
