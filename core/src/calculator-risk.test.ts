import { describe, expect, it } from 'vitest';
import {
  ERROR_MAX_STAKE_RAISE,
  canChangeMaxStake,
  formatChancePercent,
  formatPercent,
  lossRunFigures,
  maxStakeStopMessage,
  runChance,
} from './calculator-risk';
import { MAX_KOBO } from './money';
import {
  INITIAL_OVER_TWO_FIVE_STATE,
  calculateOverTwoFive,
  loadOverTwoFiveState,
  overTwoFiveRisk,
  overTwoFiveRunStakes,
  overTwoFiveStop,
  recordOverTwoFiveLoss,
  recordOverTwoFiveWin,
  resetOverTwoFive,
  saveOverTwoFiveSetup,
  type OverTwoFiveState,
} from './over-two-five';
import {
  INITIAL_STAKE_CALCULATOR_STATE,
  TOAST_RISK_SETTINGS_SAVED,
  calculateStake,
  loadStakeCalculatorState,
  recordLoss,
  recordWin,
  resetStakeCalculator,
  saveStakeRiskSettings,
  stakeCalculatorRisk,
  stakeCalculatorStop,
  stakeRunStakes,
  startSession,
  type CalculatorResult,
  type StakeCalculatorState,
} from './stake-calculator';

function ok<S>(result: CalculatorResult<S>): S {
  if (!result.ok) throw new Error(`expected success, got ${result.error}`);
  return result.state;
}

function errorOf<S>(result: CalculatorResult<S>): string {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('runChance: (1 - 1/odd)^n, exact', () => {
  it('odd 2: each loss 1/2', () => {
    // (1/2)^3 = 1/8 = 12.5 %; (1/2)^5 = 1/32 = 3.125 % -> 3.13 (half up); (1/2)^8 = 1/256 = 0.390625 % -> 0.39
    expect(runChance(2000, 3)).toEqual({ percent: 12.5, oneIn: 8 });
    expect(runChance(2000, 5)).toEqual({ percent: 3.13, oneIn: 32 });
    expect(runChance(2000, 8)).toEqual({ percent: 0.39, oneIn: 256 });
  });
  it('odd 1.5: each loss 1 - 1/1.5 = 1/3', () => {
    // (1/3)^3 = 1/27 = 3.7037 % -> 3.70; (1/3)^5 = 1/243 = 0.41152 % -> 0.41; (1/3)^8 = 1/6561 = 0.015242 % -> 0.02
    expect(runChance(1500, 3)).toEqual({ percent: 3.7, oneIn: 27 });
    expect(runChance(1500, 5)).toEqual({ percent: 0.41, oneIn: 243 });
    expect(runChance(1500, 8)).toEqual({ percent: 0.02, oneIn: 6561 });
  });
  it('odd 3: each loss 2/3; odd 1.25: each loss 1/5', () => {
    // (2/3)^3 = 8/27 = 29.6296 % -> 29.63, 27/8 = 3.375 -> 1 in 3; (2/3)^8 = 256/6561 = 3.9019 % -> 3.90, 25.63 -> 1 in 26
    expect(runChance(3000, 3)).toEqual({ percent: 29.63, oneIn: 3 });
    expect(runChance(3000, 8)).toEqual({ percent: 3.9, oneIn: 26 });
    // (1/5)^8 = 1/390,625 = 0.000256 % -> rounds to 0.00: shown as 'under 0.01%', never as no chance
    expect(runChance(1250, 8)).toEqual({ percent: 0, oneIn: 390_625 });
    expect(formatChancePercent(0)).toBe('under 0.01%');
    expect(formatChancePercent(12.5)).toBe('12.5%');
    // shares of capital past 1,000 % are grouped so they stay readable
    expect(formatPercent(102.75)).toBe('102.75%');
    expect(formatPercent(4_144_341.04)).toBe('4,144,341.04%');
  });
  it('refuses an odd of 1 or less', () => {
    expect(() => runChance(1000, 3)).toThrow(/greater than 1/);
    expect(() => runChance(2000, -1)).toThrow(RangeError);
  });
});

describe('lossRunFigures', () => {
  it('takes the stake after n losses, the sum of the n lost stakes and their share of capital', () => {
    // stakes at odd 2, target 1,000 kobo: 1,000, 2,000, 4,000, 8,000 (after 3), ...; capital 10,000 kobo
    const [three] = lossRunFigures([1000, 2000, 4000, 8000], 10_000, 2000, [3]);
    // lost 1,000 + 2,000 + 4,000 = 7,000 = 70 % of 10,000; next stake 8,000 = 80 %
    expect(three).toEqual({
      losses: 3,
      nextStake: 8000,
      lost: 7000,
      stakePercentOfCapital: 80,
      lostPercentOfCapital: 70,
      chance: { percent: 12.5, oneIn: 8 },
    });
  });
  it('has no share without a capital, and no figure past the largest amount', () => {
    const [three] = lossRunFigures([1000, MAX_KOBO, null, null], 0, 2000, [3]);
    expect(three).toMatchObject({ nextStake: null, lost: null, stakePercentOfCapital: null, lostPercentOfCapital: null });
    // 1 + MAX_KOBO overflows the sum even when every stake exists
    expect(lossRunFigures([1, MAX_KOBO, 5], 100, 2000, [2])[0]).toMatchObject({ nextStake: 5, lost: null });
  });
  it('needs a stake for every run length', () => {
    expect(() => lossRunFigures([1, 2, 3], 0, 2000, [3])).toThrow(/needs 4 stakes/);
  });
});

describe('maximum stake', () => {
  it('stops with a message when the stake is above it, never when equal or unset', () => {
    expect(maxStakeStopMessage(500_000, 0, 0)).toBeNull();
    expect(maxStakeStopMessage(500_000, 500_000, 100)).toBeNull();
    expect(maxStakeStopMessage(550_000, 500_000, 700_000)).toBe(
      'Session stopped: winning back your ₦7,000 loss would need a stake of ₦5,500, above your maximum stake of ₦5,000. Stop here and accept the loss; a bigger stake only risks more.',
    );
    expect(maxStakeStopMessage(600_000, 500_000, 0)).toBe(
      'The stake for this odd would be ₦6,000, above your maximum stake of ₦5,000. Lower your game target instead.',
    );
  });
  it('may be lowered or first set at any time, raised or removed only with nothing to win back', () => {
    expect(canChangeMaxStake(0, 100, 5)).toBe(true);
    expect(canChangeMaxStake(100, 50, 5)).toBe(true);
    expect(canChangeMaxStake(100, 100, 5)).toBe(true);
    expect(canChangeMaxStake(100, 101, 5)).toBe(false);
    expect(canChangeMaxStake(100, 0, 5)).toBe(false);
    expect(canChangeMaxStake(100, 101, 0)).toBe(true);
    expect(canChangeMaxStake(100, 0, 0)).toBe(true);
  });
});

describe('stake calculator risk', () => {
  const session = (target: string): StakeCalculatorState => ok(startSession(INITIAL_STAKE_CALCULATOR_STATE, target));

  it('odd 2, target ₦1,000, capital ₦100,000: each stake doubles', () => {
    // stake = (loss + 1,000) / (2 - 1): 1,000 -> lost 1,000; 2,000 -> 3,000; 4,000 -> 7,000; after 3 losses 8,000
    // -> 15,000; 16,000 -> 31,000; after 5 losses 32,000 -> 63,000; 64,000 -> 127,000; 128,000 -> 255,000;
    // after 8 losses 256,000 (2.56 times the capital)
    const state = ok(saveStakeRiskSettings(session('1000'), { capital: '100,000', maxStake: '' }));
    const risk = stakeCalculatorRisk(state, '2');
    expect(risk?.odd).toBe('2');
    expect(risk?.figures).toEqual([
      {
        losses: 3,
        nextStake: 800_000,
        lost: 700_000,
        stakePercentOfCapital: 8,
        lostPercentOfCapital: 7,
        chance: { percent: 12.5, oneIn: 8 },
      },
      {
        losses: 5,
        nextStake: 3_200_000,
        lost: 3_100_000,
        stakePercentOfCapital: 32,
        lostPercentOfCapital: 31,
        chance: { percent: 3.13, oneIn: 32 },
      },
      {
        losses: 8,
        nextStake: 25_600_000,
        lost: 25_500_000,
        stakePercentOfCapital: 256,
        lostPercentOfCapital: 255,
        chance: { percent: 0.39, oneIn: 256 },
      },
    ]);
  });

  it('odd 1.5, target ₦1,000: each stake triples, and the run is counted from the loss already made', () => {
    // stake = (loss + 1,000) / 0.5: 2,000 -> lost 2,000; 6,000 -> 8,000; 18,000 -> 26,000; after 3 losses 54,000
    expect(stakeRunStakes(0, 100_000, 1500, 4)).toEqual([200_000, 600_000, 1_800_000, 5_400_000]);
    // after 2,000 lost already, the next stake is 6,000: the run goes on from there
    const afterOneLoss = ok(recordLoss(ok(calculateStake(session('1000'), { option: '', odd: '1.5' }))));
    expect(afterOneLoss.totalLost).toBe(200_000);
    const [three] = stakeCalculatorRisk(afterOneLoss, '1.5')?.figures ?? [];
    // 6,000 -> 8,000; 18,000 -> 26,000; 54,000 -> 80,000; after 3 more losses (80,000 + 1,000) / 0.5 = 162,000
    expect(three).toMatchObject({ nextStake: 16_200_000, lost: 7_800_000, stakePercentOfCapital: null });
    expect(three?.chance).toEqual({ percent: 3.7, oneIn: 27 });
  });

  it('rounds each stake half up to the kobo, as Calculate does', () => {
    // target 1,001 kobo, odd 3: 1,001 / 2 = 500.5 -> 501; (501 + 1,001) / 2 = 751 -> lost 1,252;
    // (1,252 + 1,001) / 2 = 1,126.5 -> 1,127 -> lost 2,379; (2,379 + 1,001) / 2 = 1,690
    expect(stakeRunStakes(0, 1001, 3000, 4)).toEqual([501, 751, 1127, 1690]);
  });

  it('uses the odd of the game being played, whatever is typed', () => {
    const playing = ok(calculateStake(session('1000'), { option: '', odd: '2' }));
    const risk = stakeCalculatorRisk(playing, '1.5');
    expect(risk?.odd).toBe('2');
    // the game in play is the first of the run: after 3 losses 8,000 as above
    expect(risk?.figures[0]?.nextStake).toBe(800_000);
  });

  it('shows nothing without a target or a valid odd; overflowing stakes have no figure', () => {
    expect(stakeCalculatorRisk(INITIAL_STAKE_CALCULATOR_STATE, '2')).toBeNull();
    expect(stakeCalculatorRisk(session('1000'), '')).toBeNull();
    expect(stakeCalculatorRisk(session('1000'), '0.9')).toBeNull();
    // odd 1.001, target ₦1,000,000,000: first stake 10^11 x 1000 = 10^14 kobo (the cap); the next passes it
    expect(stakeRunStakes(0, 100_000_000_000, 1001, 3)).toEqual([MAX_KOBO, null, null]);
    expect(stakeCalculatorRisk(session('1,000,000,000'), '1.001')?.figures[0]).toMatchObject({ nextStake: null, lost: null });
  });
});

describe('stake calculator maximum stake', () => {
  const withLimit = ok(
    saveStakeRiskSettings(ok(startSession(INITIAL_STAKE_CALCULATOR_STATE, '1000')), { capital: '', maxStake: '5,000' }),
  );

  it('saves capital and maximum stake ("" for none), refusing bad amounts', () => {
    const result = saveStakeRiskSettings(withLimit, { capital: '50000', maxStake: '4000' });
    expect(result.ok && result.toast).toEqual({ type: 'success', message: TOAST_RISK_SETTINGS_SAVED });
    expect(ok(result)).toMatchObject({ capital: 5_000_000, maxStake: 400_000 });
    expect(errorOf(saveStakeRiskSettings(withLimit, { capital: 'abc', maxStake: '' }))).toBe('Enter a valid amount in naira');
    expect(errorOf(saveStakeRiskSettings(withLimit, { capital: '', maxStake: '-1' }))).toBe('Amount cannot be negative');
  });

  it('odd 2: stakes 1,000, 2,000, 4,000 go through; the 8,000 after 3 losses stops the session', () => {
    let s = withLimit;
    for (const stake of [100_000, 200_000, 400_000]) {
      s = ok(calculateStake(s, { option: '', odd: '2' }));
      expect(s.stake).toBe(stake);
      s = ok(recordLoss(s));
    }
    // lost 7,000: (7,000 + 1,000) / 1 = 8,000 > 5,000
    const stop =
      'Session stopped: winning back your ₦7,000 loss would need a stake of ₦8,000, above your maximum stake of ₦5,000. Stop here and accept the loss; a bigger stake only risks more.';
    expect(stakeCalculatorStop(s, '2')).toBe(stop);
    expect(errorOf(calculateStake(s, { option: '', odd: '2' }))).toBe(stop);
    // a longer odd brings the stake under the limit: (7,000 + 1,000) / 1 = 8,000 at 2; 8,000 / 2 = 4,000 at 3
    expect(stakeCalculatorStop(s, '3')).toBeNull();
    // the limit cannot be raised or removed while the loss is there; lowering is fine
    expect(errorOf(saveStakeRiskSettings(s, { capital: '', maxStake: '10,000' }))).toBe(ERROR_MAX_STAKE_RAISE);
    expect(errorOf(saveStakeRiskSettings(s, { capital: '', maxStake: '' }))).toBe(ERROR_MAX_STAKE_RAISE);
    expect(ok(saveStakeRiskSettings(s, { capital: '', maxStake: '3,000' })).maxStake).toBe(300_000);
    // after a win the loss is gone and the limit may be raised
    const won = ok(recordWin(ok(calculateStake(s, { option: '', odd: '3' }))));
    expect(ok(saveStakeRiskSettings(won, { capital: '', maxStake: '10,000' })).maxStake).toBe(1_000_000);
  });

  it('stops the first stake of a run too, and never while a game is in play', () => {
    const small = ok(saveStakeRiskSettings(withLimit, { capital: '', maxStake: '500' }));
    // 1,000 / (2 - 1) = 1,000 > 500
    expect(errorOf(calculateStake(small, { option: '', odd: '2' }))).toBe(
      'The stake for this odd would be ₦1,000, above your maximum stake of ₦500. Lower your game target instead.',
    );
    // 1,000 / (3 - 1) = 500: allowed
    const playing = ok(calculateStake(small, { option: '', odd: '3' }));
    expect(stakeCalculatorStop(playing, '2')).toBeNull();
    expect(stakeCalculatorStop(withLimit, 'x')).toBeNull();
  });

  it('a state stored before these settings existed still loads, with none set; Reset zeroes them', () => {
    const { capital: _c, maxStake: _m, ...old } = ok(calculateStake(withLimit, { option: 'Over 1.5', odd: '2' }));
    const loaded = loadStakeCalculatorState(JSON.stringify(old));
    expect(loaded).toMatchObject({ gameStatus: 'Playing', stake: 100_000, capital: 0, maxStake: 0 });
    expect(ok(resetStakeCalculator())).toMatchObject({ capital: 0, maxStake: 0 });
  });
});

describe('Over 2.5 risk under the split plan', () => {
  const setup = { capital: '100,000', gameTarget: '1,500', stopLoss: 5, stretch: 4, splits: 2 };
  const configured = ok(saveOverTwoFiveSetup(INITIAL_OVER_TWO_FIVE_STATE, setup));

  it('capital ₦100,000, target ₦1,500, split in 2 after 4 losses, odd 2', () => {
    // stake = loss + 1,500: 1,500 -> lost 1,500; 3,000 -> 4,500; 6,000 -> 10,500; after 3 losses 12,000 -> 22,500,
    // the 4th loss splits it: 11,250 kept, 11,250 remembered; 12,750 -> kept 24,000; after 5 losses 25,500
    // -> 49,500; 51,000 -> 100,500; 102,000 -> 202,500, the 8th loss splits again: 101,250 kept (101,250 more
    // remembered, 112,500 in all); after 8 losses 101,250 + 1,500 = 102,750.
    // lost: 10,500 after 3; + 12,000 + 12,750 = 35,250 after 5; + 25,500 + 51,000 + 102,000 = 213,750 after 8
    const risk = overTwoFiveRisk(configured, '2');
    expect(risk?.figures).toEqual([
      {
        losses: 3,
        nextStake: 1_200_000,
        lost: 1_050_000,
        stakePercentOfCapital: 12,
        lostPercentOfCapital: 10.5,
        chance: { percent: 12.5, oneIn: 8 },
      },
      {
        losses: 5,
        nextStake: 2_550_000,
        lost: 3_525_000,
        stakePercentOfCapital: 25.5,
        lostPercentOfCapital: 35.25,
        chance: { percent: 3.13, oneIn: 32 },
      },
      {
        losses: 8,
        nextStake: 10_275_000,
        lost: 21_375_000,
        stakePercentOfCapital: 102.75,
        lostPercentOfCapital: 213.75,
        chance: { percent: 0.39, oneIn: 256 },
      },
    ]);
  });

  it('follows the calculator itself: playing the run out gives the same stakes', () => {
    const stakes = overTwoFiveRunStakes(configured, '2', 9);
    let s = configured;
    for (const expected of stakes) {
      s = ok(calculateOverTwoFive(s, '2'));
      expect(s.overTwoFiveStake).toBe(expected);
      s = ok(recordOverTwoFiveLoss(s));
    }
    // the figures leave the state untouched
    expect(configured.totalLosses).toBe(0);
  });

  it('starts from the game in play at its own odd, and ignores the maximum stake (it shows where the plan leads)', () => {
    const limited = ok(saveOverTwoFiveSetup(configured, { ...setup, maxStake: '100,000' }));
    const playing = ok(calculateOverTwoFive(limited, '2'));
    expect(overTwoFiveRisk(playing, '9')?.figures.map((f) => f.nextStake)).toEqual([1_200_000, 2_550_000, 10_275_000]);
    expect(overTwoFiveRisk(INITIAL_OVER_TWO_FIVE_STATE, '2')).toBeNull();
    expect(overTwoFiveRisk(configured, 'abc')).toBeNull();
  });

  it('has no figure once a stake passes the largest amount', () => {
    const huge: OverTwoFiveState = { ...configured, capital: MAX_KOBO, game_target: 1_000_000_000_000 };
    // odd 1.001: first stake 10^12 x 1000 = 10^15 kobo, past the cap
    expect(overTwoFiveRunStakes(huge, '1.001', 3)).toEqual([null, null, null]);
  });
});

describe('Over 2.5 maximum stake', () => {
  const setup = { capital: '100,000', gameTarget: '1,500', stopLoss: 5, stretch: 4, splits: 2, maxStake: '5,000' };
  const configured = ok(saveOverTwoFiveSetup(INITIAL_OVER_TWO_FIVE_STATE, setup));

  it('odd 2: 1,500, 3,000 go through; 6,000 after 2 losses stops the session', () => {
    expect(configured.max_stake).toBe(500_000);
    let s = configured;
    for (let i = 0; i < 2; i += 1) s = ok(recordOverTwoFiveLoss(ok(calculateOverTwoFive(s, '2'))));
    // lost 4,500: 4,500 + 1,500 = 6,000 > 5,000
    const stop =
      'Session stopped: winning back your ₦4,500 loss would need a stake of ₦6,000, above your maximum stake of ₦5,000. Stop here and accept the loss; a bigger stake only risks more.';
    expect(overTwoFiveStop(s, '2')).toBe(stop);
    expect(errorOf(calculateOverTwoFive(s, '2'))).toBe(stop);
    expect(errorOf(saveOverTwoFiveSetup(s, { ...setup, maxStake: '' }))).toBe(ERROR_MAX_STAKE_RAISE);
    expect(ok(saveOverTwoFiveSetup(s, { ...setup, maxStake: '4,000' })).max_stake).toBe(400_000);
  });

  it('counts a remembered split loss as a loss to win back', () => {
    const split: OverTwoFiveState = { ...configured, totalLosses: 0, splitted_lost: 1000, split_parts_left: 1 };
    expect(errorOf(saveOverTwoFiveSetup(split, { ...setup, maxStake: '6,000' }))).toBe(ERROR_MAX_STAKE_RAISE);
    const won = ok(recordOverTwoFiveWin(ok(calculateOverTwoFive(configured, '2'))));
    expect(ok(saveOverTwoFiveSetup(won, { ...setup, maxStake: '6,000' })).max_stake).toBe(600_000);
  });

  it('a huge accumulated plus remembered loss still only refuses the raise (no overflow)', () => {
    const huge: OverTwoFiveState = { ...configured, totalLosses: MAX_KOBO, splitted_lost: MAX_KOBO, split_parts_left: 1 };
    expect(errorOf(saveOverTwoFiveSetup(huge, { ...setup, maxStake: '' }))).toBe(ERROR_MAX_STAKE_RAISE);
  });

  it('loads a state stored before it existed; Reset zeroes it', () => {
    const { max_stake: _m, ...old } = configured;
    expect(loadOverTwoFiveState(JSON.stringify(old))).toEqual({ ...configured, max_stake: 0 });
    expect(ok(resetOverTwoFive()).max_stake).toBe(0);
    expect(overTwoFiveStop(INITIAL_OVER_TWO_FIVE_STATE, '2')).toBeNull();
  });
});
