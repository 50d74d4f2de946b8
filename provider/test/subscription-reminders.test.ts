/**
 * The reminder three days before a subscription ends: once per subscription period, whatever the
 * number of runs or provider instances running it at the same time; none before the window, none
 * after the end, a new one after a renewal. On the in-memory store and on Firestore through the
 * project's own emulator (two provider instances, as two scheduler runs on two machines).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../src/provider';
import { remindExpiringSubscriptions } from '../src/wallet/subscription-reminders';
import { client, makeProvider, onboardedUser, topUp } from './helpers';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

interface Shown {
  type: string;
  meta_data: { message?: unknown };
}

/** What the user's bell lists (GET admin/notifications), reminders only. */
async function remindersOf(provider: Provider, token: string): Promise<Shown[]> {
  const res = await client(provider).call('GET', '/api/v1/admin/notifications', undefined, token);
  expect(res.status).toBe(200);
  return (res.body.data as Shown[]).filter((n) => n.type === 'SUBSCRIPTION_EXPIRING');
}

describe.each(envs)('subscription reminders on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('reminds once per period three days before the end, then again after a renewal', async () => {
    // A clock of its own, years from the other tests' subscriptions, so their users are never due here.
    const clock = { now: Date.parse('2031-03-01T08:00:00Z') };
    const [storeA, storeB] = env.clients(2);
    if (!storeA || !storeB) throw new Error('two clients expected');
    const a = makeProvider({ store: storeA, now: () => clock.now });
    const b = makeProvider({ store: storeB, now: () => clock.now });
    const user = await onboardedUser(a);
    const other = await onboardedUser(a);
    await topUp(a, user.token, user.email, 5_000);
    // A fresh login whenever the clock moves: bearer tokens last 24 hours.
    const login = async (u: { email: string; password: string }) =>
      String((await client(a).call('POST', '/api/v1/user/login', { email: u.email, password: u.password })).body.token);
    const subscribe = (key: string, token: string) =>
      client(a).call('POST', '/api/v1/user/subscribe', {}, token, { 'idempotency-key': key });
    expect((await subscribe(`first-${user.id}`, user.token)).status).toBe(200);
    // Ends 2031-03-31T08:00Z. Four days before: not due yet.
    clock.now = Date.parse('2031-03-27T08:00:00Z');
    expect(await remindExpiringSubscriptions(a.deps)).toEqual({ due: 0, sent: 0 });
    expect(await remindersOf(a, await login(user))).toEqual([]);

    // Inside the three days: two instances run at once, and again later; one reminder.
    clock.now = Date.parse('2031-03-28T08:00:01Z');
    const runs = await Promise.all([remindExpiringSubscriptions(a.deps), remindExpiringSubscriptions(b.deps)]);
    expect(runs.map((r) => r.due)).toEqual([1, 1]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    clock.now += 60 * 60 * 1000;
    expect(await remindExpiringSubscriptions(b.deps)).toEqual({ due: 1, sent: 0 });
    let token = await login(user);
    const reminders = await remindersOf(a, token);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.meta_data.message).toBe(
      'Your subscription ends on 31 Mar 2031. Renew it from your wallet to keep signals and Auto-Trada.',
    );
    // The user without a subscription is never reminded.
    expect(await remindersOf(a, await login(other))).toEqual([]);

    // Past the end: nothing more to remind.
    clock.now = Date.parse('2031-03-31T08:00:01Z');
    token = await login(user);
    expect(await remindExpiringSubscriptions(a.deps)).toEqual({ due: 0, sent: 0 });

    // Renewed: a new period (30 days from now), and its own reminder three days before its end.
    expect((await subscribe(`second-${user.id}`, token)).status).toBe(200);
    clock.now = Date.parse('2031-04-27T08:00:02Z');
    token = await login(user);
    expect(await remindExpiringSubscriptions(a.deps)).toEqual({ due: 1, sent: 1 });
    expect(await remindExpiringSubscriptions(b.deps)).toEqual({ due: 1, sent: 0 });
    expect((await remindersOf(a, token)).map((n) => n.meta_data.message)).toEqual([
      'Your subscription ends on 30 Apr 2031. Renew it from your wallet to keep signals and Auto-Trada.',
      'Your subscription ends on 31 Mar 2031. Renew it from your wallet to keep signals and Auto-Trada.',
    ]);
  });
});
