import { describe, expect, it } from 'vitest';
import {
  KOBO_PER_NAIRA,
  MAX_KOBO,
  MAX_SPLIT_PARTS,
  MoneyError,
  NAIRA_SIGN,
  PARSE_ERROR_DECIMALS,
  PARSE_ERROR_EMPTY,
  PARSE_ERROR_INVALID,
  PARSE_ERROR_NEGATIVE,
  PARSE_ERROR_TOO_LARGE,
  addKobo,
  assertKobo,
  formatNaira,
  formatNairaFloor,
  groupThousands,
  isKobo,
  koboToNaira,
  multiplyKobo,
  nairaToKobo,
  parseNairaInput,
  percentOfKobo,
  ratioPercent,
  roundToWholeNaira,
  scaleKobo,
  splitKobo,
  subtractKobo,
  netKobo,
} from './money';

describe('constants', () => {
  it('counts 100 kobo to the naira, caps at ₦1 trillion and uses the naira sign', () => {
    expect(KOBO_PER_NAIRA).toBe(100);
    expect(MAX_KOBO).toBe(100_000_000_000_000);
    expect(MAX_KOBO).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(NAIRA_SIGN).toBe('₦');
  });
});

describe('isKobo / assertKobo', () => {
  it.each([0, 1, 150, MAX_KOBO])('accepts %s', (v) => {
    expect(isKobo(v)).toBe(true);
    expect(() => assertKobo(v)).not.toThrow();
  });
  it.each([-1, 0.5, MAX_KOBO + 1, Number.NaN, Number.POSITIVE_INFINITY, '100', null, undefined, 2 ** 53])('refuses %s', (v) => {
    expect(isKobo(v)).toBe(false);
    expect(() => assertKobo(v, 'balance')).toThrow(MoneyError);
    expect(() => assertKobo(v, 'balance')).toThrow(/^balance must be a whole number of kobo/);
  });
  it('names the error MoneyError', () => {
    try {
      assertKobo(-1);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(MoneyError);
      expect((e as Error).name).toBe('MoneyError');
      expect((e as Error).message).toBe(`amount must be a whole number of kobo between 0 and ${MAX_KOBO}`);
    }
  });
});

describe('nairaToKobo', () => {
  it('converts whole and 2-decimal naira exactly', () => {
    expect(nairaToKobo(0)).toBe(0);
    expect(nairaToKobo(1)).toBe(100);
    expect(nairaToKobo(5000.5)).toBe(500_050);
    expect(nairaToKobo(0.01)).toBe(1);
    expect(nairaToKobo(12345.67)).toBe(1_234_567);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(1.005 * 0 + 4.35)).toBe(435); // 4.35 * 100 = 434.99999999999994 in floats
    expect(nairaToKobo(1_000_000_000_000)).toBe(MAX_KOBO);
    expect(nairaToKobo(999_999_999_999.99)).toBe(MAX_KOBO - 1);
  });

  it('reads float noise within 1e-9 naira as the nearest 2-decimal amount', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(0.1 + 0.2 - 0.3 + 0.3)).toBe(30);
    expect(nairaToKobo(1.1 * 3)).toBe(330); // 3.3000000000000003
    expect(nairaToKobo(100.1 - 0.2)).toBe(9990); // 99.89999999999999
    expect(nairaToKobo(12.34 + 5e-10)).toBe(1234);
    expect(nairaToKobo(12.34 - 5e-10)).toBe(1234);
  });

  it('refuses amounts that really have more than 2 decimals', () => {
    for (const v of [10.005, 0.001, 1.234, 12.34 + 2e-9, 1e-7]) {
      expect(() => nairaToKobo(v)).toThrow('amount must have at most 2 decimal places');
    }
  });

  it('gives 0, not -0, for negative zero and tiny noise around 0', () => {
    expect(Object.is(nairaToKobo(-0), 0)).toBe(true);
    expect(Object.is(nairaToKobo(1e-12), 0)).toBe(true);
  });

  it('refuses negative, non-finite and too large amounts', () => {
    expect(() => nairaToKobo(-0.01)).toThrow('amount must not be negative');
    expect(() => nairaToKobo(-5)).toThrow(MoneyError);
    expect(() => nairaToKobo(Number.NaN)).toThrow('amount must be a finite number');
    expect(() => nairaToKobo(Number.POSITIVE_INFINITY)).toThrow('amount must be a finite number');
    expect(() => nairaToKobo('5' as unknown as number)).toThrow('amount must be a finite number');
    expect(() => nairaToKobo(1_000_000_000_000.01)).toThrow('amount is too large');
    expect(() => nairaToKobo(1e21)).toThrow('amount is too large');
  });

  it('round-trips every kobo amount of a sample through koboToNaira', () => {
    for (let kobo = 0; kobo < 100_000; kobo += 7) expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
    for (const kobo of [MAX_KOBO, MAX_KOBO - 1, 123_456_789_012_345 % MAX_KOBO, 99_999_999_999_999]) {
      expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
    }
  });

  it('reads values that came through JSON', () => {
    const body = JSON.parse('{"amount": 2500.5, "balance": 0.3, "fee": 1e3}') as Record<string, number>;
    expect(nairaToKobo(body.amount!)).toBe(250_050);
    expect(nairaToKobo(body.balance!)).toBe(30);
    expect(nairaToKobo(body.fee!)).toBe(100_000);
  });
});

describe('koboToNaira', () => {
  it('gives naira with up to 2 decimals', () => {
    expect(koboToNaira(0)).toBe(0);
    expect(koboToNaira(1)).toBe(0.01);
    expect(koboToNaira(250_050)).toBe(2500.5);
    expect(koboToNaira(MAX_KOBO)).toBe(1_000_000_000_000);
  });
  it('refuses what is not kobo', () => {
    expect(() => koboToNaira(1.5)).toThrow(MoneyError);
    expect(() => koboToNaira(-1)).toThrow(MoneyError);
    expect(() => koboToNaira(MAX_KOBO + 1)).toThrow(MoneyError);
  });
});

describe('roundToWholeNaira', () => {
  it('rounds halves away from zero', () => {
    expect(roundToWholeNaira(1_234_550)).toBe(12_346);
    expect(roundToWholeNaira(1_234_549)).toBe(12_345);
    expect(roundToWholeNaira(50)).toBe(1);
    expect(roundToWholeNaira(49)).toBe(0);
    expect(roundToWholeNaira(150)).toBe(2);
    expect(roundToWholeNaira(250)).toBe(3);
    expect(roundToWholeNaira(-50)).toBe(-1);
    expect(roundToWholeNaira(-250)).toBe(-3);
    expect(roundToWholeNaira(-149)).toBe(-1);
  });
  it('never answers -0', () => {
    expect(Object.is(roundToWholeNaira(-49), 0)).toBe(true);
    expect(Object.is(roundToWholeNaira(0), 0)).toBe(true);
  });
  it('refuses fractions of a kobo and unsafe numbers', () => {
    expect(() => roundToWholeNaira(0.5)).toThrow('amount must be a whole number of kobo');
    expect(() => roundToWholeNaira(2 ** 53)).toThrow(MoneyError);
    expect(() => roundToWholeNaira(Number.NaN)).toThrow(MoneyError);
  });
});

describe('groupThousands', () => {
  it('groups digits in threes', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(1_234_567)).toBe('1,234,567');
    expect(groupThousands(-1_234_567)).toBe('-1,234,567');
    expect(groupThousands(1_000_000_000_000)).toBe('1,000,000,000,000');
  });
  it('refuses non-integers (which would print as 1e+21 or 1.5)', () => {
    expect(() => groupThousands(1.5)).toThrow('only whole numbers can be grouped');
    expect(() => groupThousands(1e21)).toThrow(MoneyError);
  });
});

describe('formatNaira', () => {
  it('shows whole naira with separators and the sign', () => {
    expect(formatNaira(1_234_550)).toBe('₦12,346');
    expect(formatNaira(1_234_549)).toBe('₦12,345');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(49)).toBe('₦0');
    expect(formatNaira(50)).toBe('₦1');
    expect(formatNaira(1_000_000)).toBe('₦10,000');
    expect(formatNaira(99_999_950)).toBe('₦1,000,000');
    expect(formatNaira(MAX_KOBO)).toBe('₦1,000,000,000,000');
  });
  it('puts the minus before the sign and never shows -₦0', () => {
    expect(formatNaira(-250)).toBe('-₦3');
    expect(formatNaira(-123_456_789)).toBe('-₦1,234,568');
    expect(formatNaira(-49)).toBe('₦0');
  });
  it('refuses fractions of a kobo instead of printing NaN', () => {
    expect(() => formatNaira(0.5)).toThrow(MoneyError);
    expect(() => formatNaira(Number.NaN)).toThrow(MoneyError);
    expect(() => formatNaira(Number.POSITIVE_INFINITY)).toThrow(MoneyError);
  });
});

describe('formatNairaFloor', () => {
  it('rounds down to whole naira for upper bounds', () => {
    expect(formatNairaFloor(500_050)).toBe('₦5,000');
    expect(formatNairaFloor(500_099)).toBe('₦5,000');
    expect(formatNairaFloor(500_000)).toBe('₦5,000');
    expect(formatNairaFloor(0)).toBe('₦0');
    expect(formatNairaFloor(MAX_KOBO)).toBe('₦1,000,000,000,000');
  });
  it('refuses what is not kobo', () => {
    expect(() => formatNairaFloor(-1)).toThrow(MoneyError);
    expect(() => formatNairaFloor(0.5)).toThrow(MoneyError);
  });
});

describe('parseNairaInput', () => {
  it.each([
    ['₦10,000', 1_000_000],
    ['10000', 1_000_000],
    ['10,000', 1_000_000],
    ['₦ 10,000', 1_000_000],
    ['NGN 5', 500],
    ['ngn5', 500],
    ['2,500.5', 250_050],
    [' 2,500.5 ', 250_050],
    ['1,234,567.89', 123_456_789],
    ['0', 0],
    ['0.00', 0],
    ['007', 700],
    ['.5', 50],
    ['10.', 1000],
    ['1.500', 150],
    ['0.01', 1],
    ['1000000000000', MAX_KOBO],
    ['1,000,000,000,000.00', MAX_KOBO],
    ['999999999999.99', MAX_KOBO - 1],
    ['0000000000000000000001', 100],
  ])('reads %j as %i kobo', (text, kobo) => {
    expect(parseNairaInput(text)).toEqual({ ok: true, kobo });
  });

  it.each([
    ['', PARSE_ERROR_EMPTY],
    ['   ', PARSE_ERROR_EMPTY],
    ['₦', PARSE_ERROR_EMPTY],
    ['-5', PARSE_ERROR_NEGATIVE],
    ['₦-5', PARSE_ERROR_NEGATIVE],
    ['-₦5', PARSE_ERROR_NEGATIVE],
    ['abc', PARSE_ERROR_INVALID],
    ['1e5', PARSE_ERROR_INVALID],
    ['10 000', PARSE_ERROR_INVALID],
    ['1,00', PARSE_ERROR_INVALID],
    ['1,0000', PARSE_ERROR_INVALID],
    [',100', PARSE_ERROR_INVALID],
    ['.', PARSE_ERROR_INVALID],
    ['1.2.3', PARSE_ERROR_INVALID],
    ['+5', PARSE_ERROR_INVALID],
    ['Infinity', PARSE_ERROR_INVALID],
    ['NaN', PARSE_ERROR_INVALID],
    ['0x10', PARSE_ERROR_INVALID],
    ['١٠', PARSE_ERROR_INVALID],
    ['1.234', PARSE_ERROR_DECIMALS],
    ['0.001', PARSE_ERROR_DECIMALS],
    ['1000000000000.01', PARSE_ERROR_TOO_LARGE],
    ['99999999999999999999', PARSE_ERROR_TOO_LARGE],
    ['9'.repeat(400), PARSE_ERROR_TOO_LARGE],
  ])('refuses %j with %j', (text, error) => {
    expect(parseNairaInput(text)).toEqual({ ok: false, error });
  });

  it('has clear messages', () => {
    expect(PARSE_ERROR_EMPTY).toBe('Enter an amount');
    expect(PARSE_ERROR_NEGATIVE).toBe('Amount cannot be negative');
    expect(PARSE_ERROR_INVALID).toBe('Enter a valid amount in naira');
    expect(PARSE_ERROR_DECIMALS).toBe('Amount can have at most 2 decimal places');
    expect(PARSE_ERROR_TOO_LARGE).toBe('Amount is too large');
  });

  it('agrees with formatNaira for whole amounts', () => {
    for (const kobo of [0, 100, 1_000_000, 123_456_700, MAX_KOBO]) {
      expect(parseNairaInput(formatNaira(kobo))).toEqual({ ok: true, kobo });
    }
  });
});

describe('addKobo', () => {
  it('sums exactly', () => {
    expect(addKobo()).toBe(0);
    expect(addKobo(10)).toBe(10);
    expect(addKobo(10, 20, 30)).toBe(60);
    expect(addKobo(MAX_KOBO - 1, 1)).toBe(MAX_KOBO);
  });
  it('refuses overflow, negatives and fractions', () => {
    expect(() => addKobo(MAX_KOBO, 1)).toThrow(/^total must be a whole number of kobo/);
    expect(() => addKobo(5, -1)).toThrow(MoneyError);
    expect(() => addKobo(0.5)).toThrow(MoneyError);
    expect(() => addKobo(...Array<number>(200).fill(MAX_KOBO))).toThrow(MoneyError);
  });
});

describe('subtractKobo', () => {
  it('subtracts down to zero', () => {
    expect(subtractKobo(100, 40)).toBe(60);
    expect(subtractKobo(100, 100)).toBe(0);
  });
  it('never goes negative', () => {
    expect(() => subtractKobo(100, 101)).toThrow('result would be negative');
    expect(() => subtractKobo(-1, 0)).toThrow(MoneyError);
    expect(() => subtractKobo(1, 0.5)).toThrow(MoneyError);
  });
});

describe('netKobo', () => {
  it('adds signed amounts and may end below zero (an external account)', () => {
    expect(netKobo(1_000, -2_500, 300)).toBe(-1_200);
    expect(netKobo()).toBe(0);
    expect(netKobo(-5, 5)).toBe(0);
  });
  it('refuses fractions and totals past MAX_KOBO either way', () => {
    expect(() => netKobo(1, 0.5)).toThrow(MoneyError);
    expect(() => netKobo(-MAX_KOBO, -1)).toThrow(MoneyError);
    expect(() => netKobo(MAX_KOBO, 1)).toThrow(MoneyError);
  });
});

describe('multiplyKobo', () => {
  it('multiplies by whole factors', () => {
    expect(multiplyKobo(150_000, 3)).toBe(450_000);
    expect(multiplyKobo(150_000, 0)).toBe(0);
    expect(multiplyKobo(MAX_KOBO, 1)).toBe(MAX_KOBO);
  });
  it('refuses overflow and bad factors', () => {
    expect(() => multiplyKobo(MAX_KOBO, 2)).toThrow(MoneyError);
    expect(() => multiplyKobo(100, 1.5)).toThrow('factor must be a whole non-negative number');
    expect(() => multiplyKobo(100, -1)).toThrow(MoneyError);
    expect(() => multiplyKobo(-100, 1)).toThrow(MoneyError);
  });
});

describe('scaleKobo', () => {
  it('multiplies by an exact fraction, rounding half up to the kobo', () => {
    expect(scaleKobo(100_000, 1000, 500)).toBe(200_000);
    expect(scaleKobo(1, 1, 2)).toBe(1);
    expect(scaleKobo(1, 1, 3)).toBe(0);
    expect(scaleKobo(2, 1, 3)).toBe(1);
    expect(scaleKobo(1000, 1, 3)).toBe(333);
    expect(scaleKobo(0, 7, 9)).toBe(0);
    expect(scaleKobo(MAX_KOBO, 999, 1000)).toBe(99_900_000_000_000);
  });
  it('refuses overflow, zero denominators and fractions', () => {
    expect(() => scaleKobo(MAX_KOBO, 3, 2)).toThrow(MoneyError);
    expect(() => scaleKobo(100, 1, 0)).toThrow('denominator must be a whole number above 0');
    expect(() => scaleKobo(100, 1.5, 1)).toThrow('numerator must be a whole non-negative number');
    expect(() => scaleKobo(100, -1, 1)).toThrow(MoneyError);
    expect(() => scaleKobo(100, 1, -1)).toThrow(MoneyError);
    expect(() => scaleKobo(1.5, 1, 1)).toThrow(MoneyError);
  });
});

describe('percentOfKobo', () => {
  it('takes percentages exactly, rounding half up', () => {
    expect(percentOfKobo(1_000_000, 1.5)).toBe(15_000);
    expect(percentOfKobo(1_000_000, 3)).toBe(30_000);
    expect(percentOfKobo(1_000_000, 2.5)).toBe(25_000);
    expect(percentOfKobo(10_000, 100)).toBe(10_000);
    expect(percentOfKobo(10_000, 0)).toBe(0);
    expect(percentOfKobo(1, 50)).toBe(1); // half a kobo rounds up
    expect(percentOfKobo(1, 49.999999)).toBe(0);
    expect(percentOfKobo(3, 33.3333)).toBe(1);
    expect(percentOfKobo(1_000_000, 0.015)).toBe(150);
    expect(percentOfKobo(MAX_KOBO, 1)).toBe(1_000_000_000_000);
    expect(percentOfKobo(MAX_KOBO, 100)).toBe(MAX_KOBO);
  });
  it('has no float drift where a float product would', () => {
    // 1.1 % of ₦1,000: 100000 * 1.1 / 100 = 1100.0000000000002 in floats
    expect((100_000 * 1.1) / 100).not.toBe(1100);
    expect(percentOfKobo(100_000, 1.1)).toBe(1100);
    expect(percentOfKobo(100_000, 0.1 + 0.2)).toBe(300);
    // 7 % of 1,234,567,890,123 kobo = 86,419,752,308.61 -> 86,419,752,309
    expect(percentOfKobo(1_234_567_890_123, 7)).toBe(86_419_752_309);
    expect(percentOfKobo(99_999_999_999_999, 99.999999)).toBe(99_999_998_999_999);
  });
  it('refuses percentages it cannot take exactly and results past the cap', () => {
    expect(() => percentOfKobo(100, 1 / 3)).toThrow('percent has too many decimal places');
    expect(() => percentOfKobo(100, -1)).toThrow('percent must be a non-negative number');
    expect(() => percentOfKobo(100, Number.NaN)).toThrow(MoneyError);
    expect(() => percentOfKobo(100, Number.POSITIVE_INFINITY)).toThrow(MoneyError);
    expect(() => percentOfKobo(100, 1e300)).toThrow('percent is too large');
    expect(() => percentOfKobo(MAX_KOBO, 101)).toThrow(MoneyError);
    expect(() => percentOfKobo(-100, 1)).toThrow(MoneyError);
  });
});

describe('ratioPercent', () => {
  it('gives the percentage rounded to the asked decimals', () => {
    expect(ratioPercent(1, 3)).toBe(33.33);
    expect(ratioPercent(2, 3)).toBe(66.67);
    expect(ratioPercent(2, 3, 1)).toBe(66.7);
    expect(ratioPercent(2, 3, 0)).toBe(67);
    expect(ratioPercent(1, 8, 1)).toBe(12.5);
    expect(ratioPercent(1, 16, 1)).toBe(6.3); // 6.25 rounds half up
    expect(ratioPercent(15_000, 1_000_000)).toBe(1.5);
    expect(ratioPercent(0, 5)).toBe(0);
    expect(ratioPercent(5, 5)).toBe(100);
    expect(ratioPercent(MAX_KOBO, 1)).toBe(MAX_KOBO * 100);
  });
  it('handles signs symmetrically', () => {
    expect(ratioPercent(-1, 3)).toBe(-33.33);
    expect(ratioPercent(1, -3)).toBe(-33.33);
    expect(ratioPercent(-1, -3)).toBe(33.33);
    expect(ratioPercent(-1, 16, 1)).toBe(-6.3);
  });
  it('refuses zero wholes, fractions and silly decimals', () => {
    expect(() => ratioPercent(1, 0)).toThrow('cannot take a percentage of zero');
    expect(() => ratioPercent(0.5, 1)).toThrow('amounts must be whole numbers of kobo');
    expect(() => ratioPercent(1, 2, -1)).toThrow('decimals must be a whole number from 0 to 10');
    expect(() => ratioPercent(1, 2, 11)).toThrow(MoneyError);
    expect(() => ratioPercent(1, 2, 1.5)).toThrow(MoneyError);
  });
});

describe('splitKobo', () => {
  it('splits into near-equal portions, larger first', () => {
    expect(splitKobo(1000, 3)).toEqual([334, 333, 333]);
    expect(splitKobo(10, 4)).toEqual([3, 3, 2, 2]);
    expect(splitKobo(800, 8)).toEqual(Array<number>(8).fill(100));
    expect(splitKobo(1, 2)).toEqual([1, 0]);
    expect(splitKobo(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(splitKobo(MAX_KOBO, 1)).toEqual([MAX_KOBO]);
  });
  it('always sums exactly, portions differ by at most 1 kobo', () => {
    for (const kobo of [0, 1, 7, 99, 1001, 123_457, 999_999_999, MAX_KOBO, MAX_KOBO - 3]) {
      for (const parts of [1, 2, 3, 4, 6, 7, 8, 13, 100]) {
        const portions = splitKobo(kobo, parts);
        expect(portions).toHaveLength(parts);
        expect(portions.reduce((a, b) => a + b, 0)).toBe(kobo);
        expect(Math.max(...portions) - Math.min(...portions)).toBeLessThanOrEqual(1);
        expect(portions.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
      }
    }
  });
  it('refuses bad parts and bad amounts', () => {
    expect(() => splitKobo(100, 0)).toThrow(`parts must be a whole number from 1 to ${MAX_SPLIT_PARTS}`);
    expect(() => splitKobo(100, 2.5)).toThrow(MoneyError);
    expect(() => splitKobo(100, -2)).toThrow(MoneyError);
    expect(() => splitKobo(100, MAX_SPLIT_PARTS + 1)).toThrow(MoneyError);
    expect(() => splitKobo(-100, 2)).toThrow(MoneyError);
    expect(() => splitKobo(1.5, 2)).toThrow(MoneyError);
  });
});
