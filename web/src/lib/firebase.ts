/**
 * The one Firebase app of the web client, created outside React, with this app's Auth session
 * (lib/firebase-auth.ts, the Auth service's REST API) registered as the app's `auth-internal` component, so
 * Firestore (lib/firestore.ts, on demand) signs its requests with the user's ID token as it would with the
 * Auth SDK. Callables go through lib/callable.ts (ADR 0034).
 */
import { Component, type ComponentType } from '@firebase/component';
import { _addComponent, initializeApp } from 'firebase/app';
import { env } from '@/config/env';
import { createFirebaseAuth } from '@/lib/firebase-auth';

export const firebaseApp = initializeApp({
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  apiKey: env.VITE_FIREBASE_API_KEY,
  ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
  ...(env.VITE_FIREBASE_AUTH_DOMAIN ? { authDomain: env.VITE_FIREBASE_AUTH_DOMAIN } : {}),
  ...(env.VITE_FIREBASE_MESSAGING_SENDER_ID ? { messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID } : {}),
});

export const auth = createFirebaseAuth({
  apiKey: env.VITE_FIREBASE_API_KEY,
  emulatorOrigin: env.VITE_USE_EMULATORS ? `http://${env.VITE_AUTH_EMULATOR_HOST}` : null,
});

// 'PRIVATE': the typings' ComponentType is a const enum, which isolated modules cannot read.
_addComponent(firebaseApp, new Component('auth-internal', () => auth.interop, 'PRIVATE' as ComponentType.PRIVATE));

/** Where the callables are: the Functions emulator, or the project's region. */
export const functionsConfig = {
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  region: env.VITE_FUNCTIONS_REGION,
  emulatorOrigin: env.VITE_USE_EMULATORS ? `http://${env.VITE_FUNCTIONS_EMULATOR_HOST}` : null,
};
