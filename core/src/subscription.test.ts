import { describe, expect, it } from 'vitest';
import { subscriptionStatus } from './subscription';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('subscriptionStatus', () => {
  it('is none without an expiry, and expired from the expiry instant on', () => {
    expect(subscriptionStatus(null, NOW)).toEqual({ kind: 'none' });
    expect(subscriptionStatus(NOW, NOW)).toEqual({ kind: 'expired', endedAt: NOW });
    expect(subscriptionStatus(NOW - DAY, NOW)).toEqual({ kind: 'expired', endedAt: NOW - DAY });
  });
  it('is active before the expiry, ending soon within three days of it', () => {
    expect(subscriptionStatus(NOW + 1, NOW)).toEqual({ kind: 'active', until: NOW + 1, endsSoon: true });
    expect(subscriptionStatus(NOW + 3 * DAY, NOW)).toEqual({ kind: 'active', until: NOW + 3 * DAY, endsSoon: true });
    expect(subscriptionStatus(NOW + 3 * DAY + 1, NOW)).toEqual({ kind: 'active', until: NOW + 3 * DAY + 1, endsSoon: false });
  });
});
