/**
 * The web side of signal push (ADR 0014): after the reader turns notifications on (and whenever the
 * category changes), this browser's push token joins the FCM topic of the category. Two adapters:
 *   - local (no VITE_FCM_VAPID_KEY, the emulator stack): nothing to register; the live listener
 *     shows the notifications while the tab is open, hidden or not;
 *   - fcm: Firebase Messaging's token for the app's service worker, sent to registerSignalPush. The
 *     Messaging SDK loads only here, on that click.
 */
import type { SignalCategory } from '@punter/core/signals';
import { env } from '@/config/env';
import { registerSignalPush } from '@/features/signals/api/signal-calls';
import { firebaseApp } from '@/lib/firebase';
import { serviceWorkerRegistration } from '@/lib/service-worker';

export interface PushRegistration {
  readonly name: 'local' | 'fcm';
  register(category: SignalCategory): Promise<void>;
}

export const localPushRegistration: PushRegistration = { name: 'local', register: () => Promise.resolve() };

export interface FcmDeps {
  registration: () => Promise<ServiceWorkerRegistration | null>;
  token: (registration: ServiceWorkerRegistration) => Promise<string>;
  send: (payload: { token: string; category: SignalCategory }) => Promise<void>;
}

export function fcmPushRegistration(deps: FcmDeps): PushRegistration {
  return {
    name: 'fcm',
    async register(category) {
      const registration = await deps.registration();
      // No service worker (unsupported, or registration failed): the live listener still alerts.
      if (!registration) return;
      await deps.send({ token: await deps.token(registration), category });
    },
  };
}

let chosen: PushRegistration | null = null;

export function pushRegistration(): PushRegistration {
  const vapidKey = env.VITE_FCM_VAPID_KEY;
  chosen ??= vapidKey
    ? fcmPushRegistration({
        registration: serviceWorkerRegistration,
        token: async (serviceWorker) => {
          const { getMessaging, getToken } = await import('firebase/messaging');
          return getToken(getMessaging(firebaseApp), { vapidKey, serviceWorkerRegistration: serviceWorker });
        },
        send: registerSignalPush,
      })
    : localPushRegistration;
  return chosen;
}
