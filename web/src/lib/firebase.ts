/**
 * The one Firebase app of the web client, created outside React. Only Auth and Functions are
 * set up here so the auth screens do not load Firestore; lib/firestore.ts adds it on demand.
 */
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { env } from '@/config/env';

export const firebaseApp = initializeApp({
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  apiKey: env.VITE_FIREBASE_API_KEY,
  ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
  ...(env.VITE_FIREBASE_AUTH_DOMAIN ? { authDomain: env.VITE_FIREBASE_AUTH_DOMAIN } : {}),
  ...(env.VITE_FIREBASE_MESSAGING_SENDER_ID ? { messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID } : {}),
});

// initializeAuth without the popup/redirect resolver keeps the auth bundle small.
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

export const functions = getFunctions(firebaseApp, env.VITE_FUNCTIONS_REGION);

if (env.VITE_USE_EMULATORS) {
  connectAuthEmulator(auth, `http://${env.VITE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  const [fnHost = '127.0.0.1', fnPort = '5001'] = env.VITE_FUNCTIONS_EMULATOR_HOST.split(':');
  connectFunctionsEmulator(functions, fnHost, Number(fnPort));
}
