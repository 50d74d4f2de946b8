/**
 * The risk a loss-recovery calculator carries (issue 17, 'Safer play'): if the next games are all
 * lost, how big the stake gets, what share of the capital it is, how much the run has cost, and how
 * likely such a run is. Also the maximum-stake stop. No Firebase, no DOM, no state: each calculator
 * simulates its own run of stakes (stake-calculator.ts, over-two-five.ts) and hands it here.
 *
 * Chances come from the odd's implied probability 1/odd: P(n losses in a row) = (1 - 1/odd)^n,
 * computed exactly with BigInt as ((odd - 1) / odd)^n in thousandths. They ignore the bookmaker's
 * margin, which makes the real chance of losing higher (the screen says so).
 */
import { MoneyError, addKobo, formatNaira, ratioPercent } from './money';

/** The run lengths shown: 3, 5 and 8 losses in a row. */
export const RISK_RUN_LENGTHS = [3, 5, 8] as const;

const ODD_SCALE = 1000n;

export const RISK_MARGIN_NOTE =
  "Chances come from the odd alone (1 ÷ odd). They ignore the bookmaker's margin, which makes your real chance of losing higher than shown.";

export interface RunChance {
  /** P(n losses in a row) in percent, rounded half up to 2 decimals; 0 when below 0.005 %. */
  readonly percent: number;
  /** About 1 in this many runs of n games (1 / P rounded half up). */
  readonly oneIn: number;
}

/** Chance of `losses` losses in a row at an odd given in thousandths (above 1000). Exact. */
export function runChance(oddThousandths: number, losses: number): RunChance {
  if (!Number.isSafeInteger(oddThousandths) || oddThousandths <= 1000) throw new MoneyError('the odd must be greater than 1');
  if (!Number.isSafeInteger(losses) || losses < 0 || losses > 100)
    throw new RangeError('losses must be a whole number from 0 to 100');
  const odd = BigInt(oddThousandths);
  const n = BigInt(losses);
  const numerator = (odd - ODD_SCALE) ** n;
  const denominator = odd ** n;
  // percent to 2 decimals: P * 100 * 100, half up.
  const hundredths = (numerator * 10_000n * 2n + denominator) / (denominator * 2n);
  const oneIn = (denominator * 2n + numerator) / (numerator * 2n);
  return { percent: Number(hundredths) / 100, oneIn: Number(oneIn) };
}

export interface LossRunFigure {
  /** Losses in a row. */
  readonly losses: number;
  /** The stake the calculator asks for after that many losses, kobo; null when past MAX_KOBO. */
  readonly nextStake: number | null;
  /** What the losing run has cost (the sum of its stakes), kobo; null when past MAX_KOBO. */
  readonly lost: number | null;
  /** nextStake as a percent of capital (2 decimals); null without a capital or a stake. */
  readonly stakePercentOfCapital: number | null;
  /** lost as a percent of capital (2 decimals); null without a capital or an amount. */
  readonly lostPercentOfCapital: number | null;
  readonly chance: RunChance;
}

/**
 * Figures for each run length from the stakes of one losing run: stakes[0] is the stake of the
 * next game, stakes[i] the stake after i losses (null once the calculator could not compute it).
 * stakes must reach the longest run length.
 */
export function lossRunFigures(
  stakes: readonly (number | null)[],
  capitalKobo: number,
  oddThousandths: number,
  lengths: readonly number[] = RISK_RUN_LENGTHS,
): LossRunFigure[] {
  return lengths.map((losses) => {
    if (losses >= stakes.length) throw new RangeError(`a run of ${losses} losses needs ${losses + 1} stakes`);
    const nextStake = stakes[losses] ?? null;
    const lost = sumOrNull(stakes.slice(0, losses));
    return {
      losses,
      nextStake,
      lost,
      stakePercentOfCapital: percentOfCapital(nextStake, capitalKobo),
      lostPercentOfCapital: percentOfCapital(lost, capitalKobo),
      chance: runChance(oddThousandths, losses),
    };
  });
}

function sumOrNull(amounts: readonly (number | null)[]): number | null {
  if (amounts.some((a) => a === null)) return null;
  try {
    return addKobo(...amounts.filter((a): a is number => a !== null));
  } catch (e) {
    if (e instanceof MoneyError) return null;
    /* v8 ignore next */
    throw e;
  }
}

function percentOfCapital(kobo: number | null, capitalKobo: number): number | null {
  if (kobo === null || capitalKobo <= 0) return null;
  return ratioPercent(kobo, capitalKobo, 2);
}

/** '12.5%', '3.13%', 'under 0.01%' (a chance that rounds to 0 is still a chance). */
export function formatChancePercent(percent: number): string {
  return percent === 0 ? 'under 0.01%' : `${percent}%`;
}

/** '8%', '102.75%', '4,144,341.04%' (of capital). */
export function formatPercent(percent: number): string {
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

export const ERROR_MAX_STAKE_RAISE =
  'You can raise or remove your maximum stake only after a win or a reset, not during a losing run';

/**
 * The message that stops a session when the stake the calculator would ask for is above the
 * maximum stake the user set (0: none), else null. Our wording.
 */
export function maxStakeStopMessage(stakeKobo: number, maxStakeKobo: number, accumulatedLossKobo: number): string | null {
  if (maxStakeKobo <= 0 || stakeKobo <= maxStakeKobo) return null;
  if (accumulatedLossKobo > 0) {
    return `Session stopped: winning back your ${formatNaira(accumulatedLossKobo)} loss would need a stake of ${formatNaira(stakeKobo)}, above your maximum stake of ${formatNaira(maxStakeKobo)}. Stop here and accept the loss; a bigger stake only risks more.`;
  }
  return `The stake for this odd would be ${formatNaira(stakeKobo)}, above your maximum stake of ${formatNaira(maxStakeKobo)}. Lower your game target instead.`;
}

/**
 * Whether a new maximum stake may replace the current one: lowering (or setting a first one) is
 * always allowed; raising or removing it only with no loss to win back, so a limit set in a calm
 * moment cannot be lifted to chase a losing run.
 */
export function canChangeMaxStake(currentKobo: number, nextKobo: number, lossToRecoverKobo: number): boolean {
  const lowers = currentKobo === 0 ? nextKobo >= 0 : nextKobo > 0 && nextKobo <= currentKobo;
  return lowers || lossToRecoverKobo === 0;
}
