import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthServiceError,
  createFirebaseAuth,
  parseStoredSession,
  REFRESH_MARGIN_MS,
  RETRY_AFTER_MS,
  SESSION_KEY,
  uidOfIdToken,
  type FirebaseAuth,
} from '@/lib/firebase-auth';
import { MemoryStorage } from '@/testing/fixtures';

const EMULATOR = 'http://127.0.0.1:9099';
const HOUR = 3_600_000;

/** An ID token as the Auth service issues it (the signature is not read here). */
function idToken(uid: string, n = 1): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part({ sub: uid, user_id: uid, n })}.sig${n}`;
}

interface Sent {
  url: string;
  body: string;
  contentType: string;
}

/** The Auth service as the tests script it: each call takes the next answer. */
class FakeAuthService {
  readonly sent: Sent[] = [];
  private readonly answers: (() => Response | Promise<Response>)[] = [];

  answer(status: number, body: unknown) {
    this.answers.push(() => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }
  answerWith(make: () => Response | Promise<Response>) {
    this.answers.push(make);
  }
  fail() {
    this.answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
  }
  readonly fetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    const body = typeof init?.body === 'string' ? init.body : '';
    this.sent.push({ url, body, contentType: new Headers(init?.headers).get('Content-Type') ?? '' });
    const next = this.answers.shift();
    if (!next) throw new Error(`no answer scripted for ${url}`);
    return next();
  };
}

const signedIn = (uid: string, n = 1) => ({ idToken: idToken(uid, n), refreshToken: `refresh-${uid}-${n}`, expiresIn: '3600' });
const refreshed = (uid: string, n: number) => ({
  id_token: idToken(uid, n),
  refresh_token: `refresh-${uid}-${n}`,
  expires_in: '3600',
  user_id: uid,
  token_type: 'Bearer',
});

let service: FakeAuthService;
let storage: MemoryStorage;
let events: EventTarget;
let clock: number;

function makeAuth(over: { emulatorOrigin?: string | null; now?: () => number } = {}): FirebaseAuth {
  return createFirebaseAuth({
    apiKey: 'key-1',
    emulatorOrigin: over.emulatorOrigin === undefined ? EMULATOR : over.emulatorOrigin,
    storage,
    fetch: service.fetch,
    now: over.now ?? (() => clock),
    events,
  });
}

beforeEach(() => {
  service = new FakeAuthService();
  storage = new MemoryStorage();
  events = new EventTarget();
  clock = 1_700_000_000_000;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('signing in with a custom token', () => {
  it("exchanges it at the emulator's identitytoolkit, keeps the session and tells who listens", async () => {
    const auth = makeAuth();
    const uids: (string | null)[] = [];
    auth.onUidChange((uid) => uids.push(uid));
    service.answer(200, signedIn('u1'));
    await auth.signInWithCustomToken('custom-token');

    expect(service.sent).toEqual([
      {
        url: `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=key-1`,
        body: JSON.stringify({ token: 'custom-token', returnSecureToken: true }),
        contentType: 'application/json',
      },
    ]);
    expect(auth.uid()).toBe('u1');
    expect(uids).toEqual([null, 'u1']);
    expect(parseStoredSession(storage.getItem(SESSION_KEY))).toEqual({
      uid: 'u1',
      idToken: idToken('u1'),
      refreshToken: 'refresh-u1-1',
      expiresAt: clock + HOUR,
    });
    expect(await auth.getIdToken()).toBe(idToken('u1'));
  });

  it('goes to the production hosts without an emulator', async () => {
    const auth = makeAuth({ emulatorOrigin: null });
    service.answer(200, signedIn('u1'));
    await auth.signInWithCustomToken('t');
    clock += HOUR;
    service.answer(200, refreshed('u1', 2));
    await auth.getIdToken();
    expect(service.sent.map((s) => s.url)).toEqual([
      'https://identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=key-1',
      'https://securetoken.googleapis.com/v1/token?key=key-1',
    ]);
  });

  it("a refused token leaves nobody signed in and says the service's reason", async () => {
    const auth = makeAuth();
    service.answer(400, { error: { code: 400, message: 'INVALID_CUSTOM_TOKEN : The custom token format is incorrect.' } });
    const error = await auth.signInWithCustomToken('bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthServiceError);
    expect((error as AuthServiceError).code).toBe('INVALID_CUSTOM_TOKEN');
    expect(auth.uid()).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('an answer that does not parse signs nobody in', async () => {
    const auth = makeAuth();
    service.answer(200, { idToken: 'x' });
    await expect(auth.signInWithCustomToken('t')).rejects.toMatchObject({ code: 'bad-answer' });
    expect(auth.uid()).toBeNull();
  });

  it('the uid is the ID token’s subject; a token without one is refused', () => {
    expect(uidOfIdToken(idToken('abc'))).toBe('abc');
    expect(() => uidOfIdToken('not-a-jwt')).toThrow(AuthServiceError);
    expect(() => uidOfIdToken(`a.${Buffer.from('{"x":1}').toString('base64url')}.c`)).toThrow(AuthServiceError);
  });
});

describe('the ID token', () => {
  async function signIn(auth: FirebaseAuth, uid = 'u1') {
    service.answer(200, signedIn(uid));
    await auth.signInWithCustomToken('t');
    service.sent.length = 0;
  }

  it('is used as it is while fresh, and renewed once it is within 5 minutes of its expiry', async () => {
    const auth = makeAuth();
    await signIn(auth);
    clock += HOUR - REFRESH_MARGIN_MS - 1;
    expect(await auth.getIdToken()).toBe(idToken('u1'));
    expect(service.sent).toEqual([]);

    clock += 2;
    service.answer(200, refreshed('u1', 2));
    expect(await auth.getIdToken()).toBe(idToken('u1', 2));
    expect(service.sent).toEqual([
      {
        url: `${EMULATOR}/securetoken.googleapis.com/v1/token?key=key-1`,
        body: 'grant_type=refresh_token&refresh_token=refresh-u1-1',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
    expect(parseStoredSession(storage.getItem(SESSION_KEY))).toMatchObject({
      refreshToken: 'refresh-u1-2',
      expiresAt: clock + HOUR,
    });
  });

  it('callers at the same time share one renewal', async () => {
    const auth = makeAuth();
    await signIn(auth);
    service.answer(200, refreshed('u1', 2));
    const tokens = await Promise.all([auth.getIdToken(true), auth.getIdToken(true), auth.getIdToken(true)]);
    expect(tokens).toEqual([idToken('u1', 2), idToken('u1', 2), idToken('u1', 2)]);
    expect(service.sent).toHaveLength(1);
  });

  it.each([
    ['TOKEN_EXPIRED', 'revoked'],
    ['USER_DISABLED', 'disabled'],
    ['USER_NOT_FOUND', 'deleted'],
    ['INVALID_REFRESH_TOKEN', 'unknown to an emulator that restarted'],
  ])('a renewal refused with %s (%s) ends the session', async (reason) => {
    const auth = makeAuth();
    await signIn(auth);
    const uids: (string | null)[] = [];
    auth.onUidChange((uid) => uids.push(uid));
    service.answer(400, { error: { code: 400, message: reason } });
    expect(await auth.getIdToken(true)).toBeNull();
    expect(auth.uid()).toBeNull();
    expect(uids).toEqual(['u1', null]);
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('a renewal the network failed keeps the session for the next try', async () => {
    const auth = makeAuth();
    await signIn(auth);
    service.fail();
    await expect(auth.getIdToken(true)).rejects.toMatchObject({ code: 'network' });
    service.answerWith(() => new Response('<html>Service Unavailable</html>', { status: 503 }));
    await expect(auth.getIdToken(true)).rejects.toMatchObject({ code: 'network' });
    service.answer(429, { error: { code: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    await expect(auth.getIdToken(true)).rejects.toMatchObject({ code: 'network' });
    expect(auth.uid()).toBe('u1');
    service.answer(200, refreshed('u1', 2));
    expect(await auth.getIdToken(true)).toBe(idToken('u1', 2));
  });

  it('a sign-out while a renewal is on its way is not undone by its answer', async () => {
    const auth = makeAuth();
    await signIn(auth);
    let answer!: (r: Response) => void;
    service.answerWith(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = auth.getIdToken(true);
    await vi.waitFor(() => expect(service.sent).toHaveLength(1));
    auth.signOut();
    answer(new Response(JSON.stringify(refreshed('u1', 2)), { status: 200 }));
    expect(await pending).toBeNull();
    expect(auth.uid()).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('is null when nobody is signed in, without asking the service', async () => {
    const auth = makeAuth();
    expect(await auth.getIdToken(true)).toBeNull();
    expect(service.sent).toEqual([]);
  });
});

describe('the session kept in storage', () => {
  it('is there for the next page load; a damaged copy counts as signed out', async () => {
    service.answer(200, signedIn('u1'));
    await makeAuth().signInWithCustomToken('t');
    expect(makeAuth().uid()).toBe('u1');

    storage.setItem(SESSION_KEY, '{"uid":"u1","idToken":');
    expect(makeAuth().uid()).toBeNull();
    storage.setItem(SESSION_KEY, JSON.stringify({ uid: 'u1', idToken: 'x' }));
    expect(makeAuth().uid()).toBeNull();
  });

  it("follows another tab's sign-in, renewal and sign-out", async () => {
    const auth = makeAuth();
    const uids: (string | null)[] = [];
    const tokens: (string | null)[] = [];
    auth.onUidChange((uid) => uids.push(uid));
    auth.interop.addAuthTokenListener((t) => tokens.push(t));
    await Promise.resolve();

    const other = (session: object | null) => {
      if (session) storage.setItem(SESSION_KEY, JSON.stringify(session));
      else storage.removeItem(SESSION_KEY);
      events.dispatchEvent(Object.assign(new Event('storage'), { key: SESSION_KEY }));
    };
    other({ uid: 'u2', idToken: idToken('u2'), refreshToken: 'r', expiresAt: clock + HOUR });
    other({ uid: 'u2', idToken: idToken('u2', 2), refreshToken: 'r2', expiresAt: clock + HOUR });
    other(null);

    expect(uids).toEqual([null, 'u2', null]);
    expect(tokens).toEqual([null, idToken('u2'), idToken('u2', 2), null]);
    // Another key of the same storage changes nothing.
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'profile' }));
    expect(uids).toHaveLength(3);
  });
});

describe("Firestore's auth-internal interop", () => {
  it('hears the current token first, then each change, until it stops listening', async () => {
    const auth = makeAuth();
    service.answer(200, signedIn('u1'));
    await auth.signInWithCustomToken('t');
    const heard: (string | null)[] = [];
    const listener = (t: string | null) => heard.push(t);
    auth.interop.addAuthTokenListener(listener);
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual([idToken('u1')]);
    expect(auth.interop.getUid()).toBe('u1');

    service.answer(200, refreshed('u1', 2));
    expect(await auth.interop.getToken(true)).toEqual({ accessToken: idToken('u1', 2) });
    auth.interop.removeAuthTokenListener(listener);
    auth.signOut();
    expect(heard).toEqual([idToken('u1'), idToken('u1', 2)]);
    expect(await auth.interop.getToken()).toBeNull();
    expect(auth.interop.getUid()).toBeNull();
  });

  it('while Firestore listens, the token is renewed 5 minutes before it expires, and again after a failure', async () => {
    vi.useFakeTimers({ now: clock });
    const auth = makeAuth({ now: () => Date.now() });
    service.answer(200, signedIn('u1'));
    await auth.signInWithCustomToken('t');
    const heard: (string | null)[] = [];
    auth.interop.addAuthTokenListener((t) => heard.push(t));

    service.fail();
    await vi.advanceTimersByTimeAsync(HOUR - REFRESH_MARGIN_MS - 1);
    expect(service.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.sent).toHaveLength(2);

    service.answer(200, refreshed('u1', 2));
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS - 10);
    expect(service.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(service.sent).toHaveLength(3);
    expect(heard).toEqual([idToken('u1'), idToken('u1', 2)]);
  });

  it('renews nothing ahead of time when nobody listens', async () => {
    vi.useFakeTimers({ now: clock });
    const auth = makeAuth({ now: () => Date.now() });
    service.answer(200, signedIn('u1'));
    await auth.signInWithCustomToken('t');
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(service.sent).toHaveLength(1);
  });
});
