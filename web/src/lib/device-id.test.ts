// @vitest-environment happy-dom
// (The device id lives in the browser's localStorage.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_KEY, deviceId } from './device-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('deviceId (ADR 0051)', () => {
  it('makes a random UUID once, stores it, and answers the same one after a reload', async () => {
    const first = deviceId();
    expect(first).toMatch(UUID);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
    expect(deviceId()).toBe(first);
    // A reload: the module is evaluated again and reads the stored id.
    vi.resetModules();
    const reloaded = await import('./device-id');
    expect(reloaded.deviceId()).toBe(first);
  });

  it('makes a new id when the storage was cleared', async () => {
    const first = deviceId();
    localStorage.clear();
    vi.resetModules();
    const fresh = (await import('./device-id')).deviceId();
    expect(fresh).toMatch(UUID);
    expect(fresh).not.toBe(first);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(fresh);
  });

  it('replaces a stored value that is not a UUID (the old placeholder, a tampered value)', async () => {
    localStorage.setItem(DEVICE_ID_KEY, 'web-device-token');
    vi.resetModules();
    const id = (await import('./device-id')).deviceId();
    expect(id).toMatch(UUID);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
  });

  it('keeps one id for the page when storage refuses reads and writes', async () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    vi.stubGlobal('localStorage', refusing);
    expect(() => localStorage.getItem(DEVICE_ID_KEY)).toThrow('SecurityError');
    vi.resetModules();
    const mod = await import('./device-id');
    const id = mod.deviceId();
    expect(id).toMatch(UUID);
    expect(mod.deviceId()).toBe(id);
  });
});
