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

  test("a value zod itself refuses is worded in classic zod's English, as the error page shows it", () => {
    // The browser's zod/mini has no words of its own ('Invalid input'): lib/zod-locale.ts, first in main.tsx.
    expect(() => parseEnv({ VITE_FIREBASE_APP_ID: true })).toThrow(
      /\nVITE_FIREBASE_APP_ID: Invalid input: expected string, received boolean$/,
    );
  });

  test('a demo- project cannot run without the emulators', () => {
    expect(() => parseEnv({ VITE_USE_EMULATORS: 'false' })).toThrow(/demo- project only exists in the emulators/);
    expect(parseEnv({ VITE_USE_EMULATORS: 'false', VITE_FIREBASE_PROJECT_ID: 'punter-prod' }).VITE_USE_EMULATORS).toBe(false);
  });

  test('without a Flutterwave public key the sandbox checkout is used; the script has a default', () => {
    const env = parseEnv({});
    expect(env.VITE_FLW_PUBLIC_KEY).toBeUndefined();
    expect(parseEnv({ VITE_FLW_PUBLIC_KEY: '' }).VITE_FLW_PUBLIC_KEY).toBeUndefined();
    expect(env.VITE_FLW_CHECKOUT_SCRIPT).toBe('https://checkout.flutterwave.com/v3.js');
  });

  test('live and test Flutterwave public keys are accepted', () => {
    expect(parseEnv({ VITE_FLW_PUBLIC_KEY: 'FLWPUBK-0123456789abcdef0123456789abcdef-X' }).VITE_FLW_PUBLIC_KEY).toBe(
      'FLWPUBK-0123456789abcdef0123456789abcdef-X',
    );
    expect(parseEnv({ VITE_FLW_PUBLIC_KEY: 'FLWPUBK_TEST-SANDBOXDEMOKEY-X' }).VITE_FLW_PUBLIC_KEY).toBe(
      'FLWPUBK_TEST-SANDBOXDEMOKEY-X',
    );
  });

  test('anything else in VITE_FLW_PUBLIC_KEY is refused, a secret key with its own message', () => {
    expect(() => parseEnv({ VITE_FLW_PUBLIC_KEY: 'pk_test_123' })).toThrow(
      /VITE_FLW_PUBLIC_KEY: must be a Flutterwave public key/,
    );
    expect(() => parseEnv({ VITE_FLW_PUBLIC_KEY: 'FLWPUBK_TEST-' })).toThrow(/VITE_FLW_PUBLIC_KEY/);
    expect(() => parseEnv({ VITE_FLW_PUBLIC_KEY: 'FLWSECK_TEST-abc-X' })).toThrow(
      /VITE_FLW_PUBLIC_KEY: is a Flutterwave secret key/,
    );
    expect(() => parseEnv({ VITE_FLW_PUBLIC_KEY: 'FLWSECK_TEST-abc-X' })).not.toThrow(/must be a Flutterwave public key/);
  });

  test('the checkout script must be an http(s) URL', () => {
    expect(parseEnv({ VITE_FLW_CHECKOUT_SCRIPT: 'http://127.0.0.1:9000/v3.js' }).VITE_FLW_CHECKOUT_SCRIPT).toBe(
      'http://127.0.0.1:9000/v3.js',
    );
    expect(() => parseEnv({ VITE_FLW_CHECKOUT_SCRIPT: 'checkout.js' })).toThrow(
      /VITE_FLW_CHECKOUT_SCRIPT: must be an http\(s\) URL/,
    );
    expect(() => parseEnv({ VITE_FLW_CHECKOUT_SCRIPT: 'javascript:alert(1)' })).toThrow(/VITE_FLW_CHECKOUT_SCRIPT/);
  });

  test('VITE_HOW_TO_VIDEOS: unset is no link yet; YouTube links separated by commas; anything else named', () => {
    expect(parseEnv({}).VITE_HOW_TO_VIDEOS).toBe('');
    const links = 'https://youtu.be/dQw4w9WgXcQ,,https://www.youtube.com/watch?v=9bZkp7q19f0';
    expect(parseEnv({ VITE_HOW_TO_VIDEOS: links }).VITE_HOW_TO_VIDEOS).toBe(links);
    expect(() => parseEnv({ VITE_HOW_TO_VIDEOS: 'https://youtu.be/dQw4w9WgXcQ,https://vimeo.com/1' })).toThrow(
      /VITE_HOW_TO_VIDEOS: must be YouTube links separated by commas: link 2 is not a YouTube watch link/,
    );
  });
});
