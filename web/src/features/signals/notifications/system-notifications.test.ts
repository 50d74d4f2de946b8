import { describe, expect, it } from 'vitest';
import { notificationsToShow, signalNotification, type NotifyContext } from './system-notifications';

const signal = (id: string) => ({ id, group: 'B', title: 'Start Trading', details: 'start trading' });
const hiddenGranted: NotifyContext = { hidden: true, access: 'granted', optedIn: true };

describe('notificationsToShow', () => {
  it('a hidden tab with the permission granted and the reader opted in: each new signal once', () => {
    const notified = new Set<string>();
    const first = notificationsToShow([signal('a'), signal('b')], hiddenGranted, notified);
    expect(first.map((s) => s.id)).toEqual(['a', 'b']);
    first.forEach((s) => notified.add(s.id));
    expect(notificationsToShow([signal('b'), signal('c')], hiddenGranted, notified).map((s) => s.id)).toEqual(['c']);
    // The same signal twice in one batch is one notification.
    expect(notificationsToShow([signal('d'), signal('d')], hiddenGranted, new Set()).map((s) => s.id)).toEqual(['d']);
  });

  it('a visible tab gets no system notification (the list, tone and New mark say it)', () => {
    expect(notificationsToShow([signal('a')], { ...hiddenGranted, hidden: false }, new Set())).toEqual([]);
  });

  it('never when the browser refused, did not answer yet, or cannot; never without the opt-in', () => {
    for (const access of ['denied', 'default', 'unsupported'] as const)
      expect(notificationsToShow([signal('a')], { ...hiddenGranted, access }, new Set())).toEqual([]);
    expect(notificationsToShow([signal('a')], { ...hiddenGranted, optedIn: false }, new Set())).toEqual([]);
  });
});

describe('signalNotification', () => {
  it('names the group and the message, opens the signal page, and is tagged per signal', () => {
    expect(signalNotification(signal('x1'), '/signal-4')).toEqual({
      title: 'Group B: Start Trading',
      options: { body: 'start trading', tag: 'signal-x1', data: { url: '/signal-4' } },
    });
  });
  it('a Stop Trading posted to one group says it is for all groups', () => {
    const stop = { ...signal('x2'), title: 'Stop Trading', details: 'All category can stop trading now' };
    expect(signalNotification(stop, '/signal-4').title).toBe('All groups: Stop Trading');
  });
});
