/**
 * The admin SDK connects to FIRESTORE_EMULATOR_HOST whenever it is set, whatever host a store's settings name. A
 * store asked for another emulator (a test's own, in production-limits mode) is refused with a message that says
 * so, instead of reading from the wrong emulator, or waiting forever on one that has stopped.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { start } from '@punter/emulator';
import { createFirestoreStore } from '../src/store-firestore';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createFirestoreStore and FIRESTORE_EMULATOR_HOST', () => {
  it('refuses an emulator host other than the variable names', () => {
    vi.stubEnv('FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080');
    expect(() =>
      createFirestoreStore({ projectId: 'demo-punter', emulatorHost: '127.0.0.1:9999', appName: `host-${process.pid}-1` }),
    ).toThrow('A store for the emulator at 127.0.0.1:9999 cannot be made while FIRESTORE_EMULATOR_HOST is 127.0.0.1:8080');
  });

  it('takes the same host, or any host when the variable is unset', async () => {
    vi.stubEnv('FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080');
    const same = createFirestoreStore({
      projectId: 'demo-punter',
      emulatorHost: '127.0.0.1:8080',
      appName: `host-${process.pid}-2`,
    });
    vi.stubEnv('FIRESTORE_EMULATOR_HOST', undefined);
    const other = createFirestoreStore({
      projectId: 'demo-punter',
      emulatorHost: '127.0.0.1:9999',
      appName: `host-${process.pid}-3`,
    });
    await Promise.all([same.close(), other.close()]);
  });
});

describe('createFirestoreStore after a store of the same name was closed', () => {
  it('makes a working client, not the closed one', async () => {
    const emulator = await start({ port: 0, project: 'demo-punter' });
    vi.stubEnv('FIRESTORE_EMULATOR_HOST', undefined);
    try {
      const options = {
        projectId: 'demo-punter',
        emulatorHost: `${emulator.host}:${emulator.port}`,
        appName: `reused-${process.pid}`,
      };
      const first = createFirestoreStore(options);
      await first.set('things', 'a', { n: 1 });
      await first.close();
      const second = createFirestoreStore(options);
      await second.set('things', 'b', { n: 2 });
      expect(await second.get('things', 'a')).toEqual({ n: 1 });
      await second.close();
    } finally {
      await emulator.stop();
    }
  });
});
