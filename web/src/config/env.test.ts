import { describe, expect, test } from 'vitest';
import { EnvError, parseEnv } from '@/config/env';

describe('parseEnv', () => {
  test('an empty environment gives the local emulator defaults', () => {
    const env = parseEnv({});
    expect(env.VITE_FIREBASE_PROJECT_ID).toBe('demo-punter');
    expect(env.VITE_USE_EMULATORS).toBe(true);
    expect(env.VITE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
    expect(env.VITE_FUNCTIONS_EMULATOR_HOST).toBe('127.0.0.1:5001');
    expect(env.VITE_FIRESTORE_EMULATOR_HOST).toBe('127.0.0.1:8080');
  });

  test('empty strings count as unset', () => {
    expect(parseEnv({ VITE_AUTH_EMULATOR_HOST: '' }).VITE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
  });

  test('a bad value is refused with a message naming the variable', () => {
    expect(() => parseEnv({ VITE_AUTH_EMULATOR_HOST: 'localhost' })).toThrow(EnvError);
    expect(() => parseEnv({ VITE_AUTH_EMULATOR_HOST: 'localhost' })).toThrow(/VITE_AUTH_EMULATOR_HOST: must look like host:port/);
    expect(() => parseEnv({ VITE_USE_EMULATORS: 'yes' })).toThrow(/VITE_USE_EMULATORS/);
    expect(() => parseEnv({ VITE_PROVIDER_ORIGIN: 'not a url' })).toThrow(/VITE_PROVIDER_ORIGIN/);
  });

  test('a demo- project cannot run without the emulators', () => {
    expect(() => parseEnv({ VITE_USE_EMULATORS: 'false' })).toThrow(/demo- project only exists in the emulators/);
    expect(parseEnv({ VITE_USE_EMULATORS: 'false', VITE_FIREBASE_PROJECT_ID: 'punter-prod' }).VITE_USE_EMULATORS).toBe(false);
  });
});
