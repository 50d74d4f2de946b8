/**
 * Everything the API layer needs of Firebase, in one module that lib/api.ts loads on demand: the auth
 * screens paint before it has downloaded. The session is lib/firebase-auth.ts's; the callables go over
 * fetch (lib/callable.ts) with its ID token, and an App Check token once the app registers App Check.
 */
import { _getProvider } from 'firebase/app';
import { CallableError, callableUrl, invokeCallable } from '@/lib/callable';
import { auth, firebaseApp, functionsConfig } from '@/lib/firebase';
import { AuthServiceError } from '@/lib/firebase-auth';

/** An App Check token for the call, if the app registered App Check (none does yet: README, APP_CHECK_ENFORCE). */
async function appCheckToken(): Promise<string | null> {
  const appCheck = _getProvider(firebaseApp, 'app-check-internal').getImmediate({ optional: true });
  if (!appCheck) return null;
  const result = await appCheck.getToken();
  return result.error ? null : result.token;
}

/**
 * A failure of the Auth service as a callable's error, which lib/api.ts turns into what a user reads: no
 * answer is the connection's ('unavailable'), a refusal the app's own fault ('internal', never shown as is).
 */
export function asCallableError(error: unknown): unknown {
  if (!(error instanceof AuthServiceError)) return error;
  return error.refused ? new CallableError('internal', 'internal') : new CallableError('unavailable', 'unavailable');
}

export async function callFunction(name: string, payload: unknown): Promise<unknown> {
  let idToken: string | null;
  try {
    idToken = await auth.getIdToken();
  } catch (error) {
    throw asCallableError(error);
  }
  return invokeCallable(payload, { url: callableUrl(name, functionsConfig), idToken, appCheckToken: await appCheckToken() });
}

export async function signInWithToken(token: string): Promise<void> {
  try {
    await auth.signInWithCustomToken(token);
  } catch (error) {
    throw asCallableError(error);
  }
}

/** True when a Firebase user is signed in (kept from an earlier visit, or signed in now). */
export async function hasFirebaseUser(): Promise<boolean> {
  if (auth.uid() === null) await (await import('@/lib/firebase-auth-migration')).adoptSdkSession(auth);
  return auth.uid() !== null;
}

export function endFirebaseSession(): Promise<void> {
  auth.signOut();
  return Promise.resolve();
}
