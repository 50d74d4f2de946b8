import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { OPTIONAL_REQUEST_KEYS, REQUESTS, RESPONSES, expectEveryFieldChecked, firstMessage } from '../../test/api-fixtures';
import { API_CALLS, API_CALL_NAMES, type ApiCallName, type ApiResponse, paramsProblem, resolveApiCall } from './calls';
import { ADMIN_CALLS } from './admin-calls';
import { idempotencyHeadersSchema } from './common';
import { API_ROUTES, buildApiPath } from './routes';
import { USER_CALLS } from './user-calls';

describe('API_CALLS', () => {
  it("is a punter's half and the operator console's half, split by who may make the call", () => {
    const user = Object.keys(USER_CALLS);
    const admin = Object.keys(ADMIN_CALLS);
    expect([...user, ...admin].sort()).toEqual(Object.keys(API_ROUTES).sort());
    expect(user.filter((name) => admin.includes(name))).toEqual([]);
    for (const name of admin) expect(API_ROUTES[name as ApiCallName].auth, name).toBe('admin');
    for (const name of user) expect(API_ROUTES[name as ApiCallName].auth, name).not.toBe('admin');
    expect(user).toContain('nairaWallet');
    expect(admin).toContain('allUsers');
  });

  it('lists every call of SPEC section 7, each with a response schema', () => {
    const listed = API_CALL_NAMES.map((name) => `${API_CALLS[name].method} ${API_CALLS[name].path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /api/v1/user/login',
        'POST /api/v1/user/register',
        'POST /api/v1/otp/request',
        'POST /api/v1/otp/verify',
        'POST /api/v1/user/password/send-otp',
        'POST /api/v1/user/password/reset',
        'POST /api/v1/user/pin/set',
        'POST /api/v1/user/pin/verify',
        'GET /api/v1/banks',
        'POST /api/v1/user/bank/verify',
        'POST /api/v1/user/bank/add',
        'GET /api/v1/user/naira-wallet',
        'GET /api/v1/user/banks',
        'GET /api/v1/user/limit-transactions',
        'GET /api/v1/user/transactions',
        'GET /api/v1/user/my-referrals',
        'POST /api/v1/user/topup',
        'POST /api/v1/user/wallet/withdraw',
        'POST /api/v1/user/join-auto-trada',
        'GET /api/v1/puntershub/get-betting-codes',
        'POST /api/v1/puntershub/create-code',
        'POST /api/v1/puntershub/buy-or-get-game',
        'GET /games',
        'GET /top-games',
        'GET /api/v1/admin/notifications',
        'POST /api/v1/admin/batch/create',
        'GET /api/v1/admin/today/batch',
        'GET /api/v1/admin/admins',
        'POST /api/v1/admin/create',
        'PUT /api/v1/users/suspend-account',
        'PUT /api/v1/users/activate',
        'GET /api/v1/ads/all-ads',
        'GET /api/v1/admin/all-logs',
        'GET /api/v1/blog/all',
        'POST /api/v1/blog/create',
        'PUT /api/v1/blog/update',
        'DELETE /api/v1/blog/delete',
        'GET /api/v1/giftcards/all-cards',
        'POST /api/v1/giftcards/create',
        'GET /api/v1/giftcards/categories/:id',
        'POST /api/v1/giftcards/update',
        'DELETE /api/v1/giftcards/delete',
        'GET /api/v1/reports/wallet-bills-transaction-values',
        'GET /api/v1/transactions/all',
        'PUT /api/v1/transactions/approve',
        'GET /api/v1/transactions/pending',
        'PUT /api/v1/crypto/update',
        'POST /api/v1/user/subscribe',
        'GET /api/v1/users/profile',
        'DELETE /api/v1/admin/delete',
        'GET /api/v1/users/all',
        'PUT /api/v1/users/update',
        'POST /api/v1/giftcards/update_category',
        'GET /api/v1/crypto/rates',
      ]),
    );
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('marks sign-in calls public, user calls user, and the admin-style calls admin', () => {
    const auth = (name: ApiCallName) => API_CALLS[name].auth;
    expect(
      ['login', 'register', 'otpRequest', 'otpVerify', 'passwordSendOtp', 'passwordReset'].map((n) => auth(n as ApiCallName)),
    ).toEqual(Array(6).fill('none'));
    expect(auth('nairaWallet')).toBe('user');
    expect(auth('notifications')).toBe('user');
    expect(auth('analystGames')).toBe('user');
    for (const name of [
      'batchCreate',
      'admins',
      'suspendAccount',
      'approveTransaction',
      'cryptoUpdate',
      'blogDelete',
      'adminDelete',
      'allUsers',
      'userUpdate',
      'giftCardCategoryUpdate',
      'cryptoRates',
    ] as const) {
      expect(auth(name)).toBe('admin');
    }
  });

  it.each(API_CALL_NAMES)('%s: every request field is required and typed; the success body parses', (name) => {
    const call = API_CALLS[name];
    const example = REQUESTS[name];
    if ('request' in call) {
      expect(example, `request example for ${name}`).toBeDefined();
      expectEveryFieldChecked(call.request, example!, OPTIONAL_REQUEST_KEYS[name]);
      expect(call.request.safeParse(undefined).success).toBe(false);
      expect(call.request.safeParse('text').success).toBe(false);
    } else {
      expect(example).toBeUndefined();
    }
    const response = call.response.safeParse(RESPONSES[name]);
    expect(response.error?.issues ?? []).toEqual([]);
    expect(call.response.safeParse({ status: false, message: 'Nope' }).success).toBe(false);
  });

  it('money-moving calls refuse zero, negative, huge and sub-kobo amounts', () => {
    const cases: [z.ZodMiniType, Record<string, unknown>, string][] = [
      [API_CALLS.withdraw.request, REQUESTS.withdraw!, 'amount'],
      [API_CALLS.topup.request, REQUESTS.topup!, 'expectedAmount'],
      [API_CALLS.joinAutoTrada.request, REQUESTS.joinAutoTrada!, 'amount'],
      [API_CALLS.giftCardCreate.request, REQUESTS.giftCardCreate!, 'rate'],
      [API_CALLS.cryptoUpdate.request, REQUESTS.cryptoUpdate!, 'buy_rate'],
    ];
    for (const [schema, valid, field] of cases) {
      expect(firstMessage(schema, { ...valid, [field]: 0 })).toBe('Amount must be greater than 0');
      expect(firstMessage(schema, { ...valid, [field]: -100 })).toBe('Amount must be greater than 0');
      expect(firstMessage(schema, { ...valid, [field]: 2e9 })).toBe('Amount must not be more than ₦1,000,000,000');
      expect(firstMessage(schema, { ...valid, [field]: 10.123 })).toBe('Amount can have at most 2 decimal places');
      expect(firstMessage(schema, { ...valid, [field]: '5000' })).toBe('Amount must be a number');
    }
  });

  it('money-moving calls need an Idempotency-Key header', () => {
    expect(API_CALLS.withdraw.headers).toBe(idempotencyHeadersSchema);
    expect(API_CALLS.joinAutoTrada.headers).toBe(idempotencyHeadersSchema);
    expect(API_CALLS.buyOrGetGame.headers).toBe(idempotencyHeadersSchema);
    expect(idempotencyHeadersSchema.safeParse({ 'idempotency-key': 'c0ffee-1234-abcd' }).success).toBe(true);
    expect(firstMessage(idempotencyHeadersSchema, {})).toBe('Idempotency-Key header is required');
    expect(firstMessage(idempotencyHeadersSchema, { 'idempotency-key': 'short' })).toBe(
      'Idempotency-Key must be 8 to 128 letters, digits, - or _',
    );
    // A double submit of subscribe must not charge twice: the key is required there too.
    expect(API_CALLS.subscribe.headers).toBe(idempotencyHeadersSchema);
    expect(API_CALLS.blogDelete.headers.safeParse({ id: 'blog_1' }).success).toBe(true);
    expect(API_CALLS.blogDelete.headers.safeParse({}).success).toBe(false);
  });

  it('typed answers: ApiResponse gives the parsed body type', () => {
    const body: ApiResponse<'nairaWallet'> = API_CALLS.nairaWallet.response.parse(RESPONSES.nairaWallet);
    expect(body.data.balance).toBe(12345.5);
  });
});

describe('resolveApiCall and paths', () => {
  it('finds every call by its method and concrete path', () => {
    for (const name of API_CALL_NAMES) {
      const call = API_CALLS[name];
      const path = call.path.includes(':') ? buildApiPath(name, { id: 'cat 1' }) : call.path;
      const resolved = resolveApiCall(call.method, path);
      expect(resolved?.name).toBe(name);
    }
    expect(resolveApiCall('GET', '/api/v1/giftcards/categories/cat%201')?.params).toEqual({ id: 'cat 1' });
  });

  it('ignores the query string but nothing else', () => {
    expect(resolveApiCall('GET', '/games?country=England&team=ARS')?.name).toBe('analystGames');
    expect(resolveApiCall('GET', '/top-games?x=1')?.name).toBe('topGames');
  });

  it('refuses anything not allow-listed', () => {
    expect(resolveApiCall('POST', '/api/v1/user/naira-wallet')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/user/naira-wallet/')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/users/everyone')).toBeUndefined();
    expect(resolveApiCall('POST', '/api/v1/users/all')).toBeUndefined();
    expect(resolveApiCall('GET', 'api/v1/banks')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/user/../admin/admins')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/giftcards/categories/')).toBeUndefined();
    expect(resolveApiCall('PATCH', '/api/v1/banks')).toBeUndefined();
  });

  it('a :id that is no document id resolves to its call, and paramsProblem names it (issue 31 item 7: a 400, not a 404)', () => {
    const problem = (path: string) => {
      const resolved = resolveApiCall('GET', path);
      return resolved ? paramsProblem(resolved) : 'no call';
    };
    expect(problem('/api/v1/giftcards/categories/apple')).toBeNull();
    expect(problem('/api/v1/giftcards/categories/..')).toEqual({ field: 'id', message: "Id must not be '.' or '..'" });
    expect(problem('/api/v1/giftcards/categories/%2E%2E')).toEqual({ field: 'id', message: "Id must not be '.' or '..'" });
    expect(problem('/api/v1/giftcards/categories/a%2Fb')).toEqual({ field: 'id', message: "Id must not contain '/'" });
    expect(problem('/api/v1/giftcards/categories/__a__')).toEqual({
      field: 'id',
      message: "Id must not start and end with '__'",
    });
    expect(problem('/api/v1/giftcards/categories/%E0%A4%A')).toEqual({
      field: 'id',
      message: 'Id must be valid text (it has a broken Unicode character)',
    });
    expect(problem(`/api/v1/giftcards/categories/${'x'.repeat(129)}`)).toEqual({
      field: 'id',
      message: 'Id must not be more than 128 characters',
    });
  });

  it('buildApiPath encodes parameters and refuses missing ones', () => {
    expect(buildApiPath('giftCardCategory', { id: 'a/b' })).toBe('/api/v1/giftcards/categories/a%2Fb');
    expect(buildApiPath('banks')).toBe('/api/v1/banks');
    expect(() => buildApiPath('giftCardCategory')).toThrow('Missing path parameter id for giftCardCategory');
  });
});
