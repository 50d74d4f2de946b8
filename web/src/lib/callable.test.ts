import { describe, expect, it } from 'vitest';
import { CallableError, callableUrl, decodeCallableValue, invokeCallable } from '@/lib/callable';

const URL_ = 'http://127.0.0.1:5001/demo-punter/us-central1/providerCall';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records the request and answers `status` with `body` (a string is sent as it is). */
function answering(status: number, body: unknown, sent: Sent[] = []): typeof fetch {
  return (input, init) => {
    sent.push({
      url: input instanceof Request ? input.url : input.toString(),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status }));
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(CallableError);
      const { code, message, details } = error as CallableError;
      return { code, message, details };
    },
  );

describe('a callable over fetch', () => {
  it('posts {data} with the ID token and answers with the result', async () => {
    const sent: Sent[] = [];
    const result = await invokeCallable(
      { method: 'GET', path: '/api/v1/wallet' },
      { url: URL_, idToken: 'id-token', fetch: answering(200, { result: { data: { balance: 5000 } } }, sent) },
    );
    expect(result).toEqual({ data: { balance: 5000 } });
    expect(sent).toEqual([
      {
        url: URL_,
        method: 'POST',
        headers: { authorization: 'Bearer id-token', 'content-type': 'application/json' },
        body: { data: { method: 'GET', path: '/api/v1/wallet' } },
      },
    ]);
  });

  it('sends no Authorization when signed out, null for no payload, and the App Check token when there is one', async () => {
    const sent: Sent[] = [];
    await invokeCallable(undefined, {
      url: URL_,
      idToken: null,
      appCheckToken: 'app-check',
      fetch: answering(200, { result: null }, sent),
    });
    expect(sent[0]?.headers).toEqual({ 'content-type': 'application/json', 'x-firebase-appcheck': 'app-check' });
    expect(sent[0]?.body).toEqual({ data: null });
  });

  it("reads the protocol's error with its code, message and details", async () => {
    const body = {
      error: {
        status: 'FAILED_PRECONDITION',
        message: 'Insufficient balance',
        details: { status: 'error', message: 'Insufficient balance' },
      },
    };
    expect(await failure(invokeCallable({}, { url: URL_, idToken: 't', fetch: answering(400, body) }))).toEqual({
      code: 'functions/failed-precondition',
      message: 'Insufficient balance',
      details: { status: 'error', message: 'Insufficient balance' },
    });
    const unknownStatus = { error: { status: 'SOMETHING_NEW', message: 'x' } };
    expect((await failure(invokeCallable({}, { url: URL_, idToken: 't', fetch: answering(500, unknownStatus) }))).code).toBe(
      'functions/internal',
    );
  });

  it.each([
    [401, 'functions/unauthenticated'],
    [403, 'functions/permission-denied'],
    [429, 'functions/resource-exhausted'],
    [503, 'functions/unavailable'],
    [504, 'functions/deadline-exceeded'],
    [502, 'functions/unknown'],
  ])('an answer %i without the protocol’s error is %s', async (status, code) => {
    expect(
      (await failure(invokeCallable({}, { url: URL_, idToken: 't', fetch: answering(status, '<html>Bad gateway</html>') }))).code,
    ).toBe(code);
  });

  it('a success without a result is an internal error; the legacy data field is read', async () => {
    expect(await failure(invokeCallable({}, { url: URL_, idToken: 't', fetch: answering(200, { other: 1 }) }))).toMatchObject({
      code: 'functions/internal',
      message: 'Response is missing data field.',
    });
    expect(await invokeCallable({}, { url: URL_, idToken: 't', fetch: answering(200, { data: 7 }) })).toBe(7);
  });

  it('no connection is internal (as the SDK says it), a call past its time deadline-exceeded', async () => {
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await failure(invokeCallable({}, { url: URL_, idToken: 't', fetch: offline }))).code).toBe('functions/internal');
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    expect((await failure(invokeCallable({}, { url: URL_, idToken: 't', fetch: hanging, timeoutMs: 20 }))).code).toBe(
      'functions/deadline-exceeded',
    );
  });

  it('decodes 64-bit integers the protocol wraps, anywhere in the answer', () => {
    const wrapped = { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: '9007199254740991' };
    expect(decodeCallableValue({ a: [wrapped, { b: wrapped }], c: 'x', d: null })).toEqual({
      a: [9007199254740991, { b: 9007199254740991 }],
      c: 'x',
      d: null,
    });
  });

  it("is the emulator's URL locally and the region's in production", () => {
    expect(
      callableUrl('providerCall', { projectId: 'demo-punter', region: 'us-central1', emulatorOrigin: 'http://127.0.0.1:5001' }),
    ).toBe(URL_);
    expect(callableUrl('joinPot', { projectId: 'punter-prod', region: 'europe-west1', emulatorOrigin: null })).toBe(
      'https://europe-west1-punter-prod.cloudfunctions.net/joinPot',
    );
  });
});
