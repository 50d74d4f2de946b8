/**
 * Firebase Auth for this app through the service's REST API (ADR 0034), not the Auth SDK: the SDK weighed
 * 17 KB gzip on every signed-in screen for the one sign-in this app makes. A custom token from the session
 * callables is exchanged for an ID token and a refresh token (identitytoolkit `accounts:signInWithCustomToken`);
 * the ID token is renewed with the refresh token before it expires (securetoken `token`); the session is kept
 * in localStorage, which the tabs share. Firestore gets the ID token through Firebase's `auth-internal`
 * component (the contract of @firebase/auth-interop-types) exactly as it would from the SDK, and the callables
 * (lib/callable.ts) from getIdToken().
 *
 * What the SDK did and this keeps: a token within 5 minutes of its expiry is renewed before use, and renewed
 * ahead of time while Firestore listens; a refresh the server refuses (revoked, disabled, deleted) ends the
 * session, a network failure does not; a sign-in or sign-out in one tab reaches the others.
 */
import { z } from 'zod/mini';

/** Where the session is kept (localStorage). */
export const SESSION_KEY = 'firebase_session';
/** An ID token this close to its expiry is renewed before use, and ahead of time while Firestore listens. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** How long a call to the Auth service may take (the SDK's own limit). */
export const AUTH_TIMEOUT_MS = 30_000;
/** After a proactive renewal failed (offline), the next try; a listener's own getToken may come sooner. */
export const RETRY_AFTER_MS = 60_000;

const storedSessionSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  idToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  /** Epoch ms at which the ID token expires. */
  expiresAt: z.number(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

const seconds = z.pipe(
  z.string().check(z.regex(/^\d+$/)),
  z.transform((s) => Number(s)),
);
const signInAnswerSchema = z.object({
  idToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  expiresIn: seconds,
});
const refreshAnswerSchema = z.object({
  id_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  expires_in: seconds,
  user_id: z.string().check(z.minLength(1)),
});
const errorAnswerSchema = z.object({ error: z.object({ message: z.string() }) });
const idTokenClaimsSchema = z.object({ sub: z.string().check(z.minLength(1)) });

/** What Firestore asks of Auth (`FirebaseAuthInternal` of @firebase/auth-interop-types). */
export interface FirebaseAuthInternal {
  getToken(forceRefresh?: boolean): Promise<{ accessToken: string } | null>;
  getUid(): string | null;
  addAuthTokenListener(listener: (token: string | null) => void): void;
  removeAuthTokenListener(listener: (token: string | null) => void): void;
}

/**
 * A call to the Auth service that failed: `code` is the service's own (INVALID_CUSTOM_TOKEN, TOKEN_EXPIRED, ...),
 * or 'network' (no answer, a 5xx) or 'bad-answer' (an answer that does not parse), which say nothing of the session.
 */
export class AuthServiceError extends Error {
  override readonly name = 'AuthServiceError';
  constructor(readonly code: string) {
    super(`Firebase Auth: ${code}`);
  }
  /** The service refused: the credential it was given is no good. */
  get refused(): boolean {
    return this.code !== 'network' && this.code !== 'bad-answer';
  }
}

export interface FirebaseAuthOptions {
  apiKey: string;
  /** The Auth emulator's origin (http://127.0.0.1:9099), or null for the production service. */
  emulatorOrigin: string | null;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetch?: typeof fetch;
  now?: () => number;
  /** Where 'storage' events of other tabs arrive (window); null: none. */
  events?: Pick<Window, 'addEventListener'> | null;
}

export interface FirebaseAuth {
  /** The signed-in user's Firebase uid, or null. */
  uid(): string | null;
  signInWithCustomToken(token: string): Promise<void>;
  signOut(): void;
  /** A valid ID token (renewed first when it is near its expiry, or when forced), or null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  /** Takes a session kept elsewhere (lib/firebase-auth-migration.ts) when none is signed in; false if one is. */
  importSession(session: StoredSession): boolean;
  /** Calls `listener` with the uid now and at every change (sign-in, sign-out, another tab); returns the unsubscribe. */
  onUidChange(listener: (uid: string | null) => void): () => void;
  /** Firebase's `auth-internal` interop, for Firestore. */
  readonly interop: FirebaseAuthInternal;
}

function localStorageOrNull(): FirebaseAuthOptions['storage'] {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The uid an ID token was issued to (its `sub`), read without checking the signature: the servers check it. */
export function uidOfIdToken(idToken: string): string {
  const payload = idToken.split('.')[1] ?? '';
  let claims: unknown;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
  } catch {
    throw new AuthServiceError('INVALID_ID_TOKEN');
  }
  const parsed = idTokenClaimsSchema.safeParse(claims);
  if (!parsed.success) throw new AuthServiceError('INVALID_ID_TOKEN');
  return parsed.data.sub;
}

export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createFirebaseAuth(options: FirebaseAuthOptions): FirebaseAuth {
  const storage = options.storage === undefined ? localStorageOrNull() : options.storage;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const events = options.events === undefined ? (globalThis.window ?? null) : options.events;
  const service = (host: string, path: string) =>
    `${options.emulatorOrigin ? `${options.emulatorOrigin}/${host}` : `https://${host}`}${path}?key=${encodeURIComponent(options.apiKey)}`;

  const read = (): StoredSession | null => {
    try {
      return parseStoredSession(storage?.getItem(SESSION_KEY) ?? null);
    } catch {
      return null;
    }
  };

  let session = read();
  let refreshing: Promise<StoredSession | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const uidListeners = new Set<(uid: string | null) => void>();
  const tokenListeners = new Set<(token: string | null) => void>();

  /** Takes `next` as the session (this tab's change or another tab's), telling whoever listens what changed. */
  const adopt = (next: StoredSession | null) => {
    const before = session;
    session = next;
    if (before?.uid !== next?.uid) for (const listener of [...uidListeners]) listener(next?.uid ?? null);
    if (before?.idToken !== next?.idToken) for (const listener of [...tokenListeners]) listener(next?.idToken ?? null);
    schedule();
  };

  const write = (next: StoredSession | null) => {
    try {
      if (next) storage?.setItem(SESSION_KEY, JSON.stringify(next));
      else storage?.removeItem(SESSION_KEY);
    } catch {
      // storage full or blocked: this tab keeps the session in memory
    }
    adopt(next);
  };

  /** Posts to the Auth service; the answer's JSON, or an AuthServiceError with the service's code. */
  const post = async (url: string, body: string, contentType: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body,
        referrerPolicy: 'strict-origin-when-cross-origin',
        signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
      });
    } catch {
      throw new AuthServiceError('network');
    }
    // No JSON (a proxy's error page, a 5xx): null.
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return json;
    const error = errorAnswerSchema.safeParse(json);
    // 'TOKEN_EXPIRED : details' -> TOKEN_EXPIRED. A 5xx, a rate limit or an answer without the service's error
    // says nothing of the credential: the network's.
    if (!error.success || response.status >= 500 || response.status === 429) throw new AuthServiceError('network');
    throw new AuthServiceError(error.data.error.message.split(' : ')[0] ?? 'UNKNOWN');
  };

  const refresh = (): Promise<StoredSession | null> => {
    refreshing ??= (async () => {
      const used = session;
      if (!used) return null;
      let answer: z.infer<typeof refreshAnswerSchema>;
      try {
        const json = await post(
          service('securetoken.googleapis.com', '/v1/token'),
          new URLSearchParams({ grant_type: 'refresh_token', refresh_token: used.refreshToken }).toString(),
          'application/x-www-form-urlencoded',
        );
        const parsed = refreshAnswerSchema.safeParse(json);
        if (!parsed.success) throw new AuthServiceError('bad-answer');
        answer = parsed.data;
      } catch (error) {
        // The service refused the refresh token (revoked, user disabled or deleted, an emulator restarted):
        // the session is over. A network failure keeps it for the next try.
        if (error instanceof AuthServiceError && error.refused && session?.refreshToken === used.refreshToken) write(null);
        throw error;
      }
      // Signed out, or in as someone else, while the refresh was on its way: its answer is stale.
      if (session?.refreshToken !== used.refreshToken) return session;
      const next = {
        uid: answer.user_id,
        idToken: answer.id_token,
        refreshToken: answer.refresh_token,
        expiresAt: now() + answer.expires_in * 1000,
      };
      write(next);
      return next;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const getIdToken = async (forceRefresh = false): Promise<string | null> => {
    if (!session) return null;
    if (forceRefresh || session.expiresAt - now() < REFRESH_MARGIN_MS) {
      try {
        return (await refresh())?.idToken ?? null;
      } catch (error) {
        if (error instanceof AuthServiceError && error.refused) return null;
        throw error;
      }
    }
    return session.idToken;
  };

  /** While Firestore listens, the token is renewed ahead of its expiry, so a listen never waits on it. */
  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    if (!session || tokenListeners.size === 0) return;
    timer = setTimeout(
      () => {
        refresh().catch(() => {
          clearTimeout(timer);
          timer = setTimeout(schedule, RETRY_AFTER_MS);
        });
      },
      Math.max(0, session.expiresAt - REFRESH_MARGIN_MS - now()),
    );
  }

  events?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === SESSION_KEY || event.key === null) adopt(read());
  });

  const interop: FirebaseAuthInternal = {
    getToken: async (forceRefresh) => {
      const token = await getIdToken(forceRefresh);
      return token ? { accessToken: token } : null;
    },
    getUid: () => session?.uid ?? null,
    addAuthTokenListener(listener) {
      if (tokenListeners.has(listener)) return;
      tokenListeners.add(listener);
      // As the SDK's onIdTokenChanged: the listener hears the current token first (Firestore waits for it).
      queueMicrotask(() => {
        if (tokenListeners.has(listener)) listener(session?.idToken ?? null);
      });
      schedule();
    },
    removeAuthTokenListener(listener) {
      tokenListeners.delete(listener);
      schedule();
    },
  };

  return {
    uid: () => session?.uid ?? null,
    async signInWithCustomToken(token) {
      const json = await post(
        service('identitytoolkit.googleapis.com', '/v1/accounts:signInWithCustomToken'),
        JSON.stringify({ token, returnSecureToken: true }),
        'application/json',
      );
      const parsed = signInAnswerSchema.safeParse(json);
      if (!parsed.success) throw new AuthServiceError('bad-answer');
      const { idToken, refreshToken, expiresIn } = parsed.data;
      write({ uid: uidOfIdToken(idToken), idToken, refreshToken, expiresAt: now() + expiresIn * 1000 });
    },
    signOut: () => write(null),
    getIdToken,
    importSession(imported) {
      if (session) return false;
      write(imported);
      return true;
    },
    onUidChange(listener) {
      uidListeners.add(listener);
      listener(session?.uid ?? null);
      return () => uidListeners.delete(listener);
    },
    interop,
  };
}
