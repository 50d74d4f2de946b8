import { permissionsFor, type Permissions } from '@punter/core/permissions';
import { describe, expect, it } from 'vitest';
import { postSignal, registerSignalPush, type ContentStore } from '../src/content';
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
function store(): ContentStore {
  const table: Record<string, Permissions> = {
    poster: perms({ can_post_signal: true }),
    subscriber: perms({ subscription_expires_at: NOW + 86_400_000 }),
    lapsed: perms({ subscription_expires_at: NOW - 1 }),
  };
  let n = 0;
  return {
    permissionsOf: (uid) => Promise.resolve(table[uid] ?? null),
    addSignal: () => Promise.resolve(`sig${++n}`),
    deleteAll: () => Promise.resolve(0),
    deleteGamesWithStatus: () => Promise.resolve(0),
  };
}
const caller = (uid: string) => ({ uid, claims: {} });

describe('the FCM message for a signal', () => {
  it('goes to the topic of its group as a data message the service worker reads, dropped after 90 s', () => {
    expect(fcmSignalMessage({ id: 's1', group: 'C sub', title: 'Boom', details: 'Boom, game played' })).toEqual({
      topic: 'signals-C-sub',
      data: { kind: 'signal', id: 's1', group: 'C sub', title: 'Boom', details: 'Boom, game played', url: '/signal-4' },
      webpush: { headers: { TTL: '90', Urgency: 'high' } },
    });
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
    expect(await registerSignalPush(store(), caller('subscriber'), { token: 't1', category: 'A' }, push, NOW)).toEqual({
      adapter: 'fcm',
    });
    await registerSignalPush(store(), caller('subscriber'), { token: 't1', category: 'C Sub' }, push, NOW);
    expect(messaging.topics.get('signals-A')).toEqual(new Set());
    expect(messaging.topics.get('signals-C-sub')).toEqual(new Set(['t1']));
  });
  it('refuses a lapsed subscription, a stranger and a bad payload; says so when FCM refuses the token', async () => {
    const messaging = fakeMessaging(new Set(['bad']));
    const push = fcmSignalPush(messaging.client);
    expect((await rejection(registerSignalPush(store(), caller('lapsed'), { token: 't', category: 'A' }, push, NOW))).code).toBe(
      'permission-denied',
    );
    expect((await rejection(registerSignalPush(store(), null, { token: 't', category: 'A' }, push, NOW))).code).toBe(
      'unauthenticated',
    );
    const bad = await rejection(registerSignalPush(store(), caller('subscriber'), { token: '', category: 'Z' }, push, NOW));
    expect(bad.code).toBe('invalid-argument');
    const refused = await rejection(
      registerSignalPush(store(), caller('subscriber'), { token: 'bad', category: 'A' }, push, NOW),
    );
    expect([refused.code, refused.message]).toEqual(['invalid-argument', PUSH_TOKEN_REFUSED]);
    expect(messaging.topics.size).toBe(0);
  });
});
