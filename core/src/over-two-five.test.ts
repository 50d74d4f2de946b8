import { describe, expect, it } from 'vitest';
import { MAX_KOBO } from './money';
import {
  ERROR_NOT_SET_UP,
  ERROR_SETUP_AMOUNTS_ZERO,
  ERROR_SPLITS_OPTION,
  ERROR_STOP_LOSS_OPTION,
  ERROR_STRETCH_OPTION,
  INITIAL_OVER_TWO_FIVE_STATE,
  MAX_TARGET_PERCENT,
  OVER_TWO_FIVE_STORAGE_KEY,
  SPLIT_OPTIONS,
  STOP_LOSS_OPTIONS,
  STRETCH_OPTIONS,
  SUGGESTED_TARGET_PERCENT,
  TOAST_LOSS,
  TOAST_SESSION_CONFIGURED,
  TOAST_STAKE_CALCULATED,
  TOAST_SYSTEM_RESET,
  TOAST_WIN,
  calculateOverTwoFive,
  isCalculateDisabled,
  isTargetAboveSuggestion,
  isTargetOverLimit,
  loadNextSplitPortion,
  loadOverTwoFiveState,
  maxTargetMessage,
  overTwoFiveStateSchema,
  overTwoFiveView,
  recordOverTwoFiveLoss,
  recordOverTwoFiveWin,
  resetOverTwoFive,
  saveOverTwoFiveSetup,
  serializeOverTwoFiveState,
  setupFeedback,
  splitAccumulatedLoss,
  stopLossLimitKobo,
  stopLossWarning,
  suggestedTargetHint,
  suggestedTargetKobo,
  type CalculatorResult,
  type OverTwoFiveSetupInput,
  type OverTwoFiveState,
} from './over-two-five';
import {
  ERROR_AMOUNT_TOO_LARGE,
  ERROR_FINISH_GAME_FIRST,
  ERROR_ODD_EMPTY,
  ERROR_ODD_INVALID,
  ERROR_ODD_NOT_ABOVE_ONE,
} from './stake-calculator';

function ok(result: CalculatorResult<OverTwoFiveState>): { state: OverTwoFiveState; toast: { type: string; message: string } } {
  if (!result.ok) throw new Error(`expected success, got ${result.error}`);
  return result;
}
function errorOf(result: CalculatorResult<OverTwoFiveState>): string {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

const initial = INITIAL_OVER_TWO_FIVE_STATE;
const setup: OverTwoFiveSetupInput = { capital: '₦100,000', gameTarget: '1,500', stopLoss: 5, stretch: 4, splits: 2 };
const configured = ok(saveOverTwoFiveSetup(initial, setup)).state;

describe('constants and SPEC strings', () => {
  it('offers SPEC 9 setup options', () => {
    expect(STOP_LOSS_OPTIONS).toEqual([5, 10, 15, 20]);
    expect(STRETCH_OPTIONS).toEqual([4, 5, 6, 7]);
    expect(SPLIT_OPTIONS).toEqual([2, 4, 6, 8]);
    expect(MAX_TARGET_PERCENT).toBe(3);
    expect(SUGGESTED_TARGET_PERCENT).toBe(1.5);
  });
  it('shares the calculator toasts', () => {
    expect(TOAST_SESSION_CONFIGURED).toBe('Session configured successfully');
    expect(TOAST_STAKE_CALCULATED).toBe('Stake calculated successfully');
    expect(TOAST_LOSS).toBe('Oops try again');
    expect(TOAST_WIN).toBe('Congratulations boss');
    expect(TOAST_SYSTEM_RESET).toBe('System reset successfully');
  });
});

describe('target limit', () => {
  it('words the 3 % message exactly, amounts as formatNaira shows them', () => {
    expect(maxTargetMessage(10_000_000)).toBe('Sorry your maximum wining target for ₦100,000 should be ₦1,500');
    // 1.5 % of ₦12,345 = ₦185.175 -> 18,518 kobo -> '₦185'
    expect(maxTargetMessage(1_234_500)).toBe('Sorry your maximum wining target for ₦12,345 should be ₦185');
    expect(maxTargetMessage(123_456_789)).toBe('Sorry your maximum wining target for ₦1,234,568 should be ₦18,519');
    expect(suggestedTargetKobo(1_234_500)).toBe(18_518);
  });
  it('compares exactly at 3 % and 1.5 %', () => {
    expect(isTargetOverLimit(300_000, 10_000_000)).toBe(false);
    expect(isTargetOverLimit(300_001, 10_000_000)).toBe(true);
    expect(isTargetOverLimit(1, 0)).toBe(true);
    expect(isTargetOverLimit(0, 0)).toBe(false);
    expect(isTargetOverLimit(3 * (MAX_KOBO / 100), MAX_KOBO)).toBe(false);
    expect(isTargetOverLimit(3 * (MAX_KOBO / 100) + 1, MAX_KOBO)).toBe(true);
    expect(isTargetAboveSuggestion(150_000, 10_000_000)).toBe(false);
    expect(isTargetAboveSuggestion(150_001, 10_000_000)).toBe(true);
  });
  it('hint names the 1.5 % amount', () => {
    expect(suggestedTargetHint(10_000_000)).toBe('We suggest a target of ₦1,500 (1.5% of your capital)');
  });
});

describe('setupFeedback', () => {
  it('at exactly 3 %: no error, the hint, Save enabled', () => {
    expect(setupFeedback({ capital: '100,000', gameTarget: '3,000' })).toEqual({
      capitalKobo: 10_000_000,
      targetKobo: 300_000,
      targetPercent: 3,
      error: null,
      hint: 'We suggest a target of ₦1,500 (1.5% of your capital)',
      saveDisabled: false,
    });
  });
  it('above 3 %: the SPEC message, no hint, Save disabled', () => {
    const f = setupFeedback({ capital: '100,000', gameTarget: '3,000.01' });
    expect(f.error).toBe('Sorry your maximum wining target for ₦100,000 should be ₦1,500');
    expect(f.hint).toBeNull();
    expect(f.saveDisabled).toBe(true);
    expect(f.targetPercent).toBe(3);
    expect(setupFeedback({ capital: '100,000', gameTarget: '5,000' }).targetPercent).toBe(5);
  });
  it('the hint appears only above 1.5 %', () => {
    expect(setupFeedback({ capital: '100,000', gameTarget: '1,500' })).toMatchObject({
      hint: null,
      error: null,
      saveDisabled: false,
      targetPercent: 1.5,
    });
    expect(setupFeedback({ capital: '100,000', gameTarget: '1,500.01' }).hint).toBe(
      'We suggest a target of ₦1,500 (1.5% of your capital)',
    );
    expect(setupFeedback({ capital: '100,000', gameTarget: '1,000' }).hint).toBeNull();
  });
  it('Save is disabled when the target or capital is 0 or unreadable', () => {
    expect(setupFeedback({ capital: '100,000', gameTarget: '0' })).toMatchObject({
      saveDisabled: true,
      error: null,
      targetPercent: 0,
    });
    expect(setupFeedback({ capital: '0', gameTarget: '100' })).toEqual({
      capitalKobo: 0,
      targetKobo: 10_000,
      targetPercent: null,
      error: null,
      hint: null,
      saveDisabled: true,
    });
    expect(setupFeedback({ capital: '', gameTarget: '' })).toMatchObject({
      capitalKobo: null,
      targetKobo: null,
      saveDisabled: true,
    });
    expect(setupFeedback({ capital: '100,000', gameTarget: 'abc' })).toMatchObject({ targetKobo: null, saveDisabled: true });
  });
});

describe('Save setup', () => {
  it('stores the settings with toast Session configured successfully', () => {
    const { state, toast } = ok(saveOverTwoFiveSetup(initial, setup));
    expect(toast).toEqual({ type: 'success', message: 'Session configured successfully' });
    expect(state).toEqual({ ...initial, capital: 10_000_000, game_target: 150_000, stop_lost: 5, stretch: 4, splits: 2 });
  });
  it('keeps counters and losses when saved again', () => {
    const running: OverTwoFiveState = {
      ...configured,
      totalLosses: 5000,
      profit: 7000,
      win_count: 1,
      loss_count: 1,
      game_count: 2,
      game_status: 'Ended',
    };
    expect(ok(saveOverTwoFiveSetup(running, { ...setup, stopLoss: 20, stretch: 7, splits: 8 })).state).toEqual({
      ...running,
      stop_lost: 20,
      stretch: 7,
      splits: 8,
    });
  });
  it('refuses bad amounts, the 3 % limit and options outside SPEC', () => {
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, capital: '' }))).toBe('Enter an amount');
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, gameTarget: 'x' }))).toBe('Enter a valid amount in naira');
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, capital: '0' }))).toBe(ERROR_SETUP_AMOUNTS_ZERO);
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, gameTarget: '0' }))).toBe(ERROR_SETUP_AMOUNTS_ZERO);
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, gameTarget: '3,001' }))).toBe(
      'Sorry your maximum wining target for ₦100,000 should be ₦1,500',
    );
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, stopLoss: 7 }))).toBe(ERROR_STOP_LOSS_OPTION);
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, stretch: 3 }))).toBe(ERROR_STRETCH_OPTION);
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, splits: 3 }))).toBe(ERROR_SPLITS_OPTION);
    expect(errorOf(saveOverTwoFiveSetup(initial, { ...setup, splits: 0 }))).toBe(ERROR_SPLITS_OPTION);
  });
  it('accepts every SPEC option', () => {
    for (const stopLoss of STOP_LOSS_OPTIONS)
      for (const stretch of STRETCH_OPTIONS)
        for (const splits of SPLIT_OPTIONS)
          expect(saveOverTwoFiveSetup(initial, { ...setup, stopLoss, stretch, splits }).ok).toBe(true);
  });
  it('is refused while Playing', () => {
    const playing = ok(calculateOverTwoFive(configured, '2')).state;
    expect(errorOf(saveOverTwoFiveSetup(playing, setup))).toBe(ERROR_FINISH_GAME_FIRST);
  });
});

describe('Calculate', () => {
  it('is disabled when the odd is empty or 0', () => {
    for (const odd of ['', '  ', '0', '0.0', '00', '.0', '0.']) expect(isCalculateDisabled(odd)).toBe(true);
    for (const odd of ['1.5', '1', '0.5', 'abc', '10']) expect(isCalculateDisabled(odd)).toBe(false);
  });
  it('goes Playing with the stake stored: (loss + target) / (odd - 1)', () => {
    const { state, toast } = ok(calculateOverTwoFive(configured, '1.5'));
    expect(toast).toEqual({ type: 'success', message: 'Stake calculated successfully' });
    expect(state).toEqual({ ...configured, game_status: 'Playing', overTwoFiveStake: 300_000, overTwoFiveOdd: '1.5' });
    expect(overTwoFiveView(state).stake).toBe('₦3,000');
    const withLoss = ok(calculateOverTwoFive({ ...configured, totalLosses: 123_456 }, '1.85')).state;
    // (1,234.56 + 1,500) / 0.85 = 3,217.1294.. -> 321,713 kobo
    expect(withLoss.overTwoFiveStake).toBe(321_713);
  });
  it('refuses odds of 1 or less, empty and non-numeric odds', () => {
    expect(errorOf(calculateOverTwoFive(configured, '1'))).toBe(ERROR_ODD_NOT_ABOVE_ONE);
    expect(errorOf(calculateOverTwoFive(configured, '0.5'))).toBe(ERROR_ODD_NOT_ABOVE_ONE);
    expect(errorOf(calculateOverTwoFive(configured, ''))).toBe(ERROR_ODD_EMPTY);
    expect(errorOf(calculateOverTwoFive(configured, 'abc'))).toBe(ERROR_ODD_INVALID);
  });
  it('refuses before setup and while Playing', () => {
    expect(errorOf(calculateOverTwoFive(initial, '2'))).toBe(ERROR_NOT_SET_UP);
    const playing = ok(calculateOverTwoFive(configured, '2')).state;
    expect(errorOf(calculateOverTwoFive(playing, '2'))).toBe('A game is going on now.');
  });
});

describe('Loss, Win and splitting', () => {
  it('Loss adds the stake to the accumulated loss, counts +1, Ended, toast Oops try again', () => {
    const playing = ok(calculateOverTwoFive(configured, '2')).state;
    const { state, toast } = ok(recordOverTwoFiveLoss(playing));
    expect(toast).toEqual({ type: 'error', message: 'Oops try again' });
    expect(state).toEqual({
      ...playing,
      totalLosses: 150_000,
      game_count: 1,
      loss_count: 1,
      game_status: 'Ended',
      overTwoFiveStake: 0,
    });
  });
  it('Win adds the target to profit, clears loss and loss count, counts +1, Ended, toast Congratulations boss', () => {
    const lost = ok(recordOverTwoFiveLoss(ok(calculateOverTwoFive(configured, '2')).state)).state;
    const playing = ok(calculateOverTwoFive(lost, '2')).state;
    const { state, toast } = ok(recordOverTwoFiveWin(playing));
    expect(toast).toEqual({ type: 'success', message: 'Congratulations boss' });
    expect(state).toEqual({
      ...playing,
      profit: 150_000,
      totalLosses: 0,
      loss_count: 0,
      win_count: 1,
      game_count: 2,
      game_status: 'Ended',
      overTwoFiveStake: 0,
    });
  });
  it('Win and Loss are refused when no game is going on', () => {
    expect(errorOf(recordOverTwoFiveLoss(configured))).toBe('No game is going on.');
    expect(errorOf(recordOverTwoFiveWin(configured))).toBe('No game is going on.');
  });
  it('refuse overflow', () => {
    const playing: OverTwoFiveState = {
      ...configured,
      game_status: 'Playing',
      overTwoFiveStake: 2,
      overTwoFiveOdd: '2',
      totalLosses: MAX_KOBO - 1,
      profit: MAX_KOBO,
    };
    expect(errorOf(recordOverTwoFiveLoss(playing))).toBe(ERROR_AMOUNT_TOO_LARGE);
    expect(errorOf(recordOverTwoFiveWin(playing))).toBe(ERROR_AMOUNT_TOO_LARGE);
  });

  it('splits after the stretch, then loads the remembered portion after a win (SPEC 4 walk-through)', () => {
    // capital ₦100,000, target ₦1,500, split after 4, 2 splits, always odd 2 (stake = loss + target)
    let s = configured;
    const lose = (): void => {
      s = ok(recordOverTwoFiveLoss(ok(calculateOverTwoFive(s, '2')).state)).state;
    };
    lose(); // stake 1,500
    lose(); // stake 3,000
    lose(); // stake 6,000
    expect(s).toMatchObject({ totalLosses: 1_050_000, loss_count: 3, splitted_lost: 0 });
    lose(); // stake 12,000 -> accumulated 22,500, 4th loss -> split in 2
    expect(s).toMatchObject({
      totalLosses: 1_125_000,
      splitted_lost: 1_125_000,
      split_parts_left: 1,
      loss_count: 4,
      game_count: 4,
    });
    s = ok(calculateOverTwoFive(s, '2')).state;
    expect(s.overTwoFiveStake).toBe(1_275_000); // 11,250 + 1,500
    s = ok(recordOverTwoFiveWin(s)).state;
    // accumulated loss back to 0 -> the remembered portion is loaded
    expect(s).toMatchObject({ totalLosses: 1_125_000, splitted_lost: 0, split_parts_left: 0, loss_count: 0, profit: 150_000 });
    s = ok(recordOverTwoFiveWin(ok(calculateOverTwoFive(s, '2')).state)).state;
    expect(s).toMatchObject({ totalLosses: 0, splitted_lost: 0, profit: 300_000, win_count: 2, game_count: 6 });
  });

  it('splits again at each multiple of the stretch, not in between', () => {
    let s: OverTwoFiveState = { ...configured, stretch: 4, splits: 2 };
    for (let i = 1; i <= 8; i += 1) {
      const before = s.totalLosses + s.splitted_lost;
      s = ok(calculateOverTwoFive(s, '3')).state;
      const stake = s.overTwoFiveStake;
      s = ok(recordOverTwoFiveLoss(s)).state;
      expect(s.totalLosses + s.splitted_lost).toBe(before + stake);
      if (i === 4) expect(s.split_parts_left).toBe(1);
      if (i === 5 || i === 7) expect(s.split_parts_left).toBe(1);
      if (i === 8) expect(s.split_parts_left).toBe(2);
    }
  });

  it('divides exactly with uneven amounts and loads portions in order', () => {
    const s: OverTwoFiveState = { ...configured, splits: 4, totalLosses: 1001 };
    const split = splitAccumulatedLoss(s);
    expect(split).toMatchObject({ totalLosses: 251, splitted_lost: 750, split_parts_left: 3 });
    let loaded = loadNextSplitPortion({ ...split, totalLosses: 0 });
    expect(loaded).toMatchObject({ totalLosses: 250, splitted_lost: 500, split_parts_left: 2 });
    loaded = loadNextSplitPortion({ ...loaded, totalLosses: 0 });
    expect(loaded).toMatchObject({ totalLosses: 250, splitted_lost: 250, split_parts_left: 1 });
    loaded = loadNextSplitPortion({ ...loaded, totalLosses: 0 });
    expect(loaded).toMatchObject({ totalLosses: 250, splitted_lost: 0, split_parts_left: 0 });
    expect(loadNextSplitPortion({ ...loaded, totalLosses: 0 })).toMatchObject({ totalLosses: 0, splitted_lost: 0 });
  });

  it('adds a new split to what is already remembered', () => {
    const s: OverTwoFiveState = { ...configured, splits: 2, totalLosses: 1000, splitted_lost: 500, split_parts_left: 2 };
    expect(splitAccumulatedLoss(s)).toMatchObject({ totalLosses: 500, splitted_lost: 1000, split_parts_left: 3 });
  });

  it('does not split amounts too small to divide, nor without a setup', () => {
    const one: OverTwoFiveState = { ...configured, splits: 2, totalLosses: 1 };
    expect(splitAccumulatedLoss(one)).toBe(one);
    expect(splitAccumulatedLoss({ ...one, totalLosses: 0 })).toMatchObject({
      totalLosses: 0,
      splitted_lost: 0,
      split_parts_left: 0,
    });
    const unset: OverTwoFiveState = { ...initial, totalLosses: 1000 };
    expect(splitAccumulatedLoss(unset)).toBe(unset);
  });

  it('loads nothing while an accumulated loss remains', () => {
    const s: OverTwoFiveState = { ...configured, totalLosses: 10, splitted_lost: 500, split_parts_left: 2 };
    expect(loadNextSplitPortion(s)).toBe(s);
  });

  it('a long random session keeps every invariant and never loses a kobo', () => {
    let seed = 42;
    const rand = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let s = ok(
      saveOverTwoFiveSetup(initial, { capital: '500,000', gameTarget: '7,333.33', stopLoss: 10, stretch: 5, splits: 6 }),
    ).state;
    let lostSum = 0;
    let recovered = 0;
    for (let i = 0; i < 3000; i += 1) {
      const odd = ['1.3', '1.55', '1.8', '2.05', '2.5'][Math.floor(rand() * 5)]!;
      s = ok(calculateOverTwoFive(s, odd)).state;
      if (rand() < 0.55) {
        lostSum += s.overTwoFiveStake;
        s = ok(recordOverTwoFiveLoss(s)).state;
      } else {
        recovered += s.totalLosses;
        s = ok(recordOverTwoFiveWin(s)).state;
      }
      expect(overTwoFiveStateSchema.safeParse(s).success).toBe(true);
      // every lost kobo is either recovered by a win, accumulated, or remembered
      expect(recovered + s.totalLosses + s.splitted_lost).toBe(lostSum);
    }
    expect(s.game_count).toBe(3000);
  });
});

describe('stop-loss warning', () => {
  it('shows once the accumulated loss exceeds stop_lost % of capital', () => {
    expect(stopLossLimitKobo(configured)).toBe(500_000); // 5 % of ₦100,000
    expect(stopLossWarning({ ...configured, totalLosses: 500_000 })).toBeNull();
    expect(stopLossWarning({ ...configured, totalLosses: 500_001 })).toBe(
      'Stop loss reached: your accumulated loss of ₦5,000 is above 5% of your capital (₦5,000)',
    );
    expect(stopLossWarning({ ...configured, stop_lost: 20, totalLosses: 2_500_000 })).toBe(
      'Stop loss reached: your accumulated loss of ₦25,000 is above 20% of your capital (₦20,000)',
    );
    expect(overTwoFiveView({ ...configured, totalLosses: 600_000 }).stopLossWarning).toMatch(/^Stop loss reached/);
  });
  it('never shows without a setup', () => {
    expect(stopLossWarning({ ...initial, totalLosses: 1_000_000 })).toBeNull();
    expect(stopLossWarning({ ...initial, stop_lost: 5, totalLosses: 1_000_000 })).toBeNull();
  });
});

describe('Reset', () => {
  it('zeroes every setting and counter with toast System reset successfully', () => {
    const { state, toast } = ok(resetOverTwoFive());
    expect(toast).toEqual({ type: 'success', message: 'System reset successfully' });
    expect(state).toEqual({
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
  });
});

describe('view', () => {
  it('formats amounts and tells what is allowed', () => {
    expect(overTwoFiveView(initial)).toEqual({
      isSetUp: false,
      isPlaying: false,
      canRecordResult: false,
      stopLossWarning: null,
      capital: '₦0',
      gameTarget: '₦0',
      totalLosses: '₦0',
      profit: '₦0',
      splittedLost: '₦0',
      stake: '₦0',
    });
    const playing = ok(calculateOverTwoFive({ ...configured, splitted_lost: 123_450, split_parts_left: 1 }, '1.3')).state;
    expect(overTwoFiveView(playing)).toMatchObject({
      isSetUp: true,
      isPlaying: true,
      canRecordResult: true,
      capital: '₦100,000',
      gameTarget: '₦1,500',
      splittedLost: '₦1,235',
      stake: '₦5,000',
    });
  });
});

describe('stored state', () => {
  const playing = ok(calculateOverTwoFive(configured, '1.72')).state;
  it('round-trips', () => {
    expect(OVER_TWO_FIVE_STORAGE_KEY).toBe('overTwoFiveState');
    expect(loadOverTwoFiveState(serializeOverTwoFiveState(playing))).toEqual(playing);
    expect(loadOverTwoFiveState(initial)).toEqual(initial);
  });
  it.each([
    ['nothing', null],
    ['not JSON', '{'],
    ['a string value', '"x"'],
    ['a float amount', { ...initial, capital: 1.5 }],
    ['a negative amount', { ...initial, profit: -1 }],
    ['an amount past the cap', { ...initial, totalLosses: MAX_KOBO + 1 }],
    ['a stop loss outside SPEC', { ...configured, stop_lost: 7 }],
    ['a stretch outside SPEC', { ...configured, stretch: 3 }],
    ['splits outside SPEC', { ...configured, splits: 5 }],
    ['a remembered loss without portions', { ...configured, splitted_lost: 100 }],
    ['portions without a remembered loss', { ...configured, split_parts_left: 2 }],
    ['a target above 3 %', { ...configured, game_target: 300_001 }],
    ['an unknown status', { ...configured, game_status: 'Won' }],
    ['Playing without a stake', { ...playing, overTwoFiveStake: 0 }],
    ['Playing with a bad odd', { ...playing, overTwoFiveOdd: '0.5' }],
    ['Playing without a setup', { ...playing, stretch: 0 }],
    ['Ended with a stake', { ...playing, game_status: 'Ended' }],
    ['a garbage odd', { ...configured, overTwoFiveOdd: 'x' }],
    ['counts that do not add up', { ...configured, win_count: 3, game_count: 2 }],
    ['a missing field', { ...configured, profit: undefined }],
  ])('falls back to the initial state on %s', (_label, stored) => {
    const text = typeof stored === 'string' || stored === null ? stored : JSON.stringify(stored);
    expect(loadOverTwoFiveState(text)).toEqual(INITIAL_OVER_TWO_FIVE_STATE);
  });
});
