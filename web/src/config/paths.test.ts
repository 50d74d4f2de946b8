import { describe, expect, test } from 'vitest';
import { matchRoute, type RouteName } from '@punter/core/account';
import { paths } from '@/config/paths';

describe('paths', () => {
  test('the login link remembers where the visitor was going', () => {
    expect(paths.login.getHref()).toBe('/login');
    expect(paths.login.getHref('/pot/7?x=1')).toBe('/login?redirectTo=%2Fpot%2F7%3Fx%3D1');
  });

  test('every link the app builds leads back to the route it names, parameters encoded', () => {
    const params = { username: 'ada o', id: 7, referralCode: 'AB C/1' };
    for (const name of Object.keys(paths) as RouteName[]) {
      const href = (paths[name].getHref as (p?: typeof params) => string)(params);
      expect(matchRoute(href.split('?')[0] ?? ''), `${name}: ${href}`).toBe(name);
    }
    expect(paths.referral.getHref({ referralCode: 'AB C/1' })).toBe('/referral/AB%20C%2F1');
  });
});
