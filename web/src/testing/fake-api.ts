/**
 * A typed fake of lib/api.ts for component and route tests. Each replaced function keeps the real
 * one's signature (fakeApiModule is typed as the real module), and each answer is typed by the call
 * it answers: `fakeApi.answer('nairaWallet', ...)` only accepts a nairaWallet response body.
 *
 *   vi.mock('@/lib/api', async (importOriginal) =>
 *     (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
 *
 * Answers are parsed with the call's response schema of core's contract, as the real client does: a
 * fixture the provider could never send fails the test. A call with no answer fails the way a real
 * call fails (an ApiFailure), naming the call, so a test never hangs on a request it forgot to answer.
 * setup-dom.ts resets the fake before each test.
 */
import { API_CALLS, type ApiCallName, type ApiResponse } from '@punter/core/api/calls';
import { ApiFailure, type CallOptions, type SessionAnswer, type SessionCallable } from '@/lib/api';
import type * as RealApi from '@/lib/api';
import { clearProfile } from '@/lib/session';

type ApiModule = typeof RealApi;

/** What a call answers: a body, or a function of the request (which may throw or wait). */
export type FakeAnswer<N extends ApiCallName> = ApiResponse<N> | Responder<N>;

type Handler = (options: CallOptions<ApiCallName>) => Promise<unknown>;

export interface RecordedCall {
  name: ApiCallName;
  options: CallOptions<ApiCallName>;
}

export class FakeApi {
  private readonly standing = new Map<ApiCallName, Handler>();
  private readonly queued = new Map<ApiCallName, Handler[]>();
  private readonly sessionAnswers = new Map<SessionCallable, SessionAnswer | ApiFailure>();
  /** Every provider call in order, with what it sent. */
  readonly calls: RecordedCall[] = [];

  reset(): void {
    this.standing.clear();
    this.queued.clear();
    this.sessionAnswers.clear();
    this.calls.length = 0;
  }

  /** Answers every call of `name` from now on (until reset or another answer). */
  answer<N extends ApiCallName>(name: N, answer: FakeAnswer<N>): this {
    this.standing.set(name, toHandler(answer));
    return this;
  }

  /** Answers the next call of `name` only; queued answers go before the standing one. */
  answerOnce<N extends ApiCallName>(name: N, answer: FakeAnswer<N>): this {
    this.queue(name, toHandler(answer));
    return this;
  }

  /** Every call of `name` fails with the provider's messages (as SPEC section 8 shows them). */
  fail(name: ApiCallName, messages: string[], code = 'failed-precondition'): this {
    this.standing.set(name, () => Promise.reject(new ApiFailure(messages, code)));
    return this;
  }

  /** The next call of `name` fails. */
  failOnce(name: ApiCallName, messages: string[], code = 'failed-precondition'): this {
    this.queue(name, () => Promise.reject(new ApiFailure(messages, code)));
    return this;
  }

  /** The next call of `name` waits until the returned function is called with its answer. */
  hold<N extends ApiCallName>(name: N): (answer: ApiResponse<N> | ApiFailure) => void {
    let settle: (answer: ApiResponse<N> | ApiFailure) => void = () => undefined;
    const waiting = new Promise<ApiResponse<N>>((resolve, reject) => {
      settle = (answer) => (answer instanceof ApiFailure ? reject(answer) : resolve(answer));
    });
    this.queue(name, () => waiting);
    return (answer) => settle(answer);
  }

  /** What each call of `name` sent, in order. */
  callsTo<N extends ApiCallName>(name: N): CallOptions<N>[] {
    // The recorded options were sent to `name`, so they are that call's options.
    return this.calls.filter((call) => call.name === name).map((call) => call.options as CallOptions<N>);
  }

  countOf(name: ApiCallName): number {
    return this.calls.filter((call) => call.name === name).length;
  }

  /** The answer of a session callable (login, register ...): a profile and message, or a failure. */
  answerSession(name: SessionCallable, answer: SessionAnswer | ApiFailure): this {
    this.sessionAnswers.set(name, answer);
    return this;
  }

  readonly callApi: ApiModule['callApi'] = <N extends ApiCallName>(name: N, options: CallOptions<N> = {}) => {
    this.calls.push({ name, options });
    const handler = this.queued.get(name)?.shift() ?? this.standing.get(name);
    if (!handler) return Promise.reject(new ApiFailure([`FakeApi: no answer for ${name}`], 'unanswered'));
    return handler(options).then((answer) => {
      const parsed = API_CALLS[name].response.safeParse(answer);
      if (!parsed.success) throw new Error(`FakeApi: the answer to ${name} breaks its response schema: ${parsed.error.message}`);
      // Parsed with the response schema of `name`, as lib/api.ts does.
      return parsed.data as ApiResponse<N>;
    });
  };

  readonly callSession: ApiModule['callSession'] = (name) => {
    const answer = this.sessionAnswers.get(name);
    if (!answer) return Promise.reject(new ApiFailure([`FakeApi: no answer for ${name}`], 'unanswered'));
    return answer instanceof ApiFailure ? Promise.reject(answer) : Promise.resolve(answer);
  };

  readonly logout: ApiModule['logout'] = () => {
    clearProfile();
    return Promise.resolve();
  };

  private queue(name: ApiCallName, handler: Handler): void {
    const list = this.queued.get(name) ?? [];
    list.push(handler);
    this.queued.set(name, list);
  }
}

type Responder<N extends ApiCallName> = (options: CallOptions<N>) => ApiResponse<N> | Promise<ApiResponse<N>>;

function isResponder<N extends ApiCallName>(answer: FakeAnswer<N>): answer is Responder<N> {
  return typeof answer === 'function';
}

function toHandler<N extends ApiCallName>(answer: FakeAnswer<N>): Handler {
  // Stored under its own call name, so only ever called with that call's options.
  return async (options: CallOptions<N>): Promise<ApiResponse<N>> => (isResponder(answer) ? answer(options) : answer);
}

export const fakeApi = new FakeApi();

/** lib/api.ts with the provider and session calls answered by `fakeApi`; the error helpers stay real. */
export function fakeApiModule(real: ApiModule): ApiModule {
  return {
    ...real,
    callApi: fakeApi.callApi,
    callSession: fakeApi.callSession,
    logout: fakeApi.logout,
    preloadFirebase: () => undefined,
  };
}

/** `{ status: true, message, data }`, the success body of most calls. */
export function ok<T>(data: T, message = 'Successful'): { status: true; message: string; data: T } {
  return { status: true, message, data };
}

/** A page of a paged admin list (users/all, transactions/all, admin/all-logs). */
export function paged<T>(
  data: T[],
  paging: { page?: number; page_size?: number; total?: number; has_more?: boolean } = {},
): { status: true; message: string; data: T[]; paging: { page: number; page_size: number; total: number; has_more: boolean } } {
  return {
    status: true,
    message: 'Successful',
    data,
    paging: { page: 1, page_size: 20, total: data.length, has_more: false, ...paging },
  };
}
