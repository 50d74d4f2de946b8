import { describe, expect, test } from 'vitest';
import { paths } from '@/config/paths';

describe('paths', () => {
  test('the login link remembers where the visitor was going', () => {
    expect(paths.login.getHref()).toBe('/login');
    expect(paths.login.getHref('/pot/7?x=1')).toBe('/login?redirectTo=%2Fpot%2F7%3Fx%3D1');
  });

  test('keeps the route table of core', () => {
    expect(paths.overTwoFiveCalculator.path).toBe('/overtwofivecalculator');
    expect(paths.referral.getHref({ referralCode: 'AB C' })).toBe('/referral/AB%20C');
  });
});
