import { describe, expect, it } from 'vitest';
import { fcmPushRegistration, localPushRegistration, pushRegistration } from './push-registration';

describe('push registration', () => {
  it('fcm: the token of the app service worker goes to registerSignalPush with the category', async () => {
    const sent: unknown[] = [];
    const worker = { scope: '/' } as ServiceWorkerRegistration;
    const adapter = fcmPushRegistration({
      registration: () => Promise.resolve(worker),
      token: (registration) => Promise.resolve(registration === worker ? 'token-1' : 'wrong worker'),
      send: (payload) => {
        sent.push(payload);
        return Promise.resolve();
      },
    });
    await adapter.register('C Sub');
    expect(sent).toEqual([{ token: 'token-1', category: 'C Sub' }]);
  });

  it('fcm without a service worker registers nothing', async () => {
    const sent: unknown[] = [];
    const adapter = fcmPushRegistration({
      registration: () => Promise.resolve(null),
      token: () => Promise.reject(new Error('no token without a worker')),
      send: (payload) => {
        sent.push(payload);
        return Promise.resolve();
      },
    });
    await adapter.register('A');
    expect(sent).toEqual([]);
  });

  it('without VITE_FCM_VAPID_KEY (the local stack) the local adapter is used', async () => {
    expect(pushRegistration()).toBe(localPushRegistration);
    await expect(localPushRegistration.register('A')).resolves.toBeUndefined();
  });
});
