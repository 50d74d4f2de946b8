/**
 * Everything the API layer needs of Firebase, in one module that lib/api.ts loads on demand: the auth screens
 * paint before the SDKs have downloaded. The session is the Auth SDK's (lib/firebase.ts): it signs in with the
 * custom token of the session callables, keeps the session across visits and renews the ID token itself; the
 * callables go through the Functions SDK, which sends that token (ADR 0037).
 */
import { FirebaseError } from 'firebase/app';
import { signInWithCustomToken, signOut } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { auth, functions } from '@/lib/firebase';

/**
 * A sign-in the Auth service did not complete, with a callable's code, which lib/api.ts turns into what a user
 * reads: no answer is the connection's ('unavailable'), a refusal the app's own fault ('internal', never shown as is).
 */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(readonly code: 'unavailable' | 'internal') {
    super(code);
  }
}

const CONNECTION_CODES = new Set(['auth/network-request-failed', 'auth/timeout', 'auth/too-many-requests']);

/** An Auth SDK failure as the callable error lib/api.ts reads. */
export function asCallableError(error: unknown): SignInError {
  const connection = error instanceof FirebaseError && CONNECTION_CODES.has(error.code);
  return new SignInError(connection ? 'unavailable' : 'internal');
}

/**
 * Calls a callable with the signed-in user's ID token; resolves with its result. A failure is the Functions SDK's
 * error: `code` `functions/<code>` (unavailable, internal, unauthenticated, ...), the callable's `details`.
 */
export async function callFunction(name: string, payload: unknown): Promise<unknown> {
  return (await httpsCallable(functions, name)(payload)).data;
}

export async function signInWithToken(token: string): Promise<void> {
  try {
    await signInWithCustomToken(auth, token);
  } catch (error) {
    throw asCallableError(error);
  }
}

/**
 * True once Auth has restored this browser's session and a user is signed in. A session the service no longer
 * renews (its refresh token revoked, the user disabled or deleted) is gone by then: Auth signs it out.
 */
export async function hasFirebaseUser(): Promise<boolean> {
  await auth.authStateReady();
  return auth.currentUser !== null;
}

export async function endFirebaseSession(): Promise<void> {
  await auth.authStateReady();
  if (!auth.currentUser) return;
  try {
    await signOut(auth);
  } catch {
    // Signing out is local: nothing is left to end.
  }
}
