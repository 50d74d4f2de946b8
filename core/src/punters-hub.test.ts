import { describe, expect, it } from 'vitest';
import { TOKEN_EXPIRED_MESSAGE } from './api/errors';
import {
  BUY_GENERIC_ERROR,
  CLEAR_GAMES_LABEL,
  CODE_COPIED,
  EXPECTED_PROFIT_LABEL,
  CODE_COPY_FAILURE,
  FETCH_GAMES_FAILURE,
  GAME_ENDED_MESSAGE,
  GAME_POSTED_SUCCESS,
  GAME_POST_FAILURE,
  GAME_STATUSES,
  INVALID_ODDS_MESSAGE,
  LOAD_MORE_GAMES_LABEL,
  MY_GAMES_LOAD_FAILURE,
  MY_GAMES_PAGE_SIZE,
  MY_GAMES_TITLE,
  ODDS_PATTERN,
  PLATFORMS,
  PLATFORMS_WITH_ICON,
  TAB_EMPTY_STATES,
  UNEXPECTED_RESPONSE_STATUS,
  allowedPricesKobo,
  buyFailureOutcome,
  buySuccessMessage,
  canClearGames,
  canSeeExpectedProfit,
  gameAction,
  gamesForTab,
  isAllowedPrice,
  isPlatform,
  parseUnlockedCodes,
  platformHasIcon,
  postGameButton,
  pruneUnlockedCodes,
  puntingPowerArrow,
  reconcileUnlockedCode,
  showLoadMoreGames,
  storeUnlockedCode,
  tabView,
  unlockedCode,
  validatePostGame,
  type PostGameForm,
  punterRecord,
  salesClosed,
} from './punters-hub';

const games = [
  { id: 'g1', status: 'Active' },
  { id: 'g2', status: 'Boom' },
  { id: 'g3', status: 'Active' },
  { id: 'g4', status: 'Ended' },
];

describe('status tabs', () => {
  it('are Active, Boom, Cut, Ended', () => {
    expect([...GAME_STATUSES]).toEqual(['Active', 'Boom', 'Cut', 'Ended']);
  });
  it('each show their SPEC empty state', () => {
    expect(TAB_EMPTY_STATES).toEqual({
      Active: 'Sorry, no betting codes posted yet for this category. Check again later.',
      Boom: 'Punters still cooking games.. Abeg wait small',
      Cut: 'Waiting for games with bigger Odds',
      Ended: 'Sorry, no betting codes posted yet for this category. Check again later.',
    });
  });
  it('filter games by status and keep order', () => {
    expect(gamesForTab(games, 'Active').map((g) => g.id)).toEqual(['g1', 'g3']);
    expect(tabView(games, 'Active')).toEqual({ games: [games[0], games[2]], emptyMessage: null });
  });
  it('show the empty message only when the tab has no game', () => {
    expect(tabView(games, 'Cut')).toEqual({ games: [], emptyMessage: 'Waiting for games with bigger Odds' });
    expect(tabView([], 'Boom').emptyMessage).toBe('Punters still cooking games.. Abeg wait small');
    expect(tabView(games, 'Boom').emptyMessage).toBeNull();
  });
});

describe('platforms', () => {
  it('are sportybet, bet9ja, 1xbet, nairabet with icons for the first three only', () => {
    expect([...PLATFORMS]).toEqual(['sportybet', 'bet9ja', '1xbet', 'nairabet']);
    expect(PLATFORMS_WITH_ICON).toEqual(['sportybet', 'bet9ja', '1xbet']);
    expect(platformHasIcon('sportybet')).toBe(true);
    expect(platformHasIcon('1xbet')).toBe(true);
    expect(platformHasIcon('nairabet')).toBe(false);
    expect(platformHasIcon('betking')).toBe(false);
    expect(isPlatform('bet9ja')).toBe(true);
    expect(isPlatform('Bet9ja')).toBe(false);
  });
});

describe('prices', () => {
  it('are ₦0 only without can_monetize_game', () => {
    expect(allowedPricesKobo(false)).toEqual([0]);
    expect(isAllowedPrice(false, 0)).toBe(true);
    expect(isAllowedPrice(false, 10_000)).toBe(false);
  });
  it('are ₦0, ₦100, ₦200, ₦500 with can_monetize_game', () => {
    expect(allowedPricesKobo(true)).toEqual([0, 10_000, 20_000, 50_000]);
    expect(isAllowedPrice(true, 50_000)).toBe(true);
    expect(isAllowedPrice(true, 30_000)).toBe(false);
  });
});

describe('post-game validation', () => {
  const valid: PostGameForm = {
    game_code: 'ABC123',
    odd: '3.50',
    title: 'Sunday banker',
    amount: '0',
    startDate: '2026-11-22T10:00',
    endDate: '2026-11-22T20:00',
    platform: 'sportybet',
  };
  it('enables submit when every field is present and the odds are a decimal', () => {
    expect(validatePostGame(valid, false)).toEqual({
      canSubmit: true,
      missing: [],
      oddsError: null,
      priceNotAllowed: false,
      unknownPlatform: false,
    });
  });
  it.each(['game_code', 'odd', 'title', 'amount', 'startDate', 'endDate', 'platform'] as const)(
    'disables submit when %s is missing (blank counts as missing)',
    (field) => {
      const result = validatePostGame({ ...valid, [field]: '  ' }, true);
      expect(result.canSubmit).toBe(false);
      expect(result.missing).toEqual([field]);
    },
  );
  it('lists every missing field in form order, without an odds error for empty odds', () => {
    const empty = { game_code: '', odd: '', title: '', amount: '', startDate: '', endDate: '', platform: '' };
    const result = validatePostGame(empty, true);
    expect(result.missing).toEqual(['game_code', 'odd', 'title', 'amount', 'startDate', 'endDate', 'platform']);
    expect(result.oddsError).toBeNull();
  });
  it.each(['3.50', '3', '0', '0.5', '12.345', ' 2.10 '])('accepts odds %j', (odd) => {
    expect(validatePostGame({ ...valid, odd }, false)).toMatchObject({ canSubmit: true, oddsError: null });
  });
  it.each(['-1', 'abc', '3.', '.5', '3,50', '1e3', '3.5.1', '+2'])("refuses odds %j with SPEC's message", (odd) => {
    const result = validatePostGame({ ...valid, odd }, false);
    expect(result.canSubmit).toBe(false);
    expect(result.oddsError).toBe('Please enter a valid float value (e.g., 3.50)');
  });
  it('exposes the odds pattern and its message', () => {
    expect(ODDS_PATTERN.test('3.50')).toBe(true);
    expect(INVALID_ODDS_MESSAGE).toBe('Please enter a valid float value (e.g., 3.50)');
  });
  it('refuses a price the user may not set', () => {
    expect(validatePostGame({ ...valid, amount: '100' }, false)).toMatchObject({ canSubmit: false, priceNotAllowed: true });
    expect(validatePostGame({ ...valid, amount: '100' }, true)).toMatchObject({ canSubmit: true, priceNotAllowed: false });
    expect(validatePostGame({ ...valid, amount: '500.00' }, true).canSubmit).toBe(true);
    expect(validatePostGame({ ...valid, amount: '300' }, true).priceNotAllowed).toBe(true);
    expect(validatePostGame({ ...valid, amount: 'free' }, true).priceNotAllowed).toBe(true);
  });
  it('refuses an unknown platform', () => {
    expect(validatePostGame({ ...valid, platform: 'betking' }, false)).toMatchObject({
      canSubmit: false,
      unknownPlatform: true,
    });
    expect(validatePostGame({ ...valid, platform: 'nairabet' }, false).canSubmit).toBe(true);
  });
});

describe('game display rules', () => {
  it('shows an up arrow above 50 and a down arrow otherwise', () => {
    expect(puntingPowerArrow(51)).toBe('up');
    expect(puntingPowerArrow(50.5)).toBe('up');
    expect(puntingPowerArrow(50)).toBe('down');
    expect(puntingPowerArrow(0)).toBe('down');
  });
  it("offers get/buy only on Active games, else 'Game has ended'", () => {
    expect(gameAction('Active')).toEqual({ canGetOrBuy: true });
    for (const status of ['Boom', 'Cut', 'Ended']) {
      expect(gameAction(status)).toEqual({ canGetOrBuy: false, message: 'Game has ended' });
    }
    expect(GAME_ENDED_MESSAGE).toBe('Game has ended');
  });
  it("shows 'Expected Profit' to the owner only", () => {
    expect(canSeeExpectedProfit('u1', 'u1')).toBe(true);
    expect(canSeeExpectedProfit(7, '7')).toBe(true);
    expect(canSeeExpectedProfit('u1', 'u2')).toBe(false);
    expect(canSeeExpectedProfit(null, 'u2')).toBe(false);
    expect(canSeeExpectedProfit('u1', undefined)).toBe(false);
    expect(canSeeExpectedProfit('', '')).toBe(false);
    expect(EXPECTED_PROFIT_LABEL).toBe('Expected Profit');
  });
  it("shows 'Add Game' to posters and 'Become a punter' to others", () => {
    expect(postGameButton(true)).toBe('Add Game');
    expect(postGameButton(false)).toBe('Become a punter');
  });
  it('shows Clear Games to role 1 only', () => {
    expect(canClearGames(1)).toBe(true);
    expect(canClearGames('1')).toBe(true);
    expect(canClearGames(0)).toBe(false);
    expect(canClearGames(2)).toBe(false);
    expect(canClearGames(null)).toBe(false);
    expect(CLEAR_GAMES_LABEL).toBe('Clear Games');
  });
});

describe('buy or get', () => {
  it('says retrieved for free games and bought for priced ones', () => {
    expect(buySuccessMessage(0)).toBe('Game code retrieved successfully');
    expect(buySuccessMessage(10_000)).toBe('Game bought successfully');
  });
  it('toasts the server message, or a generic one', () => {
    expect(buyFailureOutcome('Insufficient funds')).toEqual({
      toast: 'Insufficient funds',
      clearProfile: false,
      redirectTo: null,
    });
    expect(buyFailureOutcome(undefined)).toEqual({ toast: 'An error occurred', clearProfile: false, redirectTo: null });
    expect(buyFailureOutcome('  ').toast).toBe('An error occurred');
    expect(BUY_GENERIC_ERROR).toBe('An error occurred');
  });
  it('clears the session and goes to /login when the token expired', () => {
    expect(buyFailureOutcome('Token is expired or invalid.')).toEqual({
      toast: 'Token is expired or invalid.',
      clearProfile: true,
      redirectTo: '/login',
    });
    expect(TOKEN_EXPIRED_MESSAGE).toBe('Token is expired or invalid.');
    expect(UNEXPECTED_RESPONSE_STATUS).toBe('Unexpected response status');
  });
});

describe('messages', () => {
  it('carry the SPEC wording', () => {
    expect(GAME_POSTED_SUCCESS).toBe('Game posted successfully');
    expect(GAME_POST_FAILURE).toBe('Failed to post game');
    expect(FETCH_GAMES_FAILURE).toBe('Failed to fetch games');
    expect(MY_GAMES_LOAD_FAILURE).toBe('Error loading games');
    expect(CODE_COPIED).toBe('Code copied');
    expect(CODE_COPY_FAILURE).toBe('Failed to copy code');
  });
});

describe('my games paging', () => {
  it("shows 'Load more games' while a full page of 5 came back", () => {
    expect(MY_GAMES_PAGE_SIZE).toBe(5);
    expect(MY_GAMES_TITLE).toBe('All my games');
    expect(LOAD_MORE_GAMES_LABEL).toBe('Load more games');
    expect(showLoadMoreGames(5)).toBe(true);
    expect(showLoadMoreGames(4)).toBe(false);
    expect(showLoadMoreGames(0)).toBe(false);
  });
});

describe('unlocked codes', () => {
  it('stores a code per game id without mutating the input', () => {
    const empty = {};
    const one = storeUnlockedCode(empty, 'g1', 'CODE1');
    const two = storeUnlockedCode(one, 42, 'CODE42');
    expect(empty).toEqual({});
    expect(one).toEqual({ g1: 'CODE1' });
    expect(two).toEqual({ g1: 'CODE1', '42': 'CODE42' });
    expect(unlockedCode(two, 42)).toBe('CODE42');
    expect(unlockedCode(two, 'g2')).toBeNull();
    expect(unlockedCode(two, 'toString')).toBeNull();
  });
  it('keeps the code of a game that is not Ended', () => {
    const store = { g1: 'CODE1' };
    for (const status of ['Active', 'Boom', 'Cut']) {
      const result = reconcileUnlockedCode(store, { id: 'g1', status });
      expect(result).toEqual({ store: { g1: 'CODE1' }, code: 'CODE1' });
    }
  });
  it('drops the code when the game is Ended', () => {
    const store = { g1: 'CODE1', g2: 'CODE2' };
    expect(reconcileUnlockedCode(store, { id: 'g1', status: 'Ended' })).toEqual({ store: { g2: 'CODE2' }, code: null });
    expect(store).toEqual({ g1: 'CODE1', g2: 'CODE2' });
    const untouched = reconcileUnlockedCode(store, { id: 'g9', status: 'Ended' });
    expect(untouched).toEqual({ store, code: null });
    expect(untouched.store).toBe(store);
  });
  it('prunes the codes of every Ended game in a list', () => {
    const store = { g1: 'CODE1', g2: 'CODE2', g4: 'CODE4' };
    expect(pruneUnlockedCodes(store, games)).toEqual({ g1: 'CODE1', g2: 'CODE2' });
    const noEnded = { g1: 'CODE1' };
    expect(pruneUnlockedCodes(noEnded, games)).toBe(noEnded);
  });
  it('parses a stored record and drops anything that is not id -> code', () => {
    expect(parseUnlockedCodes({ g1: 'CODE1', g2: 5, '': 'x', g3: null })).toEqual({ g1: 'CODE1' });
    expect(parseUnlockedCodes(null)).toEqual({});
    expect(parseUnlockedCodes('CODE')).toEqual({});
    expect(parseUnlockedCodes(['a'])).toEqual({});
  });
});

describe('the verified record (ADR 0010)', () => {
  const at = (i: number) => Date.UTC(2026, 10, 1) + i * 86_400_000;
  it('counts settled codes only: win rate, streak, ROI for a buyer of every paid code, new below 10', () => {
    const record = punterRecord([
      { status: 'Boom', odd: 3, priceKobo: 20_000, settledAt: at(1) },
      { status: 'Cut', odd: 5, priceKobo: 50_000, settledAt: at(2) },
      { status: 'Boom', odd: 2, priceKobo: 0, settledAt: at(3) },
      { status: 'Boom', odd: 1.5, priceKobo: 0, settledAt: at(4) },
    ]);
    expect(record).toMatchObject({ games: 4, won: 3, lost: 1, winRate: 75, paidGames: 2, streak: 2, isNew: true });
    // Paid codes: Boom at 3.00 for ₦200 (stake ₦1,000 returns ₦3,000 for ₦1,200) and a Cut (stake lost, price refunded).
    // (3000 - 1200 - 1000) / 2200 = 36.4%
    expect(record.roi).toBe(36.4);
    // (3 + 5) / (4 + 10) = 57%: a short lucky run does not show a perfect rating.
    expect(record.puntingPower).toBe(57);
    expect(puntingPowerArrow(record.puntingPower)).toBe('up');
  });
  it('a losing run streaks negative and rates below 50; no paid code means no ROI', () => {
    const record = punterRecord(
      Array.from({ length: 12 }, (_, i) => ({ status: i < 4 ? 'Boom' : 'Cut', odd: 2, priceKobo: 0, settledAt: at(i) }) as const),
    );
    expect(record).toMatchObject({ games: 12, won: 4, streak: -8, roi: null, isNew: false, puntingPower: 41 });
    expect(punterRecord([])).toMatchObject({ games: 0, winRate: 0, streak: 0, roi: null, puntingPower: 50, isNew: true });
  });
  it('closes sales when the first game starts', () => {
    const game = { earliest_game_time: '2026-11-24T18:00:00.000Z', startDate: '2026-11-24T19:00:00.000Z' };
    expect(salesClosed(game, Date.parse('2026-11-24T17:59:59.000Z'))).toBe(false);
    expect(salesClosed(game, Date.parse('2026-11-24T18:00:00.000Z'))).toBe(true);
    expect(salesClosed({ earliest_game_time: null, startDate: 'not a date' }, 0)).toBe(true);
  });
});
