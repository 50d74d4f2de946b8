import { describe, expect, it } from 'vitest';
import { MAX_KOBO, MoneyError } from './money';
import {
  ERROR_AMOUNT_TOO_LARGE,
  ERROR_FINISH_GAME_FIRST,
  ERROR_NO_TARGET,
  ERROR_ODD_DECIMALS,
  ERROR_ODD_EMPTY,
  ERROR_ODD_INVALID,
  ERROR_ODD_NOT_ABOVE_ONE,
  ERROR_ODD_TOO_LARGE,
  ERROR_OPTION_TOO_LONG,
  ERROR_TARGET_ZERO,
  GAME_GOING_ON_MESSAGE,
  INITIAL_STAKE_CALCULATOR_STATE,
  NO_GAME_GOING_ON_MESSAGE,
  STAKE_CALCULATOR_STORAGE_KEY,
  TOAST_LOSS,
  TOAST_SESSION_CONFIGURED,
  TOAST_STAKE_CALCULATED,
  TOAST_SYSTEM_RESET,
  TOAST_WIN,
  calculateStake,
  formatOdd,
  loadStakeCalculatorState,
  parseOdd,
  recordLoss,
  recordWin,
  resetStakeCalculator,
  serializeStakeCalculatorState,
  stakeCalculatorStateSchema,
  stakeCalculatorView,
  stakeForOdd,
  stakeKobo,
  startSession,
  type CalculatorResult,
  type StakeCalculatorState,
} from './stake-calculator';

function ok<S>(result: CalculatorResult<S>): { state: S; toast: { type: string; message: string } } {
  if (!result.ok) throw new Error(`expected success, got ${result.error}`);
  return result;
}

function errorOf<S>(result: CalculatorResult<S>): string {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

const initial = INITIAL_STAKE_CALCULATOR_STATE;

describe('SPEC strings', () => {
  it('are copied exactly', () => {
    expect(TOAST_SESSION_CONFIGURED).toBe('Session configured successfully');
    expect(TOAST_STAKE_CALCULATED).toBe('Stake calculated successfully');
    expect(TOAST_LOSS).toBe('Oops try again');
    expect(TOAST_WIN).toBe('Congratulations boss');
    expect(TOAST_SYSTEM_RESET).toBe('System reset successfully');
    expect(GAME_GOING_ON_MESSAGE).toBe('A game is going on now.');
    expect(NO_GAME_GOING_ON_MESSAGE).toBe('No game is going on.');
  });
});

describe('parseOdd / formatOdd', () => {
  it.each([
    ['1.5', 1500, '1.5'],
    [' 2.05 ', 2050, '2.05'],
    ['3', 3000, '3'],
    ['1.001', 1001, '1.001'],
    ['2.500', 2500, '2.5'],
    ['02.10', 2100, '2.1'],
    ['10.', 10_000, '10'],
    ['1000000', 1_000_000_000, '1000000'],
  ])('reads %j exactly', (text, thousandths, canonical) => {
    expect(parseOdd(text)).toEqual({ ok: true, thousandths, text: canonical });
  });
  it.each([
    ['', ERROR_ODD_EMPTY],
    ['  ', ERROR_ODD_EMPTY],
    ['abc', ERROR_ODD_INVALID],
    ['1e3', ERROR_ODD_INVALID],
    ['2,5', ERROR_ODD_INVALID],
    ['-2', ERROR_ODD_INVALID],
    ['.', ERROR_ODD_INVALID],
    ['1.2.3', ERROR_ODD_INVALID],
    ['Infinity', ERROR_ODD_INVALID],
    ['1.0005', ERROR_ODD_DECIMALS],
    ['1', ERROR_ODD_NOT_ABOVE_ONE],
    ['1.000', ERROR_ODD_NOT_ABOVE_ONE],
    ['0.5', ERROR_ODD_NOT_ABOVE_ONE],
    ['.5', ERROR_ODD_NOT_ABOVE_ONE],
    ['0', ERROR_ODD_NOT_ABOVE_ONE],
    ['1000000.001', ERROR_ODD_TOO_LARGE],
    ['99999999999999999999', ERROR_ODD_TOO_LARGE],
  ])('refuses %j with %j', (text, error) => {
    expect(parseOdd(text)).toEqual({ ok: false, error });
  });
  it('formats thousandths canonically', () => {
    expect(formatOdd(1500)).toBe('1.5');
    expect(formatOdd(2000)).toBe('2');
    expect(formatOdd(1333)).toBe('1.333');
    expect(formatOdd(1050)).toBe('1.05');
    expect(formatOdd(1001)).toBe('1.001');
  });
});

describe('stake formula', () => {
  it('is (accumulated loss + target) / (odd - 1) in kobo', () => {
    // (0 + ₦1,000) / (2 - 1) = ₦1,000
    expect(stakeKobo(0, 100_000, 2000)).toBe(100_000);
    // (₦2,000 + ₦1,000) / (1.5 - 1) = ₦6,000
    expect(stakeKobo(200_000, 100_000, 1500)).toBe(600_000);
    // ₦1,000 / 0.3 = ₦3,333.333.. -> 333,333 kobo
    expect(stakeKobo(0, 100_000, 1300)).toBe(333_333);
    // ₦1,000 / 0.7 = ₦1,428.5714.. -> 142,857 kobo
    expect(stakeKobo(0, 100_000, 1700)).toBe(142_857);
    // half a kobo rounds up: 1 kobo / 2 = 0.5 -> 1 (odd 3)
    expect(stakeKobo(0, 1, 3000)).toBe(1);
  });
  it('has no float drift where floats would', () => {
    // 1000 / (1.1 - 1) in floats is 9999.999999999991
    expect(1000 / (1.1 - 1)).not.toBe(10_000);
    expect(stakeKobo(0, 100_000, 1100)).toBe(1_000_000);
  });
  it('refuses an odd of 1 or less and overflow', () => {
    expect(() => stakeKobo(0, 100, 1000)).toThrow(MoneyError);
    expect(() => stakeKobo(0, 100, 999)).toThrow('the odd must be greater than 1');
    expect(() => stakeKobo(0, 100, 1.5)).toThrow(MoneyError);
    expect(() => stakeKobo(0, MAX_KOBO, 1001)).toThrow(MoneyError);
  });
  it('stakeForOdd answers refusals as results', () => {
    expect(stakeForOdd(0, 100_000, '1.25')).toEqual({ ok: true, stake: 400_000, odd: '1.25' });
    expect(stakeForOdd(0, 100_000, '1')).toEqual({ ok: false, error: ERROR_ODD_NOT_ABOVE_ONE });
    expect(stakeForOdd(0, 100_000, '')).toEqual({ ok: false, error: ERROR_ODD_EMPTY });
    expect(stakeForOdd(0, 100_000, 'x')).toEqual({ ok: false, error: ERROR_ODD_INVALID });
    expect(stakeForOdd(MAX_KOBO - 100_000, 100_000, '1.001')).toEqual({ ok: false, error: ERROR_AMOUNT_TOO_LARGE });
    expect(stakeForOdd(MAX_KOBO, 100_000, '2')).toEqual({ ok: false, error: ERROR_AMOUNT_TOO_LARGE });
  });
});

describe('Start Session', () => {
  it('sets the target, resets win, loss and game counts, keeps loss and profit', () => {
    const before: StakeCalculatorState = {
      ...initial,
      totalLost: 50_000,
      gameProfit: 70_000,
      lossCount: 2,
      winCount: 3,
      gameCount: 5,
    };
    const { state, toast } = ok(startSession(before, '₦1,000'));
    expect(toast).toEqual({ type: 'success', message: 'Session configured successfully' });
    expect(state).toEqual({ ...before, gameTarget: 100_000, lossCount: 0, winCount: 0, gameCount: 0 });
  });
  it('reads free-text targets with decimals', () => {
    expect(ok(startSession(initial, '2,500.5')).state.gameTarget).toBe(250_050);
    expect(ok(startSession(initial, ' 500 ')).state.gameTarget).toBe(50_000);
  });
  it('refuses empty, non-numeric, zero and negative targets', () => {
    expect(errorOf(startSession(initial, ''))).toBe('Enter an amount');
    expect(errorOf(startSession(initial, 'abc'))).toBe('Enter a valid amount in naira');
    expect(errorOf(startSession(initial, '0'))).toBe(ERROR_TARGET_ZERO);
    expect(ERROR_TARGET_ZERO).toBe('Enter a game target above ₦0');
    expect(errorOf(startSession(initial, '-5'))).toBe('Amount cannot be negative');
  });
  it('is refused while a game is Playing', () => {
    const playing = ok(calculateStake(ok(startSession(initial, '1000')).state, { option: 'Over 1.5', odd: '2' })).state;
    expect(errorOf(startSession(playing, '2000'))).toBe(ERROR_FINISH_GAME_FIRST);
  });
});

describe('Calculate', () => {
  const session = ok(startSession(initial, '1000')).state;

  it('sets Playing and the stake, keeps option and the canonical odd', () => {
    const { state, toast } = ok(calculateStake(session, { option: ' Home win ', odd: '1.50' }));
    expect(toast).toEqual({ type: 'success', message: 'Stake calculated successfully' });
    expect(state).toEqual({ ...session, option: 'Home win', odd: '1.5', stake: 200_000, gameStatus: 'Playing' });
    expect(stakeCalculatorView(state).stake).toBe('₦2,000');
  });
  it('includes the accumulated loss', () => {
    const lost = { ...session, totalLost: 233_333 };
    const { state } = ok(calculateStake(lost, { option: '', odd: '1.3' }));
    // (2,333.33 + 1,000) / 0.3 = 11,111.1 -> 1,111,110 kobo -> '₦11,111'
    expect(state.stake).toBe(1_111_110);
    expect(stakeCalculatorView(state).stake).toBe('₦11,111');
  });
  it('refuses an odd of 1 or less, empty and non-numeric input, never NaN or Infinity', () => {
    for (const [odd, error] of [
      ['1', ERROR_ODD_NOT_ABOVE_ONE],
      ['0.9', ERROR_ODD_NOT_ABOVE_ONE],
      ['0', ERROR_ODD_NOT_ABOVE_ONE],
      ['', ERROR_ODD_EMPTY],
      ['two', ERROR_ODD_INVALID],
      ['NaN', ERROR_ODD_INVALID],
    ] as const) {
      expect(calculateStake(session, { option: 'x', odd })).toEqual({ ok: false, error });
    }
  });
  it('refuses before a session has a target, while Playing, and a too long option', () => {
    expect(errorOf(calculateStake(initial, { option: '', odd: '2' }))).toBe(ERROR_NO_TARGET);
    const playing = ok(calculateStake(session, { option: '', odd: '2' })).state;
    expect(errorOf(calculateStake(playing, { option: '', odd: '3' }))).toBe('A game is going on now.');
    expect(errorOf(calculateStake(session, { option: 'x'.repeat(201), odd: '2' }))).toBe(ERROR_OPTION_TOO_LONG);
    expect(ok(calculateStake(session, { option: 'x'.repeat(200), odd: '2' })).state.option).toHaveLength(200);
  });
  it('refuses a stake past the money cap', () => {
    const huge = { ...session, totalLost: MAX_KOBO - 100_000 };
    expect(errorOf(calculateStake(huge, { option: '', odd: '1.5' }))).toBe(ERROR_AMOUNT_TOO_LARGE);
  });
});

describe('Win and Loss', () => {
  const session = ok(startSession(initial, '1000')).state;
  const playing = ok(calculateStake(session, { option: 'Over 1.5', odd: '1.5' })).state; // stake ₦2,000

  it('Loss adds the stake to the accumulated loss, counts, Ended, stake 0, toast Oops try again', () => {
    const { state, toast } = ok(recordLoss(playing));
    expect(toast).toEqual({ type: 'error', message: 'Oops try again' });
    expect(state).toEqual({ ...playing, totalLost: 200_000, gameCount: 1, lossCount: 1, gameStatus: 'Ended', stake: 0 });
  });
  it('Win adds the target to profit, clears loss and loss count, counts, Ended, toast Congratulations boss', () => {
    const lost = ok(recordLoss(playing)).state;
    const again = ok(calculateStake(lost, { option: 'Over 1.5', odd: '2' })).state;
    expect(again.stake).toBe(300_000); // (2,000 + 1,000) / 1
    const { state, toast } = ok(recordWin(again));
    expect(toast).toEqual({ type: 'success', message: 'Congratulations boss' });
    expect(state).toEqual({
      ...again,
      gameProfit: 100_000,
      totalLost: 0,
      lossCount: 0,
      winCount: 1,
      gameCount: 2,
      gameStatus: 'Ended',
      stake: 0,
    });
  });
  it('are refused when no game is Playing', () => {
    expect(errorOf(recordLoss(session))).toBe('No game is going on.');
    expect(errorOf(recordWin(session))).toBe('No game is going on.');
  });
  it('refuse overflow instead of breaking the money cap', () => {
    const nearCap: StakeCalculatorState = { ...playing, totalLost: MAX_KOBO - 1, gameProfit: MAX_KOBO, stake: 2 };
    expect(errorOf(recordLoss(nearCap))).toBe(ERROR_AMOUNT_TOO_LARGE);
    expect(errorOf(recordWin(nearCap))).toBe(ERROR_AMOUNT_TOO_LARGE);
  });
  it('a losing run then a win recovers every loss plus the target', () => {
    let state = session;
    let staked = 0;
    const odds = ['1.5', '1.8', '2.05', '1.333'];
    for (const odd of odds) {
      state = ok(calculateStake(state, { option: '', odd })).state;
      staked += state.stake;
      state = ok(recordLoss(state)).state;
    }
    expect(state.totalLost).toBe(staked);
    expect(state.lossCount).toBe(4);
    state = ok(calculateStake(state, { option: '', odd: '1.7' })).state;
    const returns = Math.round((state.stake * 1700) / 1000);
    // winnings (stake x (odd - 1)) cover the losses plus the target, within a kobo of rounding
    expect(Math.abs(returns - state.stake - (staked + state.gameTarget))).toBeLessThanOrEqual(1);
    state = ok(recordWin(state)).state;
    expect(state).toMatchObject({ totalLost: 0, lossCount: 0, winCount: 1, gameCount: 5, gameProfit: 100_000 });
  });
});

describe('Reset System', () => {
  it('zeroes everything with its toast', () => {
    const { state, toast } = ok(resetStakeCalculator());
    expect(toast).toEqual({ type: 'success', message: 'System reset successfully' });
    expect(state).toEqual({
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
  });
});

describe('view', () => {
  it('hides Enter Game Details until the target is above 0 and shows No game is going on.', () => {
    const view = stakeCalculatorView(initial);
    expect(view).toEqual({
      showEnterGameDetails: false,
      gameGoingOnMessage: null,
      showGameForm: false,
      currentGameEmptyMessage: 'No game is going on.',
      canRecordResult: false,
      totalLost: '₦0',
      gameProfit: '₦0',
      gameTarget: '₦0',
      stake: '₦0',
    });
  });
  it('shows the form once a target is set', () => {
    const view = stakeCalculatorView(ok(startSession(initial, '12,345.5')).state);
    expect(view.showEnterGameDetails).toBe(true);
    expect(view.showGameForm).toBe(true);
    expect(view.gameGoingOnMessage).toBeNull();
    expect(view.gameTarget).toBe('₦12,346');
  });
  it("shows 'A game is going on now.' instead of the form while Playing", () => {
    const playing = ok(calculateStake(ok(startSession(initial, '1000')).state, { option: '', odd: '3' })).state;
    const view = stakeCalculatorView(playing);
    expect(view.gameGoingOnMessage).toBe('A game is going on now.');
    expect(view.showGameForm).toBe(false);
    expect(view.currentGameEmptyMessage).toBeNull();
    expect(view.canRecordResult).toBe(true);
    expect(view.stake).toBe('₦500');
  });
});

describe('stored state', () => {
  const playing = ok(calculateStake(ok(startSession(initial, '1000')).state, { option: 'BTTS', odd: '1.9' })).state;

  it('round-trips through localStorage text', () => {
    expect(STAKE_CALCULATOR_STORAGE_KEY).toBe('stakeCalculatorState');
    expect(loadStakeCalculatorState(serializeStakeCalculatorState(playing))).toEqual(playing);
    expect(loadStakeCalculatorState(playing)).toEqual(playing);
  });
  it.each([
    ['nothing stored', null],
    ['undefined', undefined],
    ['not JSON', '{oops'],
    ['a number', '42'],
    ['an array', '[]'],
    ['a missing field', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, stake: undefined })],
    ['a float amount', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, totalLost: 12.5 })],
    ['a negative amount', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, gameProfit: -1 })],
    ['an amount past the cap', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, gameTarget: MAX_KOBO + 1 })],
    ['an amount as text', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, gameTarget: '1000' })],
    ['an unknown status', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, gameStatus: 'Won' })],
    ['Playing without a stake', JSON.stringify({ ...playing, stake: 0 })],
    ['Playing with a bad odd', JSON.stringify({ ...playing, odd: '1' })],
    ['Playing without a target', JSON.stringify({ ...playing, gameTarget: 0 })],
    ['Ended with a stake', JSON.stringify({ ...playing, gameStatus: 'Ended' })],
    ['a garbage odd', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, odd: 'abc' })],
    ['counts that do not add up', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, winCount: 2, gameCount: 1 })],
    ['a negative count', JSON.stringify({ ...INITIAL_STAKE_CALCULATOR_STATE, lossCount: -1 })],
  ])('falls back to the initial state on %s', (_label, stored) => {
    expect(loadStakeCalculatorState(stored)).toEqual(INITIAL_STAKE_CALCULATOR_STATE);
  });
  it('the schema accepts every state the actions produce', () => {
    let state = ok(startSession(initial, '700')).state;
    for (const odd of ['1.2', '1.5', '2']) {
      state = ok(calculateStake(state, { option: 'o', odd })).state;
      expect(stakeCalculatorStateSchema.safeParse(state).success).toBe(true);
      state = ok(odd === '2' ? recordWin(state) : recordLoss(state)).state;
      expect(stakeCalculatorStateSchema.safeParse(state).success).toBe(true);
    }
  });
});
