import { describe, expect, it } from 'vitest';
import { notificationTarget, parseSignalPush } from './push-payload';

const data = { kind: 'signal', id: 's1', group: 'C sub', title: 'Boom', details: 'Boom, game played', url: '/signal-4' };

describe('parseSignalPush', () => {
  it('reads the data message FCM delivers for a signal', () => {
    expect(parseSignalPush(JSON.stringify({ data, from: '123', fcmMessageId: 'm1' }))).toEqual(data);
  });
  it('ignores anything else: no payload, not JSON, another kind, a link off this site', () => {
    expect(parseSignalPush(null)).toBeNull();
    expect(parseSignalPush('not json')).toBeNull();
    expect(parseSignalPush(JSON.stringify({ data: { ...data, kind: 'game' } }))).toBeNull();
    expect(parseSignalPush(JSON.stringify({ data: { ...data, url: '//evil.example/x' } }))).toBeNull();
    expect(parseSignalPush(JSON.stringify({ data: { ...data, url: 'https://evil.example/' } }))).toBeNull();
  });
});

describe('notificationTarget', () => {
  const origin = 'https://punter.example';
  it("opens the signal's page of this site", () => {
    expect(notificationTarget({ url: '/signal-4' }, origin)).toBe('https://punter.example/signal-4');
  });
  it("opens the app's root for anything else: another site, no data", () => {
    expect(notificationTarget({ url: '//evil.example/x' }, origin)).toBe('https://punter.example/');
    expect(notificationTarget({ url: 'https://evil.example/' }, origin)).toBe('https://punter.example/');
    expect(notificationTarget(null, origin)).toBe('https://punter.example/');
  });
});
