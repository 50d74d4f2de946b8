/**
 * The one Firebase app of the web client, created outside React, with its Auth and Functions, each connected to
 * its emulator under VITE_USE_EMULATORS (ADR 0037). Firestore is set up on demand (lib/firestore.ts); it gets the
 * signed-in user's ID token from the Auth instance made here, through Firebase's own wiring. Nothing imports this
 * module up front: lib/api.ts loads it with the first call, the live screens with their route.
 */
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { env } from '@/config/env';

export const firebaseApp = initializeApp({
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  apiKey: env.VITE_FIREBASE_API_KEY,
  ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
  ...(env.VITE_FIREBASE_AUTH_DOMAIN ? { authDomain: env.VITE_FIREBASE_AUTH_DOMAIN } : {}),
  ...(env.VITE_FIREBASE_MESSAGING_SENDER_ID ? { messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID } : {}),
});

// No popup or redirect resolver: the app signs in with the session callables' custom token only, and Firebase
// documents this as the smaller set-up for such apps (firebase.google.com/docs/auth/web/custom-dependencies).
// The session is kept in localStorage, which every tab shares.
export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });

export const functions = getFunctions(firebaseApp, env.VITE_FUNCTIONS_REGION);

if (env.VITE_USE_EMULATORS) {
  connectAuthEmulator(auth, `http://${env.VITE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
  const [host = '127.0.0.1', port = '5001'] = env.VITE_FUNCTIONS_EMULATOR_HOST.split(':');
  connectFunctionsEmulator(functions, host, Number(port));
}
