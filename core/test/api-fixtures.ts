// Valid examples of the API's bodies and the helpers the core/src/api tests share.
import { expect } from 'vitest';
import type { z } from 'zod/mini';
import type { ApiCallName } from '../src/api/calls';

/** The first issue message, or 'ok' when the value parses. */
export function firstMessage(schema: z.ZodMiniType, value: unknown): string {
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
export function expectEveryFieldChecked(schema: z.ZodMiniType, valid: Record<string, unknown>, optional: readonly string[] = []) {
  expect(schema.safeParse(valid).success).toBe(true);
  for (const key of Object.keys(valid)) {
    const without = { ...valid };
    delete without[key];
    expect({ key, missing: schema.safeParse(without).success }).toEqual({ key, missing: optional.includes(key) });
    const mistyped = { ...valid, [key]: wrongType(valid[key]) };
    expect({ key, mistyped: schema.safeParse(mistyped).success }).toEqual({ key, mistyped: false });
  }
}

export const NOW = '2026-11-22T07:30:00.000Z';

export const profileData = {
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
export const profile = { code: 200, token: 'tok_abc', data: profileData };
export const profileBody = { ...profile, status: true, message: 'Login successful' };

export const transaction = {
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
export const savedBank = {
  id: 'bank_1',
  account_name: 'ADA OBI',
  account_number: '0123456789',
  bank_name: 'Access Bank',
  code: '044',
};
export const bettingCode = {
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
export const analystGame = { id: 'm_1', homeScore: 2, awayScore: 1, homeTeam: 'ARS', awayTeam: 'CHE', country: 'England' };
export const notification = { id: 'n_1', meta_data: { amount: 5000 }, type: 'FUNDING', createdAt: NOW };
export const batch = {
  id: 'b_1',
  creator_name: 'Admin',
  creator_email: 'admin@example.com',
  creator_phone_number: '08011111111',
  admin_id: 'u_admin',
  createdAt: NOW,
};
export const adminUser = {
  id: 'u_admin',
  first_name: 'Ade',
  last_name: 'Bola',
  email: 'admin@example.com',
  phone_number: '08011111111',
  role: 1,
  createdAt: NOW,
};
export const blog = {
  id: 'blog_1',
  title: 'Stop gambling, trade sport',
  body: 'Long text',
  image_url: null,
  author_id: 'u_admin',
  createdAt: NOW,
  updatedAt: NOW,
};
export const giftCard = { id: 'gc_1', name: 'iTunes', category_id: 'cat_1', rate: 750, image_url: null, createdAt: NOW };
export const adminTransaction = { ...transaction, user_id: 'u_123', user_email: 'ada@example.com' };
export const adminUserDetail = {
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
export const ok = (data: unknown) => ({ status: true, message: 'Successful', data });
/** A one-page list as the paged admin calls answer it. */
export const paged = (data: unknown[]) => ({
  ...ok(data),
  paging: { page: 1, page_size: 20, total: data.length, has_more: false },
});
export const okMessage = { status: true, message: 'Successful' };

/** A valid request body for every call that has one. */
export const REQUESTS: Partial<Record<ApiCallName, Record<string, unknown>>> = {
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
  potPayout: { pot_id: 'pot_1' },
  potCreate: {
    pot_volume: 1_000_000,
    percentage: 10,
    raising_to: '2026-12-01T12:00:00Z',
    trade_from: '2026-12-02T12:00:00Z',
    trade_to: '2027-01-02T12:00:00Z',
    duration: 1,
    type: 'Over 1.5 auto-trade',
    manager: 'Musa Ibrahim',
    terms: 'Capital and result are paid on the due date.',
    managers_number: '2348031110003',
  },
  potResult: { pot_id: 'pot_1', result_percent: -2.5 },
  autoTradaSwitch: { enabled: false, reason: 'Paused for the regulator review' },
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
  settleGame: { game_id: 'g_1', status: 'Cut' },
  subscribe: {},
  saferPlayLimit: { kind: 'spend', period: 'day', amount: 5000 },
  saferPlayPause: { kind: 'break', duration: '7d', pin: '1234' },
  topupCheck: { amount: 5000 },
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
  potUpdate: {
    pot_id: 'pot_1',
    pot: {
      pot_volume: 2_000_000,
      percentage: 8,
      raising_to: '2026-12-01T12:00:00Z',
      trade_from: '2026-12-02T12:00:00Z',
      trade_to: '2027-01-02T12:00:00Z',
      duration: 1,
      type: 'Over 1.5 auto-trade',
      manager: 'Musa Ibrahim',
      terms: 'Capital and result are paid on the due date.',
      managers_number: '2348031110003',
    },
  },
  gameDispute: { game_id: 'g_1', reason: 'The code was already settled when I bought it' },
  disputeResolve: { dispute_id: 'u_123_g_1', note: 'Refunded: the code had started' },
};
/** Keys a request may leave out. */
export const OPTIONAL_REQUEST_KEYS: Partial<Record<ApiCallName, readonly string[]>> = {
  register: ['referral_code'],
  joinAutoTrada: ['referalCode', 'pin', 'acceptRisk'],
  autoTradaSwitch: ['reason'],
  buyOrGetGame: ['pin'],
  subscribe: ['pin'],
  blogCreate: ['image_url'],
  blogUpdate: ['title', 'body', 'image_url'],
  giftCardCreate: ['image_url'],
  giftCardUpdate: ['name', 'category_id', 'rate', 'image_url'],
  approveTransaction: ['action', 'reason'],
  userUpdate: ['first_name', 'can_post_game', 'must_change_password'],
};

const adminPot = {
  id: 'pot_1',
  status: 'Raising',
  pot_volume: 1_000_000,
  raised_amount: 0,
  investors_count: 0,
  percentage: 10,
  duration: 1,
  type: 'Over 1.5 auto-trade',
  manager: 'Musa Ibrahim',
  terms: 'Capital and result are paid on the due date.',
  managers_number: '2348031110003',
  created_at: NOW,
  raising_to: NOW,
  trade_from: NOW,
  trade_to: NOW,
  result_percent: null,
  editable: true,
  paid_count: 0,
};
const dispute = {
  id: 'u_123_g_1',
  game_id: 'g_1',
  game_title: 'Sunday banker',
  punter_name: 'tunde',
  user_id: 'u_123',
  user_email: 'ada@example.com',
  reason: 'The code was already settled when I bought it',
  status: 'open',
  note: null,
  created_at: NOW,
  resolved_at: null,
  resolved_by: null,
};
const saferPlayState = {
  limits: [{ kind: 'spend', period: 'day', amount: 5000, pending: { amount: 10000, effective_at: NOW }, used: 1200 }],
  pause: null,
};

const punterRecord = {
  username: 'tunde',
  games: 12,
  won: 8,
  lost: 4,
  win_rate: 66.7,
  roi: 12.5,
  paid_games: 6,
  streak: 3,
  punting_power: 59,
  is_new: false,
};

/** A valid success body for every call. */
export const RESPONSES: Record<ApiCallName, unknown> = {
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
  withdrawBlock: ok({ message: 'Sorry, we are still raising and you can not withdraw at the moment.' }),
  joinAutoTrada: ok({ transaction: { ...transaction, type: 'JOIN_AUTO_TRADA' }, balance: 0 }),
  potPayout: ok({ amount: 11_000, balance: 11_000 }),
  potCreate: ok({ id: 'pot_1' }),
  potResult: ok({ pot_id: 'pot_1', result: -2.5 }),
  autoTradaSwitch: ok({ enabled: false, reason: 'Paused for the regulator review' }),
  bettingCodes: ok([{ ...bettingCode, game_code: undefined }]),
  createCode: ok(bettingCode),
  buyOrGetGame: ok({ game: bettingCode, transaction: { ...transaction, type: 'BUY_GAME' } }),
  settleGame: ok({ game_id: 'g_1', status: 'Cut', refunded: 3, released: 0 }),
  punters: ok([punterRecord]),
  punterProfile: ok({ record: punterRecord, games: [{ ...bettingCode, game_code: undefined }] }),
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
  allLogs: paged([{ id: 'log_1', admin_id: 'u_admin', action: 'suspend', target: 'u_123', createdAt: NOW }]),
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
  allTransactions: paged([adminTransaction]),
  approveTransaction: ok({ ...adminTransaction, status: 'SUCCESS' }),
  pendingTransactions: ok([{ ...adminTransaction, status: 'PENDING' }]),
  cryptoUpdate: ok({ symbol: 'USDT', buy_rate: 1500, sell_rate: 1450.25, updatedAt: NOW }),
  subscribe: ok({ entry: { ...transaction, type: 'SUBSCRIPTION', amount: 2000 }, subscription_expires_at: NOW }),
  saferPlay: ok(saferPlayState),
  saferPlayLimit: ok(saferPlayState),
  saferPlayPause: ok({ ...saferPlayState, pause: { kind: 'break', until: NOW } }),
  topupCheck: okMessage,
  userProfile: ok({ ...profileData, avatar_url: 'https://example.com/f.png', has_pin: false, is_subscribed: false }),
  adminDelete: ok({ ...adminUser, role: 0 }),
  allUsers: paged([adminUserDetail]),
  userUpdate: ok({ ...adminUserDetail, must_change_password: true }),
  giftCardCategoryUpdate: ok({ id: 'cat_1', name: 'Apple', cards: [giftCard] }),
  cryptoRates: ok([{ symbol: 'USDT', buy_rate: 1500, sell_rate: 1450.25, updatedAt: NOW }]),
  userLedger: ok({
    user: adminUserDetail,
    balance: 5000.5,
    entries: [adminTransaction],
    entries_sum: 5000.5,
    consistent: true,
  }),
  dailyReport: ok({
    from: '2026-11-01',
    to: '2026-11-01',
    days: [
      {
        day: '2026-11-01',
        money_in: 60000,
        money_out: 1000,
        refunds: 500,
        pot_joins: 10000,
        pot_payouts: 0,
        subscriptions_count: 1,
        subscriptions_total: 2000,
      },
    ],
  }),
  giftCardCategories: ok([{ id: 'cat_1', name: 'Apple', cards: [giftCard] }]),
  adminPots: paged([adminPot]),
  adminPotParticipants: ok([
    {
      id: 'st_1',
      user_id: 'u_123',
      user_email: 'ada@example.com',
      name: 'Ada Obi',
      amount: 10000,
      status: 'Pending',
      payout: null,
      created_at: NOW,
    },
  ]),
  potUpdate: ok(adminPot),
  autoTradaState: ok({ enabled: true, reason: '' }),
  adminGames: paged([
    {
      id: 'g_1',
      title: 'Sunday banker',
      punter_name: 'tunde',
      user_id: 'u_9',
      platform: 'bet9ja',
      odd: 3.5,
      amount: 200,
      status: 'Pending',
      buyers_count: 3,
      createdAt: NOW,
    },
  ]),
  gameDispute: ok(dispute),
  adminDisputes: paged([dispute]),
  disputeResolve: ok({ ...dispute, status: 'resolved', note: 'Refunded', resolved_at: NOW, resolved_by: 'u_admin' }),
  adminSignals: paged([{ id: 's_1', title: 'Over 2.5', details: 'ARS v CHE', group: 'All', status: 'Active', created_at: NOW }]),
  adminUserSaferPlay: ok(saferPlayState),
};
