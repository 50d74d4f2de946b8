/**
 * One carrier NAT address shared by many honest users (ADR 0049): logins with the right password do not count
 * against the address's budget, so more than loginsPerSourcePerMinute of them in a minute are all let in; wrong
 * passwords from the address still are limited by it, with its 429.
 */
import { describe, expect, it } from 'vitest';
import { client, makeProvider, onboardedUser } from './helpers';

const NAT = '102.89.32.7';

describe('logins behind one carrier NAT address', () => {
  it('more right-password logins than the per-address budget in one minute are all let in; wrong ones are still limited', async () => {
    const at = Date.parse('2026-11-29T08:00:10Z');
    const provider = makeProvider({ now: () => at, settings: { loginsPerSourcePerMinute: 10 } });
    const people = await Promise.all(Array.from({ length: 3 }, () => onboardedUser(provider)));
    const nat = client(provider, NAT);
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      for (const p of people)
        statuses.push((await nat.call('POST', '/api/v1/user/login', { email: p.email, password: p.password })).status);
    }
    // 24 logins from the address in one minute, budget 10: none refused.
    expect(statuses).toEqual(Array.from({ length: 24 }, () => 200));

    const wrong = async (i: number) =>
      nat.call('POST', '/api/v1/user/login', { email: `guess-${i}@example.com`, password: 'wrong-password' });
    for (let i = 0; i < 10; i++) expect((await wrong(i)).status).toBe(400);
    expect([(await wrong(10)).status, (await wrong(11)).body.message]).toEqual([
      429,
      'Too many login attempts from your network. Please wait a minute and try again.',
    ]);
    // Once the budget is spent by guesses, the address is refused for the minute, right password or not.
    const honest = people[0]!;
    expect((await nat.call('POST', '/api/v1/user/login', { email: honest.email, password: honest.password })).status).toBe(429);
  });
});
