/**
 * The Firebase session is the app's own client of the Auth service (ADR 0034), not the Auth SDK:
 * - a user whose browser still holds the Auth SDK's session (IndexedDB `firebaseLocalStorageDb`, as every
 *   browser that used the app before this change) stays signed in: the app takes that session over and
 *   removes the SDK's copy;
 * - a session the Auth service no longer renews (a refresh token it refuses, as a revoked or deleted user's)
 *   ends the app's session and sends the user to /login, instead of failing every call.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { captureFailure, launchBrowser, loginThroughUi, newSession, registerViaApi, type ApiUser } from '../support/browser';

const { webUrl, providerOrigin } = inject('stack');
const run = Date.now().toString().slice(-8);
const user: ApiUser = {
  email: `fbs.${run}@punter.test`,
  password: 'Session-kept-2026',
  phone: `0809${run.slice(-7)}`,
  first_name: 'Fola',
  last_name: `Session${run}`,
  username: `fola_${run}`,
  pin: '8642',
};

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newSession(browser, webUrl));
  await registerViaApi(providerOrigin, user);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await captureFailure(page, ctx.task.name);
});

afterAll(async () => {
  await browser.close();
});

const balance = () => page.getByTestId('wallet-balance').filter({ hasText: '₦' });

/** Moves the app's session into the Auth SDK's IndexedDB record, as the SDK kept it, and removes the app's copy. */
function asTheSdkKeptIt(): Promise<string> {
  return page.evaluate(async () => {
    const ours = JSON.parse(localStorage.getItem('firebase_session') ?? 'null') as {
      uid: string;
      idToken: string;
      refreshToken: string;
      expiresAt: number;
    } | null;
    if (!ours) throw new Error('no session of the app to move');
    // The stack's web app runs with the default key (web/src/config/env.ts): the SDK named its record after it.
    const apiKey = 'demo-api-key';
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('firebaseLocalStorageDb', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const key = `firebase:authUser:${apiKey}:[DEFAULT]`;
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('firebaseLocalStorage', 'readwrite');
      tx.objectStore('firebaseLocalStorage').put({
        fbase_key: key,
        value: {
          uid: ours.uid,
          emailVerified: false,
          isAnonymous: false,
          providerData: [],
          stsTokenManager: { refreshToken: ours.refreshToken, accessToken: ours.idToken, expirationTime: ours.expiresAt },
          createdAt: String(Date.now()),
          lastLoginAt: String(Date.now()),
          apiKey,
          appName: '[DEFAULT]',
        },
      });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('put failed'));
    });
    db.close();
    localStorage.removeItem('firebase_session');
    return key;
  });
}

function sdkRecordCount(): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error ?? new Error('count failed'));
        };
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      }),
  );
}

describe("the app's own Firebase session", () => {
  test("a browser that kept the Auth SDK's session stays signed in, and the SDK's copy is gone", async () => {
    await loginThroughUi(page, user.email, user.password);
    await balance().waitFor();
    await asTheSdkKeptIt();
    expect(await sdkRecordCount()).toBe(1);

    await page.goto('/transactions');
    // The calls for the balance and the transactions need the Firebase session: it came from the SDK's record.
    await balance().waitFor();
    await page.getByText('You have no transaction at the moment..').waitFor();
    expect(new URL(page.url()).pathname).toBe('/transactions');
    expect(await page.evaluate(() => localStorage.getItem('firebase_session'))).not.toBeNull();
    expect(await sdkRecordCount()).toBe(0);
  });

  test('a refresh token the Auth service refuses ends the session: the user is sent to /login', async () => {
    await page.goto('/dashboard');
    await balance().waitFor();
    // As the service answers for a revoked or deleted user: the refresh token is no good, the ID token expired.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('firebase_session') ?? '{}') as Record<string, unknown>;
      localStorage.setItem(
        'firebase_session',
        JSON.stringify({ ...session, refreshToken: 'revoked-refresh-token', expiresAt: 0 }),
      );
    });
    await page.goto('/transactions');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('firebase_session'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('profile'))).toBeNull();
  });
});
