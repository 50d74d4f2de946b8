/**
 * The local stack for the provider benchmark and the Functions-emulator round trip: the whole stack of
 * scripts/stack.mjs without the web app (Firestore emulator, provider over HTTP, Auth and Functions
 * emulators running the functions/lib bundle), on free ports, plus two helpers to speak to it.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ID, root, startStack } from '../../scripts/stack.mjs';

export const ROOT = root;

export interface LocalStack {
  firestoreHost: string;
  providerOrigin: string;
  providerUrl: string;
  functionsBase: string;
  authHost: string;
  /** Where each process's output is (firebase.log: firebase-tools and the functions it runs). */
  logDir: string;
  stop(): Promise<void>;
}

export async function startLocalStack(): Promise<LocalStack> {
  mkdirSync(join(root, 'artifacts'), { recursive: true });
  const logDir = mkdtempSync(join(root, 'artifacts', 'local-stack-'));
  const stack = await startStack({ ports: 'free', web: 'none', seed: false, quiet: true, logDir });
  return {
    firestoreHost: `127.0.0.1:${stack.ports.firestore}`,
    providerOrigin: stack.providerOrigin,
    providerUrl: stack.providerUrl,
    functionsBase: `http://127.0.0.1:${stack.ports.functions}/${PROJECT_ID}/us-central1`,
    authHost: `127.0.0.1:${stack.ports.auth}`,
    logDir,
    stop: () => stack.stop(),
  };
}

/** Calls a callable over the callable protocol: { data } in, { result } or { error } out. */
export async function callFunction(stack: LocalStack, name: string, data: unknown, idToken?: string) {
  const res = await fetch(`${stack.functionsBase}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return (await res.json()) as { result?: unknown; error?: { status: string; message: string; details?: unknown } };
}

/** Exchanges a custom token for an ID token at the Auth emulator. */
export async function signInWithCustomToken(stack: LocalStack, token: string): Promise<string> {
  const res = await fetch(
    `http://${stack.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}
