import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_CALLS,
  API_CALL_NAMES,
  type ApiCallName,
  type ApiResponse,
  analystGamesQuerySchema,
  bettingCodeListEntrySchema,
  bettingCodeSchema,
  buildApiPath,
  createCodeRequestSchemaFor,
  errorBodyFromZod,
  errorBodySchema,
  idempotencyHeadersSchema,
  loggedInProfileSchema,
  myGameSchema,
  nairaAmount,
  nairaAmountAsKobo,
  nairaBalance,
  notificationSchema,
  TOKEN_EXPIRED_MESSAGE,
  oddSchema,
  otpSchema,
  pinSchema,
  myPotSchema,
  potParticipantSchema,
  profileSchema,
  registerRequestSchema,
  blogCreateRequestSchema,
  resolveApiCall,
  signalSchema,
  splitApiPath,
  teamSchema,
  timestampMillis,
  tradingPotSchema,
  transactionSchema,
} from './api-schemas';

/** The first issue message, or 'ok' when the value parses. */
function firstMessage(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? 'no message');
}

/** A value of another JSON type than `value`. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string' || value === null) return true;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'true';
  if (Array.isArray(value)) return 'not a list';
  return 'not an object';
}

/**
 * For each top-level key of a valid example: without it the schema refuses (unless the key is optional), and with a
 * value of another type it refuses.
 */
function expectEveryFieldChecked(schema: z.ZodType, valid: Record<string, unknown>, optional: readonly string[] = []) {
  expect(schema.safeParse(valid).success).toBe(true);
  for (const key of Object.keys(valid)) {
    const without = { ...valid };
    delete without[key];
    expect({ key, missing: schema.safeParse(without).success }).toEqual({ key, missing: optional.includes(key) });
    const mistyped = { ...valid, [key]: wrongType(valid[key]) };
    expect({ key, mistyped: schema.safeParse(mistyped).success }).toEqual({ key, mistyped: false });
  }
}

const NOW = '2026-11-22T07:30:00.000Z';

const profileData = {
  id: 'u_123',
  first_name: 'Ada',
  last_name: 'Obi',
  name: 'Ada Obi',
  country: 'Nigeria',
  email: 'ada@example.com',
  phone_number: '08012345678',
  gender: 'female',
  createdAt: NOW,
  username: 'ada_o',
  referral_code: 'ADA123',
  referral_link: 'https://punter.example/referral/ADA123',
  referred_by: null,
  role: 0,
  can_post_signal: false,
  can_post_game: true,
  can_monetize_game: false,
};
const profile = { code: 200, token: 'tok_abc', data: profileData };
const profileBody = { ...profile, status: true, message: 'Login successful' };

const transaction = {
  id: 'tx_1',
  type: 'FUNDING',
  status: 'SUCCESS',
  amount: 5000.5,
  createdAt: NOW,
  narration: 'Wallet top up',
  wallet_type: 'naira',
  old_balance: 0,
  new_balance: 5000.5,
};
const savedBank = {
  id: 'bank_1',
  account_name: 'ADA OBI',
  account_number: '0123456789',
  bank_name: 'Access Bank',
  code: '044',
};
const bettingCode = {
  id: 'g_1',
  title: 'Sunday banker',
  game_code: 'BC12345',
  odd: 3.5,
  platform: 'sportybet',
  amount: 100,
  startDate: '2026-11-22T12:00',
  endDate: '2026-11-22T20:00',
  status: 'Active',
  punter_name: 'ada_o',
  user_id: 'u_123',
  game_count: 10,
  win_count: 6,
  lost_count: 4,
  won_count: 6,
  punting_power: 60,
  buyers_count: 3,
  possible_profit: 300,
  createdAt: NOW,
  earliest_game_time: '2026-11-22T13:00',
};
const analystGame = { id: 'm_1', homeScore: 2, awayScore: 1, homeTeam: 'ARS', awayTeam: 'CHE', country: 'England' };
const notification = { id: 'n_1', meta_data: { amount: 5000 }, type: 'FUNDING', createdAt: NOW };
const batch = {
  id: 'b_1',
  creator_name: 'Admin',
  creator_email: 'admin@example.com',
  creator_phone_number: '08011111111',
  admin_id: 'u_admin',
  createdAt: NOW,
};
const adminUser = {
  id: 'u_admin',
  first_name: 'Ade',
  last_name: 'Bola',
  email: 'admin@example.com',
  phone_number: '08011111111',
  role: 1,
  createdAt: NOW,
};
const blog = {
  id: 'blog_1',
  title: 'Stop gambling, trade sport',
  body: 'Long text',
  image_url: null,
  author_id: 'u_admin',
  createdAt: NOW,
  updatedAt: NOW,
};
const giftCard = { id: 'gc_1', name: 'iTunes', category_id: 'cat_1', rate: 750, image_url: null, createdAt: NOW };
const adminTransaction = { ...transaction, user_id: 'u_123', user_email: 'ada@example.com' };
const adminUserDetail = {
  ...adminUser,
  username: 'ada_o',
  suspended: false,
  phone_verified: true,
  must_change_password: false,
  can_post_signal: false,
  can_post_game: true,
  can_monetize_game: false,
  subscription_expires_at: null,
};
const ok = (data: unknown) => ({ status: true, message: 'Successful', data });
const okMessage = { status: true, message: 'Successful' };

/** A valid request body for every call that has one. */
const REQUESTS: Partial<Record<ApiCallName, Record<string, unknown>>> = {
  login: { email: 'ada@example.com', password: 'secret' },
  register: {
    email: 'ada@example.com',
    password: 'secret123',
    first_name: 'Ada',
    last_name: 'Obi',
    username: 'ada_o',
    phone_number: '08012345678',
    device_type: 'WEB',
    device_token: 'web-device-token',
    referral_code: 'BOLA12',
    marketing_channel: 'Others',
    gender: 'female',
    country: 'Nigeria',
    avatar_url: 'https://example.com/female.png',
  },
  otpRequest: { email: 'ada@example.com', phone_number: '08012345678', otpType: 'PHONE-VERIFICATION' },
  otpVerify: { otp: '4821', otpType: 'PHONE-VERIFICATION', email: 'ada@example.com' },
  passwordSendOtp: { email: 'ada@example.com' },
  passwordReset: { email: 'ada@example.com', otp: 'A1B2', password: 'newsecret1' },
  pinSet: { pin: '1234' },
  pinVerify: { pin: '1234', device_token: 'web-device-token' },
  pinReset: { otp: 'AB12', pin: '1234' },
  bankVerify: { account_number: '0123456789', bank_code: '044' },
  bankAdd: { bank_name: 'Access Bank', account_name: 'ADA OBI', code: '044', account_number: '0123456789' },
  topup: { transaction_id: 4_567_890, expectedAmount: 5000, expectedCurrency: 'NGN' },
  withdraw: { destination_account: 'bank_1', amount: 2500.5, pin: '1234' },
  joinAutoTrada: { amount: 10000, pot_id: 'pot_1', referalCode: 'BOLA12' },
  createCode: {
    odd: '3.50',
    title: 'Sunday banker',
    game_code: 'BC12345',
    platform: 'bet9ja',
    amount: 200,
    startDate: '2026-11-22T12:00',
    endDate: '2026-11-22T20:00',
  },
  buyOrGetGame: { game_id: 'g_1', amount: 100 },
  subscribe: {},
  batchCreate: {
    creator_name: 'Admin',
    creator_email: 'admin@example.com',
    creator_phone_number: '08011111111',
    admin_id: 'u_admin',
  },
  adminCreate: { email: 'newadmin@example.com' },
  suspendAccount: { user_id: 'u_123' },
  activateAccount: { user_id: 'u_123' },
  blogCreate: { title: 'Title', body: 'Body', image_url: 'https://example.com/a.png' },
  blogUpdate: { id: 'blog_1', title: 'New title', body: 'New body', image_url: null },
  giftCardCreate: { name: 'iTunes', category_id: 'cat_1', rate: 750, image_url: 'https://example.com/i.png' },
  giftCardUpdate: { id: 'gc_1', name: 'iTunes US', category_id: 'cat_1', rate: 760.5, image_url: null },
  giftCardDelete: { id: 'gc_1' },
  approveTransaction: { transaction_id: 'tx_1', action: 'decline', reason: 'Account name mismatch' },
  cryptoUpdate: { symbol: 'USDT', buy_rate: 1500, sell_rate: 1450.25 },
  adminDelete: { user_id: 'u_admin2' },
  userUpdate: { user_id: 'u_123', first_name: 'Adaeze', can_post_game: true, must_change_password: true },
  giftCardCategoryUpdate: { id: 'cat_1', name: 'Apple' },
};
/** Keys a request may leave out. */
const OPTIONAL_REQUEST_KEYS: Partial<Record<ApiCallName, readonly string[]>> = {
  register: ['referral_code'],
  joinAutoTrada: ['referalCode', 'pin'],
  buyOrGetGame: ['pin'],
  subscribe: ['pin'],
  blogCreate: ['image_url'],
  blogUpdate: ['title', 'body', 'image_url'],
  giftCardCreate: ['image_url'],
  giftCardUpdate: ['name', 'category_id', 'rate', 'image_url'],
  approveTransaction: ['action', 'reason'],
  userUpdate: ['first_name', 'can_post_game', 'must_change_password'],
};

/** A valid success body for every call. */
const RESPONSES: Record<ApiCallName, unknown> = {
  login: profileBody,
  register: { ...profileBody, code: 201, token: '' },
  otpRequest: okMessage,
  otpVerify: { ...profileBody, code: 203 },
  passwordSendOtp: okMessage,
  passwordReset: okMessage,
  pinSet: okMessage,
  pinVerify: okMessage,
  pinSendOtp: okMessage,
  pinReset: okMessage,
  banks: ok([{ code: '044', name: 'Access Bank' }]),
  bankVerify: ok({ account_name: 'ADA OBI', account_number: '0123456789' }),
  bankAdd: ok(savedBank),
  nairaWallet: ok({ balance: 12345.5 }),
  savedBanks: ok([savedBank]),
  limitTransactions: ok([transaction]),
  transactions: ok([transaction, { ...transaction, id: 'tx_2', type: 'WITHDRAWAL', status: 'PENDING' }]),
  myReferrals: ok([{ first_name: 'Bola', last_name: 'Ade', subscription: true, createdAt: NOW }]),
  topup: { ...ok({ transaction, balance: 5000.5 }), success: true },
  withdraw: ok({ transaction: { ...transaction, type: 'WITHDRAWAL', status: 'PENDING' }, balance: 0 }),
  joinAutoTrada: ok({ transaction: { ...transaction, type: 'JOIN_AUTO_TRADA' }, balance: 0 }),
  bettingCodes: ok([{ ...bettingCode, game_code: undefined }]),
  createCode: ok(bettingCode),
  buyOrGetGame: ok({ game: bettingCode, transaction: { ...transaction, type: 'BUY_GAME' } }),
  analystGames: ok([analystGame]),
  topGames: ok([{ id: 'm_2', homeScore: 4, awayScore: 3 }]),
  notifications: ok([notification]),
  batchCreate: ok(batch),
  todayBatch: ok([batch]),
  admins: ok([adminUser]),
  adminCreate: ok(adminUser),
  suspendAccount: ok({ id: 'u_123', suspended: true }),
  activateAccount: ok({ id: 'u_123', suspended: false }),
  allAds: ok([{ id: 'ad_1', title: 'Ad', image_url: 'https://example.com/ad.png', link: 'https://example.com', createdAt: NOW }]),
  allLogs: ok([{ id: 'log_1', admin_id: 'u_admin', action: 'suspend', target: 'u_123', createdAt: NOW }]),
  allBlogs: ok([blog]),
  blogCreate: ok(blog),
  blogUpdate: ok(blog),
  blogDelete: okMessage,
  allGiftCards: ok([giftCard]),
  giftCardCreate: ok(giftCard),
  giftCardCategory: ok({ id: 'cat_1', name: 'Apple', cards: [giftCard] }),
  giftCardUpdate: ok(giftCard),
  giftCardDelete: okMessage,
  walletReport: ok({
    users_count: 4,
    total_wallet_balance: 50000,
    transaction_values: { WITHDRAWAL: 1000, FUNDING: 60000, BUY_GAME: 200, SUBSCRIPTION: 2000 },
    pending_withdrawals_count: 1,
    pending_withdrawals_total: 1000,
    reversed_withdrawals_count: 1,
    reversed_withdrawals_total: 500,
  }),
  allTransactions: ok([adminTransaction]),
  approveTransaction: ok({ ...adminTransaction, status: 'SUCCESS' }),
  pendingTransactions: ok([{ ...adminTransaction, status: 'PENDING' }]),
  cryptoUpdate: ok({ symbol: 'USDT', buy_rate: 1500, sell_rate: 1450.25, updatedAt: NOW }),
  subscribe: ok({ entry: { ...transaction, type: 'SUBSCRIPTION', amount: 2000 }, subscription_expires_at: NOW }),
  userProfile: ok({ ...profileData, avatar_url: 'https://example.com/f.png', has_pin: false, is_subscribed: false }),
  adminDelete: ok({ ...adminUser, role: 0 }),
  allUsers: ok([adminUserDetail]),
  userUpdate: ok({ ...adminUserDetail, must_change_password: true }),
  giftCardCategoryUpdate: ok({ id: 'cat_1', name: 'Apple', cards: [giftCard] }),
  cryptoRates: ok([{ symbol: 'USDT', buy_rate: 1500, sell_rate: 1450.25, updatedAt: NOW }]),
};

describe('nairaAmount', () => {
  it('accepts positive naira amounts with at most 2 decimals up to ₦1,000,000,000', () => {
    for (const value of [0.01, 1, 1.1, 2500.5, 10_000, 999_999_999.99, 1_000_000_000]) {
      expect(nairaAmount.parse(value)).toBe(value);
    }
  });

  it('refuses zero, negatives, more than 2 decimals, too much, and non-numbers, with a clear message', () => {
    expect(firstMessage(nairaAmount, 0)).toBe('Amount must be greater than 0');
    expect(firstMessage(nairaAmount, -5)).toBe('Amount must be greater than 0');
    expect(firstMessage(nairaAmount, 1.005)).toBe('Amount can have at most 2 decimal places');
    expect(firstMessage(nairaAmount, 0.001)).toBe('Amount can have at most 2 decimal places');
    expect(firstMessage(nairaAmount, 1_000_000_000.01)).toBe('Amount must not be more than ₦1,000,000,000');
    expect(firstMessage(nairaAmount, 1e15)).toBe('Amount must not be more than ₦1,000,000,000');
    for (const value of [Infinity, -Infinity, NaN, '5000', null, undefined, {}, [5]]) {
      expect(firstMessage(nairaAmount, value)).toBe('Amount must be a number');
    }
  });

  it('converts to kobo through money.ts without float noise', () => {
    expect(nairaAmountAsKobo.parse(2500.5)).toBe(250_050);
    expect(nairaAmountAsKobo.parse(0.29)).toBe(29);
    expect(nairaAmountAsKobo.parse(1_000_000_000)).toBe(100_000_000_000);
    expect(nairaAmountAsKobo.safeParse(0).success).toBe(false);
  });

  it('nairaBalance allows 0 but not negatives or sub-kobo amounts', () => {
    expect(nairaBalance.parse(0)).toBe(0);
    expect(firstMessage(nairaBalance, -0.01)).toBe('Amount must not be negative');
    expect(firstMessage(nairaBalance, 3.333)).toBe('Amount can have at most 2 decimal places');
  });
});

describe('codes, PIN, account numbers', () => {
  it('a PIN is exactly 4 digits', () => {
    expect(pinSchema.parse('0123')).toBe('0123');
    for (const value of ['123', '12345', 'abcd', '12 4', '', 1234, null]) {
      expect(firstMessage(pinSchema, value)).toBe('PIN must be 4 digits');
    }
  });

  it('an OTP or reset code is exactly 4 letters or digits', () => {
    expect(otpSchema.parse('A1b2')).toBe('A1b2');
    for (const value of ['123', '12345', '12 4', '', 1234]) {
      expect(firstMessage(otpSchema, value)).toBe('Code must be 4 characters');
    }
  });

  it('bank verify takes a 10-digit account number and a bank code', () => {
    const schema = API_CALLS.bankVerify.request;
    expect(firstMessage(schema, { account_number: '012345678', bank_code: '044' })).toBe(
      'Account number must be 10 digits',
    );
    expect(firstMessage(schema, { account_number: '01234567890', bank_code: '044' })).toBe(
      'Account number must be 10 digits',
    );
    expect(firstMessage(schema, { account_number: '01234567a9', bank_code: '044' })).toBe(
      'Account number must be 10 digits',
    );
    expect(firstMessage(schema, { account_number: '0123456789', bank_code: '' })).toBe('Bank code is not valid');
  });
});

describe('API_CALLS', () => {
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
    expect(['login', 'register', 'otpRequest', 'otpVerify', 'passwordSendOtp', 'passwordReset'].map((n) => auth(n as ApiCallName))).toEqual(
      Array(6).fill('none'),
    );
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
    const cases: [z.ZodType, Record<string, unknown>, string][] = [
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

  it('withdraw needs a 4-digit PIN and a saved bank id', () => {
    const schema = API_CALLS.withdraw.request;
    expect(firstMessage(schema, { ...REQUESTS.withdraw, pin: '12345' })).toBe('PIN must be 4 digits');
    expect(firstMessage(schema, { ...REQUESTS.withdraw, destination_account: '  ' })).toBe('Id is required');
  });

  it('top-up takes a string or numeric transaction_id and only NGN', () => {
    const schema = API_CALLS.topup.request;
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: 'FLW-123_abc' }).success).toBe(true);
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: -1 }).success).toBe(false);
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ ...REQUESTS.topup, transaction_id: 'a b' }).success).toBe(false);
    expect(schema.safeParse({ ...REQUESTS.topup, expectedCurrency: 'USD' }).success).toBe(false);
  });

  it('buy-or-get-game takes only a listed price (0 means free)', () => {
    const schema = API_CALLS.buyOrGetGame.request;
    for (const amount of [0, 100, 200, 500]) expect(schema.safeParse({ game_id: 'g', amount }).success).toBe(true);
    for (const amount of [50, -100, 100.5, 1000]) {
      expect(firstMessage(schema, { game_id: 'g', amount })).toBe('Price must be 0, 100, 200 or 500');
    }
  });

  it('admin image URLs must be http(s): a javascript: or data: URL is refused', () => {
    const blog = { title: 'Stake smart', body: 'Never chase losses.' };
    expect(blogCreateRequestSchema.safeParse({ ...blog, image_url: 'https://example.com/b.png' }).success).toBe(true);
    expect(firstMessage(blogCreateRequestSchema, { ...blog, image_url: 'javascript:alert(1)' })).toBe(
      'Must be an http or https URL',
    );
    expect(blogCreateRequestSchema.safeParse({ ...blog, image_url: 'data:text/html,<script>' }).success).toBe(false);
  });

  it('register takes the avatar as a same-site path or a URL, nothing else', () => {
    const base = REQUESTS.register!;
    expect(registerRequestSchema.safeParse({ ...base, avatar_url: '/avatars/female.svg' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...base, avatar_url: 'https://example.com/a.png' }).success).toBe(true);
    expect(firstMessage(registerRequestSchema, { ...base, avatar_url: 'javascript:alert(1)' })).toBe(
      'Avatar must be a URL or a path on this site',
    );
    expect(firstMessage(registerRequestSchema, { ...base, avatar_url: '/../../etc<script>' })).toBe(
      'Avatar must be a URL or a path on this site',
    );
  });

  it('register trims the username, lower-cases the email and checks the fixed fields', () => {
    const parsed = registerRequestSchema.parse({ ...REQUESTS.register, username: 'ada_o   ', email: ' Ada@Example.COM ' });
    expect(parsed.username).toBe('ada_o');
    expect(parsed.email).toBe('ada@example.com');
    const base = REQUESTS.register!;
    expect(registerRequestSchema.safeParse({ ...base, device_type: 'IOS' }).success).toBe(false);
    expect(registerRequestSchema.safeParse({ ...base, marketing_channel: 'TV' }).success).toBe(false);
    expect(firstMessage(registerRequestSchema, { ...base, gender: 'other' })).toBe('Gender must be female or male');
    expect(firstMessage(registerRequestSchema, { ...base, password: 'short' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(registerRequestSchema, { ...base, email: 'not-an-email' })).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(registerRequestSchema, { ...base, phone_number: '12345' })).toBe(
      'Please enter a valid phone number',
    );
    expect(registerRequestSchema.safeParse({ ...base, phone_number: '+2348012345678' }).success).toBe(true);
    expect(firstMessage(registerRequestSchema, { ...base, username: 'a b' })).toBe(
      'Username can only have letters, digits, _ and .',
    );
    expect(firstMessage(registerRequestSchema, { ...base, first_name: '   ' })).toBe('First name is required');
    expect(firstMessage(registerRequestSchema, { ...base, first_name: 'x'.repeat(61) })).toBe(
      'First name must not be more than 60 characters',
    );
  });

  it('create-code takes odds as SPEC pattern, and prices by permission', () => {
    const valid = REQUESTS.createCode!;
    const monetizing = createCodeRequestSchemaFor(true);
    const free = createCodeRequestSchemaFor(false);
    expect(monetizing.parse(valid).odd).toBe(3.5);
    expect(monetizing.parse({ ...valid, odd: 2 }).odd).toBe(2);
    expect(firstMessage(monetizing, { ...valid, odd: '3,50' })).toBe('Please enter a valid float value (e.g., 3.50)');
    expect(firstMessage(monetizing, { ...valid, odd: '-1' })).toBe('Please enter a valid float value (e.g., 3.50)');
    expect(firstMessage(monetizing, { ...valid, odd: -1 })).toBe('Please enter a valid float value (e.g., 3.50)');
    expect(firstMessage(monetizing, { ...valid, amount: 300 })).toBe('Price must be 0, 100, 200 or 500');
    expect(firstMessage(free, valid)).toBe('Price must be 0');
    expect(free.safeParse({ ...valid, amount: 0 }).success).toBe(true);
    expect(firstMessage(monetizing, { ...valid, endDate: '2026-11-22T11:00' })).toBe('End date must be after start date');
    expect(firstMessage(monetizing, { ...valid, platform: 'betking' })).toBe(
      'Platform must be one of sportybet, bet9ja, 1xbet, nairabet',
    );
    expect(firstMessage(monetizing, { ...valid, startDate: 'tomorrow' })).toBe('Must be a date and time');
  });

  it('odds: non-negative decimals only', () => {
    expect(oddSchema.parse(' 3.50 ')).toBe(3.5);
    expect(oddSchema.parse('0')).toBe(0);
    for (const value of ['abc', '3.', '', '1e3', null]) {
      expect(firstMessage(oddSchema, value)).toBe('Please enter a valid float value (e.g., 3.50)');
    }
  });

  it('the analyst query takes optional country, date, platform and team', () => {
    expect(analystGamesQuerySchema.parse({})).toEqual({});
    expect(
      analystGamesQuerySchema.parse({ country: 'England', date: '2026-11-22T18:36', platform: 'p1', team: 'ARS' }),
    ).toEqual({ country: 'England', date: '2026-11-22T18:36', platform: 'p1', team: 'ARS' });
    expect(analystGamesQuerySchema.safeParse({ date: '2026-11-22' }).success).toBe(true);
    expect(analystGamesQuerySchema.safeParse({ country: 'Nigeria' }).success).toBe(false);
    expect(analystGamesQuerySchema.safeParse({ date: '22/11/2026' }).success).toBe(false);
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

describe('admin calls added for SPEC\'s unused paths, settle, top-up and subscribe', () => {
  it('approve defaults to approve; decline takes an optional reason; anything else is refused with a clear message', () => {
    const schema = API_CALLS.approveTransaction.request;
    expect(schema.parse({ transaction_id: 'tx_1' })).toEqual({ transaction_id: 'tx_1', action: 'approve' });
    expect(firstMessage(schema, { transaction_id: 'tx_1', action: 'refund' })).toBe("Action must be 'approve' or 'decline'");
    expect(firstMessage(schema, { transaction_id: 'tx_1', action: 'decline', reason: ' ' })).toBe('Reason must not be empty');
  });

  it('users/update needs something to change, refuses other fields, and can only set must_change_password to true', () => {
    const schema = API_CALLS.userUpdate.request;
    expect(firstMessage(schema, { user_id: 'u_1' })).toBe('Nothing to update');
    expect(firstMessage(schema, { user_id: 'u_1', role: 1 })).toBe('Only names, permissions and must_change_password can be updated');
    expect(firstMessage(schema, { user_id: 'u_1', must_change_password: false })).toBe('must_change_password can only be set to true');
    expect(firstMessage(schema, { user_id: 'u_1', can_post_signal: 'yes' })).toBe('can_post_signal must be true or false');
  });

  it('the top-up answer carries success: true (SPEC: "Reads success")', () => {
    expect(API_CALLS.topup.response.safeParse(ok({ transaction, balance: 1 })).success).toBe(false);
    expect(API_CALLS.topup.response.safeParse({ ...ok({ transaction, balance: 1 }), success: true }).success).toBe(true);
  });

  it('an audit entry may say it was refused', () => {
    const entry = { id: 'l1', admin_id: 'u_1', action: 'approveTransaction', target: null, refused: true, createdAt: NOW };
    expect(API_CALLS.allLogs.response.safeParse(ok([entry])).success).toBe(true);
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
    expect(splitApiPath('/games?country=England&team=ARS&team=CHE')).toEqual({
      pathname: '/games',
      query: { country: 'England', team: 'CHE' },
    });
    expect(splitApiPath('/top-games')).toEqual({ pathname: '/top-games', query: {} });
  });

  it('refuses anything not allow-listed', () => {
    expect(resolveApiCall('POST', '/api/v1/user/naira-wallet')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/user/naira-wallet/')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/users/everyone')).toBeUndefined();
    expect(resolveApiCall('POST', '/api/v1/users/all')).toBeUndefined();
    expect(resolveApiCall('GET', 'api/v1/banks')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/user/../admin/admins')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/giftcards/categories/..')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/giftcards/categories/%2E%2E')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/giftcards/categories/a%2Fb')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/giftcards/categories/%E0%A4%A')).toBeUndefined();
    expect(resolveApiCall('GET', '/api/v1/giftcards/categories/')).toBeUndefined();
    expect(resolveApiCall('GET', `/api/v1/giftcards/categories/${'x'.repeat(129)}`)).toBeUndefined();
    expect(resolveApiCall('PATCH', '/api/v1/banks')).toBeUndefined();
  });

  it('buildApiPath encodes parameters and refuses missing ones', () => {
    expect(buildApiPath('giftCardCategory', { id: 'a/b' })).toBe('/api/v1/giftcards/categories/a%2Fb');
    expect(buildApiPath('banks')).toBe('/api/v1/banks');
    expect(() => buildApiPath('giftCardCategory')).toThrow('Missing path parameter id for giftCardCategory');
  });
});

describe('entities', () => {
  it('profile: every field of SPEC section 3 is required and typed', () => {
    expectEveryFieldChecked(profileSchema, profile);
    expectEveryFieldChecked(profileSchema.shape.data, profileData);
    expect(profileSchema.safeParse({ ...profile, code: 500 }).success).toBe(false);
    expect(
      profileSchema.shape.data.safeParse({ ...profileData, subscription_expires_at: '2026-12-22T07:30:00.000Z' }).success,
    ).toBe(true);
  });

  it('a logged-in profile has code 200 or 203 and a token (ADR 0001)', () => {
    expect(loggedInProfileSchema.safeParse(profile).success).toBe(true);
    expect(loggedInProfileSchema.safeParse({ ...profile, code: 203 }).success).toBe(true);
    expect(loggedInProfileSchema.safeParse({ ...profile, code: 201 }).success).toBe(false);
    expect(loggedInProfileSchema.safeParse({ ...profile, code: 206 }).success).toBe(false);
    expect(loggedInProfileSchema.safeParse({ ...profile, token: '' }).success).toBe(false);
  });

  it('the wallet report refuses unknown transaction types and negative sums', () => {
    const report = API_CALLS.walletReport.response;
    const body = RESPONSES.walletReport as { data: Record<string, unknown> };
    expect(report.safeParse({ ...body, data: { ...body.data, transaction_values: { REFUND: 5 } } }).success).toBe(false);
    expect(report.safeParse({ ...body, data: { ...body.data, transaction_values: { FUNDING: -5 } } }).success).toBe(false);
  });

  it('transaction: SPEC types and statuses only', () => {
    expectEveryFieldChecked(transactionSchema, transaction);
    for (const type of ['WITHDRAWAL', 'FUNDING', 'BUY_GAME', 'SPOOWEALTH', 'SIGNUP_BONUS', 'MC_DASAINT_BONUS', 'SUBSCRIPTION', 'JOIN_AUTO_TRADA']) {
      expect(transactionSchema.safeParse({ ...transaction, type }).success).toBe(true);
    }
    expect(transactionSchema.safeParse({ ...transaction, type: 'REFUND' }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...transaction, status: 'FAILED' }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...transaction, amount: -1 }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...transaction, createdAt: 'yesterday' }).success).toBe(false);
  });

  it('betting code: all SPEC fields; the public list may hide the code', () => {
    expectEveryFieldChecked(bettingCodeSchema, bettingCode);
    const { game_code: _hidden, ...withoutCode } = bettingCode;
    expect(bettingCodeListEntrySchema.safeParse(withoutCode).success).toBe(true);
    expect(bettingCodeSchema.safeParse({ ...bettingCode, status: 'Paused' }).success).toBe(false);
    expect(bettingCodeSchema.safeParse({ ...bettingCode, win_count: 1.5 }).success).toBe(false);
  });

  it('notification, team and error body', () => {
    expectEveryFieldChecked(notificationSchema, notification);
    expectEveryFieldChecked(teamSchema, { id: 't1', name: 'Arsenal', shortName: 'ARS', logo: '/ars.png' });
    expect(TOKEN_EXPIRED_MESSAGE).toBe('Token is expired or invalid.');
    expect(errorBodySchema.safeParse({ status: false, message: TOKEN_EXPIRED_MESSAGE }).success).toBe(true);
    expect(
      errorBodySchema.safeParse({ status: false, message: 'Bad', error: [{ message: 'Bad', field: 'amount' }] }).success,
    ).toBe(true);
    expect(errorBodySchema.safeParse({ status: true, message: 'x' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ status: false, message: 'x', error: [{ field: 'a' }] }).success).toBe(false);
  });

  it('errorBodyFromZod gives the SPEC section 8 shape with fields', () => {
    const result = API_CALLS.withdraw.request.safeParse({ amount: 0, pin: '1', destination_account: 'b' });
    expect(result.success).toBe(false);
    const body = errorBodyFromZod(result.error!);
    expect(body).toEqual({
      status: false,
      message: 'Amount must be greater than 0',
      error: [
        { message: 'Amount must be greater than 0', field: 'amount' },
        { message: 'PIN must be 4 digits', field: 'pin' },
      ],
    });
    expect(errorBodySchema.parse(body)).toEqual(body);
    const whole = z.string().safeParse(1);
    expect(errorBodyFromZod(whole.error!, 'Invalid request').error).toEqual([{ message: whole.error!.issues[0]!.message }]);
    expect(errorBodyFromZod(new z.ZodError([])).message).toBe('Invalid request');
  });
});

describe('document store entities (times become epoch milliseconds)', () => {
  const pot = {
    id: 'pot_1',
    pot_volume: 5_000_000,
    raised_amount: 1_000_000,
    investors_count: 12,
    percentage: 10,
    status: 'Raising',
    timestamp: { toMillis: () => 1_700_000_000_000 },
    raising_to: new Date(1_700_100_000_000),
    trade_from: '2026-12-01T00:00:00.000Z',
    trade_to: { seconds: 1_800_000_000, nanoseconds: 500_000_000 },
    duration: 3,
    type: 'Sports',
    manager: 'Mc Dasaint',
    terms: 'Terms text',
    managers_number: '2348012345678',
  };

  it('trading pot', () => {
    const parsed = tradingPotSchema.parse(pot);
    expect(parsed.timestamp).toBe(1_700_000_000_000);
    expect(parsed.raising_to).toBe(1_700_100_000_000);
    expect(parsed.trade_from).toBe(Date.parse('2026-12-01T00:00:00.000Z'));
    expect(parsed.trade_to).toBe(1_800_000_000_500);
    expect(tradingPotSchema.safeParse({ ...pot, pot_volume: -1 }).success).toBe(false);
    expect(tradingPotSchema.safeParse({ ...pot, investors_count: 'many' }).success).toBe(false);
    expect(tradingPotSchema.safeParse({ ...pot, raising_to: 'not a date' }).success).toBe(false);
    const { manager: _m, ...withoutManager } = pot;
    expect(tradingPotSchema.safeParse(withoutManager).success).toBe(false);
  });

  it('timestamps: pending server time is null, junk is refused', () => {
    expect(timestampMillis.parse(null)).toBeNull();
    expect(timestampMillis.parse(undefined)).toBeNull();
    expect(timestampMillis.parse(1234)).toBe(1234);
    expect(timestampMillis.safeParse({}).success).toBe(false);
    expect(timestampMillis.safeParse(Infinity).success).toBe(false);
    expect(timestampMillis.safeParse(new Date('invalid')).success).toBe(false);
    expect(timestampMillis.safeParse({ toMillis: () => 'x' }).success).toBe(false);
    expect(timestampMillis.safeParse(true).success).toBe(false);
    expect(firstMessage(timestampMillis, 'soon')).toBe('Must be a timestamp');
  });

  it('pot participant', () => {
    const participant = {
      pot_id: 'pot_1',
      name: 'Ada O.',
      amount: 10_000,
      total: 11_000,
      roi: 1000,
      trading_capital: 10_000,
      status: 'Pending',
      timestamp: null,
    };
    // A pending server timestamp reads as null; a document without one is refused.
    expectEveryFieldChecked(potParticipantSchema, participant);
    expect(potParticipantSchema.parse(participant).timestamp).toBeNull();
    // The owner's own copy in 'my-pots' carries the user id.
    expectEveryFieldChecked(myPotSchema, { ...participant, user_id: 'u_123' });
  });

  it('signal', () => {
    const signal = {
      title: 'Start Trading',
      details: 'start trading',
      group: 'C sub',
      status: 'Active',
      timestamp: { toMillis: () => 5 },
      created_at: NOW,
    };
    expect(signalSchema.parse(signal).timestamp).toBe(5);
    expect(signalSchema.safeParse({ ...signal, group: 'D' }).success).toBe(false);
    expect(signalSchema.safeParse({ ...signal, status: 'Closed' }).success).toBe(false);
    expect(signalSchema.safeParse({ ...signal, title: 3 }).success).toBe(false);
  });

  it('my-games keeps the fields SPEC does not show', () => {
    const doc = {
      user_id: 'u_123',
      timestamp: { seconds: 10, nanoseconds: 0 },
      title: 'Sunday banker',
      punter_name: 'ada_o',
      status: 'Active',
      amount: 100,
      platform: 'bet9ja',
      game_code: 'BC12345',
      odd: 3.5,
    };
    const parsed = myGameSchema.parse(doc);
    expect(parsed.timestamp).toBe(10_000);
    expect(parsed.odd).toBe(3.5);
    expect(myGameSchema.safeParse({ ...doc, user_id: undefined }).success).toBe(false);
    expect(myGameSchema.safeParse({ ...doc, amount: -100 }).success).toBe(false);
  });
});
