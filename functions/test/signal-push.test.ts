import { permissionsFor, type Permissions } from '@punter/core/permissions';
import { describe, expect, it } from 'vitest';
import { postSignal, registerSignalPush, SIGNALS_PAUSED_MESSAGE, type ContentStore } from '../src/content';
import {
  fcmSignalMessage,
  fcmSignalPush,
  localSignalPush,
  PUSH_TOKEN_REFUSED,
  signalTopic,
  topicsForCategory,
  type MessagingClient,
  type SignalPushAdapter,
  type SignalPushMessage,
} from '../src/signal-push';
import {
  dropSignalPush,
  pruneSignalPush,
  RECHECK_MS,
  tokenKey,
  type PushRegistration,
  type PushRegistry,
} from '../src/push-registry';
import { rejection } from './harness';

/** firebase-admin's Messaging as the adapter uses it, in memory: what was sent and who is on which topic. */
function fakeMessaging(failTokens: ReadonlySet<string> = new Set()) {
  const sent: SignalPushMessage[] = [];
  const topics = new Map<string, Set<string>>();
  const client: MessagingClient = {
    send: (message) => {
      sent.push(message);
      return Promise.resolve(`projects/demo/messages/${sent.length}`);
    },
    subscribeToTopic: (token, topic) => {
      if (failTokens.has(token)) return Promise.resolve({ failureCount: 1 });
      topics.set(topic, new Set([...(topics.get(topic) ?? []), token]));
      return Promise.resolve({ failureCount: 0 });
    },
    unsubscribeFromTopic: (token, topic) => {
      topics.get(topic)?.delete(token);
      return Promise.resolve({ failureCount: 0 });
    },
  };
  return { client, sent, topics };
}

const perms = (changes: Partial<Permissions>): Permissions => ({
  ...permissionsFor(
    {
      role: 0,
      can_post_signal: false,
      can_post_game: false,
      can_monetize_game: false,
      suspended: false,
      must_change_password: false,
      subscription_expires_at: null,
    },
    0,
  ),
  ...changes,
});

const NOW = Date.parse('2026-11-24T10:00:00Z');
const DAY = 86_400_000;
/** The permissions of a few callers; `table` (read at each call, so a test can change it) comes first. */
function store(table: Record<string, Permissions> = {}): ContentStore {
  const known: Record<string, Permissions> = {
    poster: perms({ can_post_signal: true }),
    subscriber: perms({ subscription_expires_at: NOW + DAY }),
    lapsed: perms({ subscription_expires_at: NOW - 1 }),
    paused: perms({ subscription_expires_at: NOW + DAY, paused_until: NOW + 7 * DAY }),
  };
  let n = 0;
  return {
    permissionsOf: (uid) => Promise.resolve(table[uid] ?? known[uid] ?? null),
    addSignal: () => Promise.resolve(`sig${++n}`),
    deleteAll: () => Promise.resolve(0),
    deleteGamesWithStatus: () => Promise.resolve(0),
    audit: () => Promise.resolve(),
  };
}
const caller = (uid: string) => ({ uid, claims: {} });

/** signal_push_tokens in memory, keyed like the Firestore one. */
function registry(): PushRegistry & { docs: Map<string, PushRegistration> } {
  const docs = new Map<string, PushRegistration>();
  return {
    docs,
    save: (r) => Promise.resolve(void docs.set(tokenKey(r.token), r)),
    ofUser: (uid) => Promise.resolve([...docs.values()].filter((r) => r.uid === uid)),
    due: (now, limit) =>
      Promise.resolve(
        [...docs.values()]
          .filter((r) => r.check_at <= now)
          .sort((a, b) => a.check_at - b.check_at)
          .slice(0, limit),
      ),
    remove: (token) => Promise.resolve(void docs.delete(tokenKey(token))),
  };
}

/** Every topic a token is on. */
const topicsOf = (topics: Map<string, Set<string>>, token: string) =>
  [...topics.entries()].filter(([, tokens]) => tokens.has(token)).map(([topic]) => topic);

describe('the FCM message for a signal', () => {
  it('goes to the topic of its group as a data message the service worker reads, dropped after 90 s', () => {
    expect(fcmSignalMessage({ id: 's1', group: 'C sub', title: 'Boom', details: 'Boom, game played' })).toEqual({
      topic: 'signals-C-sub',
      data: { kind: 'signal', id: 's1', group: 'C sub', title: 'Boom', details: 'Boom, game played', url: '/signal-4' },
      webpush: { headers: { TTL: '90', Urgency: 'high' } },
    });
  });
  it("a Stop Trading ('All category can stop trading now') goes to every group's topic, whatever group it was posted to", () => {
    const message = fcmSignalMessage({
      id: 's2',
      group: 'B',
      title: 'Stop Trading',
      details: 'All category can stop trading now',
    });
    expect(message).toEqual({
      condition: "'signals-A' in topics || 'signals-B' in topics || 'signals-C' in topics || 'signals-C-sub' in topics",
      data: {
        kind: 'signal',
        id: 's2',
        group: 'B',
        title: 'Stop Trading',
        details: 'All category can stop trading now',
        url: '/signal-4',
      },
      webpush: { headers: { TTL: '90', Urgency: 'high' } },
    });
    expect('topic' in message).toBe(false);
  });
  it('topic names are valid FCM topics, one per group; a category listens to its own group only', () => {
    for (const group of ['A', 'B', 'C', 'C sub'] as const) expect(signalTopic(group)).toMatch(/^[a-zA-Z0-9-_.~%]+$/);
    expect(topicsForCategory('C Sub')).toEqual(['signals-C-sub']);
    expect(topicsForCategory('C')).toEqual(['signals-C']);
  });
});

describe('postSignal with a push adapter', () => {
  it('fcm: stores the signal, then sends one message to its group topic', async () => {
    const messaging = fakeMessaging();
    const result = await postSignal(
      store(),
      caller('poster'),
      { status: 'start', group: 'B' },
      new Date(NOW),
      fcmSignalPush(messaging.client),
    );
    expect(result).toEqual({ id: 'sig1', message: 'Message sent successfully' });
    expect(messaging.sent).toEqual([
      fcmSignalMessage({ id: 'sig1', group: 'B', title: 'Start Trading', details: 'start trading' }),
    ]);
  });
  it('local: nothing is sent (the live listener alerts readers)', async () => {
    const messaging = fakeMessaging();
    await postSignal(store(), caller('poster'), { status: 'start', group: 'B' }, new Date(NOW), localSignalPush);
    expect(messaging.sent).toEqual([]);
  });
  it('a push that fails does not fail the post; it is logged without the message text', async () => {
    const failing: SignalPushAdapter = { ...localSignalPush, name: 'fcm', send: () => Promise.reject(new Error('quota')) };
    const logged: Array<[string, Record<string, unknown> | undefined]> = [];
    const result = await postSignal(store(), caller('poster'), { status: 'boom', group: 'A' }, new Date(NOW), failing, (m, f) =>
      logged.push([m, f]),
    );
    expect(result.message).toBe('Message sent successfully');
    expect(logged).toEqual([['signal push failed', { id: 'sig1', adapter: 'fcm', error: 'quota' }]]);
  });
  it('a refused post sends nothing', async () => {
    const messaging = fakeMessaging();
    await rejection(
      postSignal(store(), caller('subscriber'), { status: 'start', group: 'B' }, new Date(NOW), fcmSignalPush(messaging.client)),
    );
    expect(messaging.sent).toEqual([]);
  });
});

describe('registerSignalPush', () => {
  it("puts a subscriber's token on their category's topic and takes it off the others", async () => {
    const messaging = fakeMessaging();
    const push = fcmSignalPush(messaging.client);
    expect(
      await registerSignalPush(store(), caller('subscriber'), { token: 't1', category: 'A' }, push, registry(), NOW),
    ).toEqual({
      adapter: 'fcm',
    });
    await registerSignalPush(store(), caller('subscriber'), { token: 't1', category: 'C Sub' }, push, registry(), NOW);
    expect(messaging.topics.get('signals-A')).toEqual(new Set());
    expect(messaging.topics.get('signals-C-sub')).toEqual(new Set(['t1']));
  });
  it('refuses a lapsed subscription, a stranger and a bad payload; says so when FCM refuses the token', async () => {
    const messaging = fakeMessaging(new Set(['bad']));
    const push = fcmSignalPush(messaging.client);
    expect(
      (await rejection(registerSignalPush(store(), caller('lapsed'), { token: 't', category: 'A' }, push, registry(), NOW))).code,
    ).toBe('permission-denied');
    expect((await rejection(registerSignalPush(store(), null, { token: 't', category: 'A' }, push, registry(), NOW))).code).toBe(
      'unauthenticated',
    );
    const bad = await rejection(
      registerSignalPush(store(), caller('subscriber'), { token: '', category: 'Z' }, push, registry(), NOW),
    );
    expect(bad.code).toBe('invalid-argument');
    const refused = await rejection(
      registerSignalPush(store(), caller('subscriber'), { token: 'bad', category: 'A' }, push, registry(), NOW),
    );
    expect([refused.code, refused.message]).toEqual(['invalid-argument', PUSH_TOKEN_REFUSED]);
    expect(messaging.topics.size).toBe(0);
    // A refused token is not kept either.
    const kept = registry();
    await rejection(registerSignalPush(store(), caller('subscriber'), { token: 'bad', category: 'A' }, push, kept, NOW));
    expect(kept.docs.size).toBe(0);
  });
});

describe('no signal push during a pause or after a subscription ends (ADR 0025)', () => {
  it('registerSignalPush refuses a subscriber on a break and keeps no token; a registration is kept with its next check', async () => {
    const messaging = fakeMessaging();
    const push = fcmSignalPush(messaging.client);
    const kept = registry();
    const paused = await rejection(
      registerSignalPush(store(), caller('paused'), { token: 'tp', category: 'A' }, push, kept, NOW),
    );
    expect([paused.code, paused.message]).toEqual(['permission-denied', SIGNALS_PAUSED_MESSAGE]);
    expect(topicsOf(messaging.topics, 'tp')).toEqual([]);
    expect(kept.docs.size).toBe(0);

    await registerSignalPush(store(), caller('subscriber'), { token: 'ts', category: 'B' }, push, kept, NOW);
    await registerSignalPush(store(), caller('poster'), { token: 'tq', category: 'C' }, push, kept, NOW);
    // The subscriber is looked at again within the hour (their day of subscription is longer); so is the poster.
    expect(kept.docs.get(tokenKey('ts'))).toEqual({
      uid: 'subscriber',
      token: 'ts',
      category: 'B',
      check_at: NOW + RECHECK_MS,
      updated_at: NOW,
    });
    expect(kept.docs.get(tokenKey('tq'))?.check_at).toBe(NOW + RECHECK_MS);
  });

  it("a pause drops every device of the user from every topic at once, and nobody else's", async () => {
    const messaging = fakeMessaging();
    const push = fcmSignalPush(messaging.client);
    const kept = registry();
    const table = { reader: perms({ subscription_expires_at: NOW + 10 * DAY }) };
    for (const [uid, token] of [
      ['reader', 'phone'],
      ['reader', 'laptop'],
      ['subscriber', 'other'],
    ] as const)
      await registerSignalPush(store(table), caller(uid), { token, category: 'C Sub' }, push, kept, NOW);
    expect(topicsOf(messaging.topics, 'phone')).toEqual(['signals-C-sub']);

    expect(await dropSignalPush(kept, push, 'reader')).toBe(2);
    expect(topicsOf(messaging.topics, 'phone')).toEqual([]);
    expect(topicsOf(messaging.topics, 'laptop')).toEqual([]);
    expect(topicsOf(messaging.topics, 'other')).toEqual(['signals-C-sub']);
    expect([...kept.docs.values()].map((r) => r.token)).toEqual(['other']);
  });

  it('the scheduled check drops an ended subscription, a pause and a suspension; keeps a renewal and a poster', async () => {
    const messaging = fakeMessaging();
    const push = fcmSignalPush(messaging.client);
    const kept = registry();
    const table: Record<string, Permissions> = {
      ending: perms({ subscription_expires_at: NOW + 30 * 60_000 }),
      renewing: perms({ subscription_expires_at: NOW + 30 * 60_000 }),
      pausing: perms({ subscription_expires_at: NOW + 10 * DAY }),
      suspended: perms({ subscription_expires_at: NOW + 10 * DAY }),
      poster: perms({ can_post_signal: true }),
    };
    const content = store(table);
    for (const uid of Object.keys(table))
      await registerSignalPush(content, caller(uid), { token: `tok-${uid}`, category: 'A' }, push, kept, NOW);
    // Nothing is due yet: nothing is read or dropped.
    expect(await pruneSignalPush(kept, content, push, NOW + 60_000)).toEqual({ checked: 0, dropped: 0 });

    // Meanwhile: one renews, one pauses without the proxy seeing it, one is suspended.
    table.renewing = perms({ subscription_expires_at: NOW + 30 * DAY });
    table.pausing = perms({ subscription_expires_at: NOW + 10 * DAY, paused_until: NOW + 30 * DAY });
    table.suspended = perms({ subscription_expires_at: NOW + 10 * DAY, active: false });
    const later = NOW + 31 * 60_000;
    expect(await pruneSignalPush(kept, content, push, later)).toEqual({ checked: 2, dropped: 1 });
    expect(topicsOf(messaging.topics, 'tok-ending')).toEqual([]);
    expect(kept.docs.get(tokenKey('tok-renewing'))?.check_at).toBe(later + RECHECK_MS);

    const hourLater = NOW + RECHECK_MS;
    expect(await pruneSignalPush(kept, content, push, hourLater)).toEqual({ checked: 3, dropped: 2 });
    for (const uid of ['pausing', 'suspended']) expect(topicsOf(messaging.topics, `tok-${uid}`)).toEqual([]);
    for (const uid of ['renewing', 'poster']) expect(topicsOf(messaging.topics, `tok-${uid}`)).toEqual(['signals-A']);
    expect([...kept.docs.values()].map((r) => r.uid).sort()).toEqual(['poster', 'renewing']);
  });

  it('the local adapter (no FCM) takes nothing off and fails nothing', async () => {
    const kept = registry();
    await registerSignalPush(store(), caller('subscriber'), { token: 'local', category: 'A' }, localSignalPush, kept, NOW);
    expect(await dropSignalPush(kept, localSignalPush, 'subscriber')).toBe(1);
    expect(kept.docs.size).toBe(0);
  });
});
