/**
 * Production push for signals through Firebase Cloud Messaging (ADR 0014), behind a small adapter.
 * postSignal hands every stored signal to the adapter:
 *   - 'local' (the default, and the emulator stack): does nothing. The web page's live listener
 *     already alerts an open tab, and shows the system notification while it is hidden.
 *   - 'fcm' (SIGNAL_PUSH=fcm): one data message to the FCM topic of the signal's group (a Stop Trading,
 *     'All category can stop trading now', to every group's topic through one condition); the service
 *     worker (web/src/sw/sw.ts) shows it even with no tab open. Readers' tokens join the topic of
 *     their category through registerSignalPush.
 * A failed push never fails the post: the signal is stored and every listener gets it.
 */
import {
  isSignalForEveryCategory,
  SIGNAL_TARGET_GROUPS,
  signalMatchesCategory,
  type SignalCategory,
  type SignalTargetGroup,
} from '@punter/core/signals';
import { ROUTES } from '@punter/core/account';
import { BridgeError } from './errors';

export interface PushedSignal {
  id: string;
  group: SignalTargetGroup;
  title: string;
  details: string;
}

export interface SignalPushAdapter {
  readonly name: 'local' | 'fcm';
  send(signal: PushedSignal): Promise<void>;
  /** Moves a device token to the topics of `category` (and out of the others). */
  subscribe(token: string, category: SignalCategory): Promise<void>;
  /** Takes a device token off every signal topic (a pause began, a subscription ended: ADR 0025). */
  unsubscribeAll(token: string): Promise<void>;
}

/** SPEC section 9: a signal is worth acting on for about a minute and a half; FCM drops it after that. */
export const SIGNAL_PUSH_TTL_SECONDS = 90;

/** FCM topic names allow [a-zA-Z0-9-_.~%]: 'signals-A', ..., 'signals-C-sub'. */
export function signalTopic(group: SignalTargetGroup): string {
  return `signals-${group.replace(/\s+/g, '-')}`;
}

/** The topics a reader of `category` listens to (the groups whose signals the feed shows them). */
export function topicsForCategory(category: SignalCategory): string[] {
  return SIGNAL_TARGET_GROUPS.filter((g) => signalMatchesCategory(g, category)).map(signalTopic);
}

/**
 * The part of firebase-admin's Message this adapter sends (a topic data message with Web Push options): to one
 * group's topic, or, for a signal meant for every category, to a condition naming every group's topic (a device
 * gets it once, whichever topic it is on).
 */
export type SignalPushMessage = ({ topic: string } | { condition: string }) & {
  data: { kind: 'signal'; id: string; group: string; title: string; details: string; url: string };
  webpush: { headers: { TTL: string; Urgency: 'high' } };
};

/** FCM's condition for 'on any signal topic': "'signals-A' in topics || ... " (at most 5 topics: we have 4). */
export function everySignalTopicCondition(): string {
  return SIGNAL_TARGET_GROUPS.map((group) => `'${signalTopic(group)}' in topics`).join(' || ');
}

/**
 * A data message, not a notification message: the service worker builds the notification itself
 * (the same text and tag as the page's), so a push and the listener for one signal show it once.
 */
export function fcmSignalMessage(signal: PushedSignal): SignalPushMessage {
  return {
    ...(isSignalForEveryCategory(signal) ? { condition: everySignalTopicCondition() } : { topic: signalTopic(signal.group) }),
    data: {
      kind: 'signal',
      id: signal.id,
      group: signal.group,
      title: signal.title,
      details: signal.details,
      url: ROUTES.signal.path,
    },
    webpush: { headers: { TTL: String(SIGNAL_PUSH_TTL_SECONDS), Urgency: 'high' } },
  };
}

export const localSignalPush: SignalPushAdapter = {
  name: 'local',
  send: () => Promise.resolve(),
  subscribe: () => Promise.resolve(),
  unsubscribeAll: () => Promise.resolve(),
};

/** What the FCM adapter needs from firebase-admin's Messaging (a fake in tests: no network). */
export interface MessagingClient {
  send(message: SignalPushMessage): Promise<string>;
  /** FCM answers a bad token in the response (failureCount), not with an exception. */
  subscribeToTopic(tokens: string, topic: string): Promise<{ failureCount: number }>;
  unsubscribeFromTopic(tokens: string, topic: string): Promise<{ failureCount: number }>;
}

export const PUSH_TOKEN_REFUSED = 'This browser could not be registered for signal notifications. Reload the page and try again.';

export function fcmSignalPush(messaging: MessagingClient): SignalPushAdapter {
  return {
    name: 'fcm',
    async send(signal) {
      await messaging.send(fcmSignalMessage(signal));
    },
    async subscribe(token, category) {
      const wanted = new Set(topicsForCategory(category));
      for (const group of SIGNAL_TARGET_GROUPS) {
        const topic = signalTopic(group);
        const answer = wanted.has(topic)
          ? await messaging.subscribeToTopic(token, topic)
          : await messaging.unsubscribeFromTopic(token, topic);
        if (answer.failureCount > 0) throw new BridgeError('invalid-argument', PUSH_TOKEN_REFUSED);
      }
    },
    async unsubscribeAll(token) {
      // A token FCM no longer knows (failureCount) is off every topic already: nothing left to undo.
      for (const group of SIGNAL_TARGET_GROUPS) await messaging.unsubscribeFromTopic(token, signalTopic(group));
    },
  };
}
