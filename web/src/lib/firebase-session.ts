/**
 * Everything the API layer needs from the Firebase SDK, in one module that lib/api.ts loads on
 * demand: the auth screens paint before the SDK has downloaded.
 */
import { signInWithCustomToken, signOut } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { auth, functions } from '@/lib/firebase';

export async function callFunction(name: string, payload: unknown): Promise<unknown> {
  return (await httpsCallable(functions, name)(payload)).data;
}

export async function signInWithToken(token: string): Promise<void> {
  await signInWithCustomToken(auth, token);
}

/** True once Firebase has restored its session and a user is signed in. */
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
    // an already ended Firebase session is fine
  }
}
