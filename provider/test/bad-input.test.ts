/**
 * Every endpoint gets bad input: missing fields, wrong types, negative, zero, huge and fractional
 * amounts, other users' ids, expired and unknown tokens, callers without the permission. Each answers
 * a clear error in SPEC section 8's shape with the right HTTP status, and nothing in the store changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS, type ApiCallName } from '@punter/core/api/calls';
import { buildApiPath } from '@punter/core/api/routes';
import { C } from '../src/collections';
import type { Provider } from '../src/provider';
import { sha256 } from '../src/secrets';
import { LIMITS_COLLECTION } from '../src/limits';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider, onboardedUser, sandboxPayment, topUp } from './helpers';

type Actor = 'user' | 'other' | 'admin' | 'punter' | 'seller' | 'none' | 'expired' | 'unknown';
interface Case {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  as: Actor;
  status: number;
  message?: string | RegExp;
}

const store = createMemoryStore();
let provider: Provider;
const tokens: Partial<Record<Actor, string>> = {};
const ids: Record<string, string> = {};
const key = { 'idempotency-key': 'bad-input-key-0001' };

beforeAll(async () => {
  provider = makeProvider({ store });
  const c = client(provider);
  const user = await onboardedUser(provider);
  const other = await onboardedUser(provider);
  const admin = await onboardedUser(provider);
  const punter = await onboardedUser(provider);
  const seller = await onboardedUser(provider);
  await store.update(C.users, admin.id, { role: 1 });
  await store.update(C.users, punter.id, { can_post_game: true });
  await store.update(C.users, seller.id, { can_post_game: true, can_monetize_game: true });
  await topUp(provider, user.token, user.email, 1_000);
  tokens.user = user.token;
  tokens.other = other.token;
  tokens.admin = admin.token;
  tokens.punter = punter.token;
  tokens.seller = seller.token;
  tokens.unknown = 'this-token-was-never-issued';
  tokens.expired = 'an-expired-token-0123456789';
  await store.set(C.tokens, sha256(tokens.expired), { user_id: user.id, created_at: 0, expires_at: Date.now() - 1 });
  ids.userBank = user.bankId;
  ids.otherBank = other.bankId;
  ids.userEmail = user.email;
  ids.userPhone = user.phone;
  ids.user = user.id;
  ids.other = other.id;
  ids.admin = admin.id;
  ids.adminEmail = admin.email;
  ids.payment = await sandboxPayment(provider, 500, user.email);
  ids.declined = await sandboxPayment(provider, 500, user.email, 'failed');
  ids.otherPayment = await sandboxPayment(provider, 500, other.email);
  const game = await c.call(
    'POST',
    '/api/v1/puntershub/create-code',
    {
      odd: '2.5',
      title: 'Banker',
      game_code: 'ABC123',
      platform: 'bet9ja',
      amount: 0,
      startDate: '2099-11-22T18:00',
      endDate: '2099-11-22T21:00',
    },
    punter.token,
  );
  ids.game = (game.body.data as { id: string }).id;
  const priced = await c.call(
    'POST',
    '/api/v1/puntershub/create-code',
    {
      odd: '3.1',
      title: 'Priced banker',
      game_code: 'PRICED500',
      platform: 'sportybet',
      amount: 500,
      startDate: '2099-11-22T18:00',
      endDate: '2099-11-22T21:00',
    },
    seller.token,
  );
  ids.pricedGame = (priced.body.data as { id: string }).id;
  const blog = await c.call(
    'POST',
    '/api/v1/blog/create',
    { title: 'Staking 101', body: 'Never stake more than you can lose.' },
    admin.token,
  );
  ids.blog = (blog.body.data as { id: string }).id;
  const card = await c.call('POST', '/api/v1/giftcards/create', { name: 'iTunes', category_id: 'apple', rate: 650 }, admin.token);
  ids.card = (card.body.data as { id: string }).id;
  if (!ids.pricedGame || !ids.blog || !ids.card) throw new Error('setup failed');
  await store.set('trading_pots', 'pot-1', {
    id: 'pot-1',
    pot_volume: 100_000,
    raised_amount: 0,
    investors_count: 0,
    percentage: 10,
    status: 'Raising',
    duration: 1,
  });
});

const amounts: Array<[string, unknown, string]> = [
  ['negative', -100, 'Amount must be greater than 0'],
  ['zero', 0, 'Amount must be greater than 0'],
  ['huge', 1e13, 'Amount must not be more than ₦1,000,000,000'],
  ['fractional kobo', 10.555, 'Amount can have at most 2 decimal places'],
  ['a string', '100', 'Amount must be a number'],
  ['NaN-like null', null, 'Amount must be a number'],
];

const escape = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
/** One case per kind of bad amount, for a body whose `field` carries the amount. */
function amountCases(what: string, base: Omit<Case, 'name' | 'status' | 'message'>, field: string): Case[] {
  return amounts.map(([kind, amount, message]): Case => ({
    ...base,
    name: `${what} with a ${kind} ${field}`,
    body: { ...(base.body as Record<string, unknown>), [field]: amount },
    status: 400,
    message: escape(message),
  }));
}
const GAME_PRICE = 'Price must be 0, 100, 200 or 500';
const longText = (n: number) => 'x'.repeat(n);

const cases: Case[] = [
  // public calls
  { name: 'login without fields', method: 'POST', path: '/api/v1/user/login', body: {}, as: 'none', status: 400 },
  {
    name: 'login with a number email',
    method: 'POST',
    path: '/api/v1/user/login',
    body: { email: 5, password: 'x' },
    as: 'none',
    status: 400,
  },
  {
    // A problem our schemas leave to zod's own wording: core's schemas are zod/mini, which has none; the
    // provider speaks classic zod's English.
    name: "login with a body that is not an object, in zod's English",
    method: 'POST',
    path: '/api/v1/user/login',
    body: 'not an object',
    as: 'none',
    status: 400,
    message: 'Invalid input: expected object, received string',
  },
  {
    name: 'login unknown user',
    method: 'POST',
    path: '/api/v1/user/login',
    body: { email: 'nobody@example.com', password: 'whatever1' },
    as: 'none',
    status: 400,
    message: 'Invalid email or password',
  },
  { name: 'register without body', method: 'POST', path: '/api/v1/user/register', as: 'none', status: 400 },
  {
    name: 'register with a bad referral code',
    method: 'POST',
    path: '/api/v1/user/register',
    as: 'none',
    status: 400,
    message: 'The referral code is not valid',
    body: {
      email: 'fresh@example.com',
      password: 'long enough',
      first_name: 'A',
      last_name: 'B',
      username: 'freshname',
      phone_number: '08099999999',
      device_type: 'WEB',
      device_token: 't',
      referral_code: 'NOSUCHCODE',
      marketing_channel: 'Others',
      gender: 'male',
      country: 'Nigeria',
      avatar_url: 'https://example.com/a.png',
    },
  },
  {
    name: 'otp request for another phone',
    method: 'POST',
    path: '/api/v1/otp/request',
    as: 'none',
    status: 400,
    body: { email: '', phone_number: '08012345678', otpType: 'PHONE-VERIFICATION' },
  },
  {
    name: 'otp verify with a wrong type',
    method: 'POST',
    path: '/api/v1/otp/verify',
    as: 'none',
    status: 400,
    body: { otp: 1234, otpType: 'PHONE-VERIFICATION', email: 'a@b.co' },
  },
  {
    name: 'reset without otp',
    method: 'POST',
    path: '/api/v1/user/password/reset',
    as: 'none',
    status: 400,
    body: { email: 'a@b.co', password: 'long enough' },
  },
  // PIN
  {
    name: 'pin set as a number',
    method: 'POST',
    path: '/api/v1/user/pin/set',
    body: { pin: 1234 },
    as: 'user',
    status: 400,
    message: /PIN must be 4 digits/,
  },
  {
    name: 'pin set with 5 digits',
    method: 'POST',
    path: '/api/v1/user/pin/set',
    body: { pin: '12345' },
    as: 'user',
    status: 400,
  },
  {
    name: 'pin set twice',
    method: 'POST',
    path: '/api/v1/user/pin/set',
    body: { pin: '9999' },
    as: 'user',
    status: 409,
    message: 'You already have a transaction PIN',
  },
  {
    name: 'pin verify without device token',
    method: 'POST',
    path: '/api/v1/user/pin/verify',
    body: { pin: '1234' },
    as: 'user',
    status: 400,
  },
  // banks
  {
    name: 'bank verify with 9 digits',
    method: 'POST',
    path: '/api/v1/user/bank/verify',
    body: { account_number: '012345678', bank_code: '044' },
    as: 'user',
    status: 400,
    message: /Account number must be 10 digits/,
  },
  {
    name: 'bank verify with a number',
    method: 'POST',
    path: '/api/v1/user/bank/verify',
    body: { account_number: 123456789, bank_code: '044' },
    as: 'user',
    status: 400,
  },
  {
    name: 'bank verify with an unknown bank',
    method: 'POST',
    path: '/api/v1/user/bank/verify',
    body: { account_number: '0123456789', bank_code: '999' },
    as: 'user',
    status: 400,
    message: 'Please choose a valid bank',
  },
  {
    name: 'bank verify of an unknown account',
    method: 'POST',
    path: '/api/v1/user/bank/verify',
    body: { account_number: '9990000000', bank_code: '044' },
    as: 'user',
    status: 404,
  },
  {
    name: 'bank add with a made-up name',
    method: 'POST',
    path: '/api/v1/user/bank/add',
    body: { bank_name: 'Access Bank', account_name: 'SOMEONE ELSE', code: '044', account_number: '0123456700' },
    as: 'user',
    status: 400,
    message: "The account name does not match the bank's records",
  },
  { name: 'bank add without fields', method: 'POST', path: '/api/v1/user/bank/add', body: {}, as: 'user', status: 400 },
  // top-up
  ...amounts.map(([what, amount, message]): Case => ({
    name: `top-up with a ${what} amount`,
    method: 'POST',
    path: '/api/v1/user/topup',
    body: { transaction_id: 'abc', expectedAmount: amount, expectedCurrency: 'NGN' },
    as: 'user',
    status: 400,
    message: new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  })),
  {
    name: 'top-up in dollars',
    method: 'POST',
    path: '/api/v1/user/topup',
    body: { transaction_id: 'abc', expectedAmount: 500, expectedCurrency: 'USD' },
    as: 'user',
    status: 400,
  },
  {
    name: 'top-up of an unknown payment',
    method: 'POST',
    path: '/api/v1/user/topup',
    body: { transaction_id: 'nope123', expectedAmount: 500, expectedCurrency: 'NGN' },
    as: 'user',
    status: 400,
    message: /^Transaction verification failed\. Please try again\./,
  },
  {
    name: 'top-up with the wrong amount',
    method: 'POST',
    path: '/api/v1/user/topup',
    body: { transaction_id: '__payment__', expectedAmount: 5000, expectedCurrency: 'NGN' },
    as: 'user',
    status: 400,
    message: /amount does not match/,
  },
  {
    name: 'top-up of a declined payment',
    method: 'POST',
    path: '/api/v1/user/topup',
    body: { transaction_id: '__declined__', expectedAmount: 500, expectedCurrency: 'NGN' },
    as: 'user',
    status: 400,
    message: /not successful/,
  },
  {
    name: "top-up with another customer's payment",
    method: 'POST',
    path: '/api/v1/user/topup',
    body: { transaction_id: '__otherPayment__', expectedAmount: 500, expectedCurrency: 'NGN' },
    as: 'user',
    status: 400,
    message: /another customer/,
  },
  {
    name: 'top-up with an injection-like id',
    method: 'POST',
    path: '/api/v1/user/topup',
    body: { transaction_id: '../../x', expectedAmount: 500, expectedCurrency: 'NGN' },
    as: 'user',
    status: 400,
  },
  // withdrawal
  ...amounts.map(([what, amount, message]): Case => ({
    name: `withdraw a ${what} amount`,
    method: 'POST',
    path: '/api/v1/user/wallet/withdraw',
    body: { destination_account: '__userBank__', amount, pin: '1234' },
    headers: key,
    as: 'user',
    status: 400,
    message: new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  })),
  {
    name: 'withdraw more than the balance',
    method: 'POST',
    path: '/api/v1/user/wallet/withdraw',
    body: { destination_account: '__userBank__', amount: 1000.01, pin: '1234' },
    headers: key,
    as: 'user',
    status: 400,
    message: 'Insufficient funds',
  },
  {
    name: "withdraw to another user's bank",
    method: 'POST',
    path: '/api/v1/user/wallet/withdraw',
    body: { destination_account: '__otherBank__', amount: 10, pin: '1234' },
    headers: key,
    as: 'user',
    status: 404,
    message: /Bank account not found/,
  },
  {
    name: 'withdraw without an idempotency key',
    method: 'POST',
    path: '/api/v1/user/wallet/withdraw',
    body: { destination_account: '__userBank__', amount: 10, pin: '1234' },
    as: 'user',
    status: 400,
    message: /Idempotency-Key/,
  },
  {
    name: 'withdraw without a PIN',
    method: 'POST',
    path: '/api/v1/user/wallet/withdraw',
    body: { destination_account: '__userBank__', amount: 10 },
    headers: key,
    as: 'user',
    status: 400,
  },
  // pots, games, subscription
  {
    name: 'join a pot without a subscription',
    method: 'POST',
    path: '/api/v1/user/join-auto-trada',
    body: { amount: 10_000, pot_id: 'pot-1' },
    headers: key,
    as: 'user',
    status: 403,
    message: /subscription/,
  },
  ...amountCases(
    'join a pot',
    { method: 'POST', path: '/api/v1/user/join-auto-trada', body: { pot_id: 'pot-1' }, headers: key, as: 'user' },
    'amount',
  ),
  {
    name: 'join a pot without a pot id',
    method: 'POST',
    path: '/api/v1/user/join-auto-trada',
    body: { amount: 10_000 },
    headers: key,
    as: 'user',
    status: 400,
    message: /^pot_id: /,
  },
  {
    name: 'join a pot with a number pot id',
    method: 'POST',
    path: '/api/v1/user/join-auto-trada',
    body: { amount: 10_000, pot_id: 1 },
    headers: key,
    as: 'user',
    status: 400,
    message: 'pot_id: Id must be a string',
  },
  {
    name: 'collect a pot payout without a pot id',
    method: 'POST',
    path: '/api/v1/user/pot-payout',
    body: {},
    headers: key,
    as: 'user',
    status: 400,
    message: /^pot_id: /,
  },
  {
    name: 'join a pot accepting the risk with something other than true',
    method: 'POST',
    path: '/api/v1/user/join-auto-trada',
    body: { amount: 10_000, pot_id: 'pot-1', acceptRisk: 'yes' },
    headers: key,
    as: 'user',
    status: 400,
    message: /^acceptRisk: /,
  },
  {
    name: 'join a pot without an idempotency key',
    method: 'POST',
    path: '/api/v1/user/join-auto-trada',
    body: { amount: 10_000, pot_id: 'pot-1' },
    as: 'user',
    status: 400,
    message: /Idempotency-Key/,
  },
  {
    name: 'subscribe with too little money',
    method: 'POST',
    path: '/api/v1/user/subscribe',
    body: {},
    headers: key,
    as: 'user',
    status: 400,
    message: 'Insufficient funds',
  },
  {
    name: 'subscribe without an idempotency key',
    method: 'POST',
    path: '/api/v1/user/subscribe',
    body: {},
    as: 'user',
    status: 400,
    message: /Idempotency-Key/,
  },
  {
    name: 'post a code without permission',
    method: 'POST',
    path: '/api/v1/puntershub/create-code',
    body: {
      odd: '2.5',
      title: 'x',
      game_code: 'Y',
      platform: 'bet9ja',
      amount: 0,
      startDate: '2099-11-22T18:00',
      endDate: '2099-11-22T21:00',
    },
    as: 'user',
    status: 403,
  },
  {
    name: 'post a priced code without can_monetize_game',
    method: 'POST',
    path: '/api/v1/puntershub/create-code',
    body: {
      odd: '2.5',
      title: 'x',
      game_code: 'Y',
      platform: 'bet9ja',
      amount: 500,
      startDate: '2099-11-22T18:00',
      endDate: '2099-11-22T21:00',
    },
    as: 'punter',
    status: 400,
    message: /Price must be 0/,
  },
  {
    name: 'post a code with bad odds',
    method: 'POST',
    path: '/api/v1/puntershub/create-code',
    body: {
      odd: '2,5',
      title: 'x',
      game_code: 'Y',
      platform: 'bet9ja',
      amount: 0,
      startDate: '2099-11-22T18:00',
      endDate: '2099-11-22T21:00',
    },
    as: 'punter',
    status: 400,
    message: /Please enter a valid float value \(e\.g\., 3\.50\)/,
  },
  {
    name: 'buy an unknown game',
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { game_id: 'nope', amount: 0 },
    headers: key,
    as: 'user',
    status: 404,
  },
  {
    name: 'buy a game at the wrong price',
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { game_id: '__game__', amount: 100 },
    headers: key,
    as: 'user',
    status: 400,
  },
  {
    name: 'buy a game with a negative amount',
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { game_id: '__game__', amount: -1 },
    headers: key,
    as: 'user',
    status: 400,
  },
  ...(
    [
      ['negative', -500],
      ['huge', 1e13],
      ['fractional', 499.999],
      ['a string', '500'],
      ['null', null],
    ] as const
  ).map(([kind, amount]): Case => ({
    name: `buy a priced game with a ${kind} amount`,
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { game_id: '__pricedGame__', amount },
    headers: key,
    as: 'user',
    status: 400,
    message: `amount: ${GAME_PRICE}`,
  })),
  {
    name: 'buy a priced game for zero',
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { game_id: '__pricedGame__', amount: 0 },
    headers: key,
    as: 'user',
    status: 400,
    message: 'The amount does not match the price of this game',
  },
  {
    name: 'buy a priced game for a lower price',
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { game_id: '__pricedGame__', amount: 100 },
    headers: key,
    as: 'user',
    status: 400,
    message: 'The amount does not match the price of this game',
  },
  {
    name: 'buy a game without a game id',
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { amount: 0 },
    headers: key,
    as: 'user',
    status: 400,
    message: /^game_id: /,
  },
  {
    name: 'buy a game without an idempotency key',
    method: 'POST',
    path: '/api/v1/puntershub/buy-or-get-game',
    body: { game_id: '__pricedGame__', amount: 500 },
    as: 'user',
    status: 400,
    message: /Idempotency-Key/,
  },
  { name: 'games for an unknown country', method: 'GET', path: '/games?country=Narnia', as: 'user', status: 400 },
  // admin calls with bad bodies
  { name: 'approve without an id', method: 'PUT', path: '/api/v1/transactions/approve', body: {}, as: 'admin', status: 400 },
  {
    name: 'create a pot whose manager number is not a phone number',
    method: 'POST',
    path: '/api/v1/admin/pots/create',
    body: {
      pot_volume: 1_000_000,
      percentage: 10,
      raising_to: '2030-01-01T00:00:00Z',
      trade_from: '2030-01-02T00:00:00Z',
      trade_to: '2030-02-02T00:00:00Z',
      duration: 1,
      type: 'Over 1.5',
      manager: 'Musa',
      terms: 'Terms',
      managers_number: 'call me',
    },
    as: 'admin',
    status: 400,
    message: 'managers_number: managers_number must be a phone number',
  },
  {
    name: 'book a pot result that is not a number',
    method: 'POST',
    path: '/api/v1/admin/pots/result',
    body: { pot_id: 'pot-1', result_percent: '10%' },
    as: 'admin',
    status: 400,
    message: 'result_percent: result_percent must be a number',
  },
  {
    name: 'switch Auto-Trada without saying on or off',
    method: 'PUT',
    path: '/api/v1/admin/auto-trada',
    body: {},
    as: 'admin',
    status: 400,
  },
  {
    name: 'approve an unknown transaction',
    method: 'PUT',
    path: '/api/v1/transactions/approve',
    body: { transaction_id: 'nope' },
    as: 'admin',
    status: 404,
  },
  {
    name: 'suspend an unknown user',
    method: 'PUT',
    path: '/api/v1/users/suspend-account',
    body: { user_id: 'nope' },
    as: 'admin',
    status: 404,
  },
  {
    name: 'suspend without a user id',
    method: 'PUT',
    path: '/api/v1/users/suspend-account',
    body: {},
    as: 'admin',
    status: 400,
    message: /^user_id: /,
  },
  {
    name: 'suspend yourself',
    method: 'PUT',
    path: '/api/v1/users/suspend-account',
    body: { user_id: '__admin__' },
    as: 'admin',
    status: 400,
    message: 'You cannot suspend your own account',
  },
  // admin/batch/create
  {
    name: 'batch create without fields',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: {},
    as: 'admin',
    status: 400,
    message: /^creator_name: Creator name is required/,
  },
  {
    name: 'batch create with a number email',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: { creator_name: 'Ada', creator_email: 42, creator_phone_number: '08031234567', admin_id: '__admin__' },
    as: 'admin',
    status: 400,
    message: 'creator_email: Please enter a valid email address',
  },
  {
    name: 'batch create with a bad phone',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: { creator_name: 'Ada', creator_email: 'ada@example.com', creator_phone_number: '12345', admin_id: '__admin__' },
    as: 'admin',
    status: 400,
    message: 'creator_phone_number: Please enter a valid phone number',
  },
  {
    name: 'batch create with a number admin id',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: { creator_name: 'Ada', creator_email: 'ada@example.com', creator_phone_number: '08031234567', admin_id: 7 },
    as: 'admin',
    status: 400,
    message: 'admin_id: Id must be a string',
  },
  {
    name: 'batch create with a blank name',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: { creator_name: '   ', creator_email: 'ada@example.com', creator_phone_number: '08031234567', admin_id: '__admin__' },
    as: 'admin',
    status: 400,
    message: 'creator_name: Creator name is required',
  },
  {
    name: 'batch create with a huge name',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: {
      creator_name: longText(121),
      creator_email: 'ada@example.com',
      creator_phone_number: '08031234567',
      admin_id: '__admin__',
    },
    as: 'admin',
    status: 400,
    message: 'creator_name: Creator name must not be more than 120 characters',
  },
  {
    name: 'batch create for an unknown admin id',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: {
      creator_name: 'Ada',
      creator_email: 'ada@example.com',
      creator_phone_number: '08031234567',
      admin_id: 'no-such-user',
    },
    as: 'admin',
    status: 404,
    message: 'Admin not found',
  },
  {
    name: 'batch create for a user who is not an admin',
    method: 'POST',
    path: '/api/v1/admin/batch/create',
    body: { creator_name: 'Ada', creator_email: 'ada@example.com', creator_phone_number: '08031234567', admin_id: '__user__' },
    as: 'admin',
    status: 400,
    message: 'admin_id: This user is not an admin',
  },
  // admin/create
  {
    name: 'admin create without an email',
    method: 'POST',
    path: '/api/v1/admin/create',
    body: {},
    as: 'admin',
    status: 400,
    message: 'email: Please enter a valid email address',
  },
  {
    name: 'admin create with a number email',
    method: 'POST',
    path: '/api/v1/admin/create',
    body: { email: 42 },
    as: 'admin',
    status: 400,
    message: 'email: Please enter a valid email address',
  },
  {
    name: 'admin create for an unknown email',
    method: 'POST',
    path: '/api/v1/admin/create',
    body: { email: 'nobody@example.com' },
    as: 'admin',
    status: 404,
    message: 'No account found with this email',
  },
  {
    name: 'admin create for an admin already',
    method: 'POST',
    path: '/api/v1/admin/create',
    body: { email: '__adminEmail__' },
    as: 'admin',
    status: 409,
    message: 'This user is already an admin',
  },
  // users/activate
  {
    name: 'activate without a user id',
    method: 'PUT',
    path: '/api/v1/users/activate',
    body: {},
    as: 'admin',
    status: 400,
    message: /^user_id: /,
  },
  {
    name: 'activate with a number user id',
    method: 'PUT',
    path: '/api/v1/users/activate',
    body: { user_id: 12 },
    as: 'admin',
    status: 400,
    message: 'user_id: Id must be a string',
  },
  {
    name: 'activate a blank user id',
    method: 'PUT',
    path: '/api/v1/users/activate',
    body: { user_id: '  ' },
    as: 'admin',
    status: 400,
    message: 'user_id: Id is required',
  },
  {
    name: 'activate an unknown user',
    method: 'PUT',
    path: '/api/v1/users/activate',
    body: { user_id: 'nope' },
    as: 'admin',
    status: 404,
    message: 'User not found',
  },
  // blog/create and blog/update
  {
    name: 'blog create without fields',
    method: 'POST',
    path: '/api/v1/blog/create',
    body: {},
    as: 'admin',
    status: 400,
    message: 'title: Title is required',
  },
  {
    name: 'blog create without a body',
    method: 'POST',
    path: '/api/v1/blog/create',
    body: { title: 'A title' },
    as: 'admin',
    status: 400,
    message: 'body: Body is required',
  },
  {
    name: 'blog create with a number title',
    method: 'POST',
    path: '/api/v1/blog/create',
    body: { title: 5, body: 'text' },
    as: 'admin',
    status: 400,
    message: 'title: Title is required',
  },
  {
    name: 'blog create with a huge title',
    method: 'POST',
    path: '/api/v1/blog/create',
    body: { title: longText(201), body: 'text' },
    as: 'admin',
    status: 400,
    message: 'title: Title must not be more than 200 characters',
  },
  {
    name: 'blog create with a javascript: image',
    method: 'POST',
    path: '/api/v1/blog/create',
    body: { title: 'A title', body: 'text', image_url: 'javascript:alert(1)' },
    as: 'admin',
    status: 400,
    message: /^image_url: /,
  },
  {
    name: 'blog update without an id',
    method: 'PUT',
    path: '/api/v1/blog/update',
    body: { title: 'New' },
    as: 'admin',
    status: 400,
    message: /^id: /,
  },
  {
    name: 'blog update of an unknown blog',
    method: 'PUT',
    path: '/api/v1/blog/update',
    body: { id: 'nope', title: 'New' },
    as: 'admin',
    status: 404,
    message: 'Blog not found',
  },
  {
    name: 'blog update with a blank title',
    method: 'PUT',
    path: '/api/v1/blog/update',
    body: { id: '__blog__', title: '  ' },
    as: 'admin',
    status: 400,
    message: 'title: Title is required',
  },
  {
    name: 'blog update with a number body',
    method: 'PUT',
    path: '/api/v1/blog/update',
    body: { id: '__blog__', body: 12 },
    as: 'admin',
    status: 400,
    message: 'body: Body is required',
  },
  {
    name: 'blog update with a data: image',
    method: 'PUT',
    path: '/api/v1/blog/update',
    body: { id: '__blog__', image_url: 'data:text/html,hi' },
    as: 'admin',
    status: 400,
    message: /^image_url: /,
  },
  // gift cards
  ...amountCases(
    'gift card create',
    { method: 'POST', path: '/api/v1/giftcards/create', body: { name: 'Steam', category_id: 'games' }, as: 'admin' },
    'rate',
  ),
  {
    name: 'gift card create without a name',
    method: 'POST',
    path: '/api/v1/giftcards/create',
    body: { category_id: 'games', rate: 500 },
    as: 'admin',
    status: 400,
    message: 'name: Name is required',
  },
  {
    name: 'gift card create without a category',
    method: 'POST',
    path: '/api/v1/giftcards/create',
    body: { name: 'Steam', rate: 500 },
    as: 'admin',
    status: 400,
    message: /^category_id: /,
  },
  ...amountCases(
    'gift card update',
    { method: 'POST', path: '/api/v1/giftcards/update', body: { id: '__card__' }, as: 'admin' },
    'rate',
  ),
  {
    name: 'gift card update without an id',
    method: 'POST',
    path: '/api/v1/giftcards/update',
    body: { rate: 700 },
    as: 'admin',
    status: 400,
    message: /^id: /,
  },
  {
    name: 'gift card update of an unknown card',
    method: 'POST',
    path: '/api/v1/giftcards/update',
    body: { id: 'nope', rate: 700 },
    as: 'admin',
    status: 404,
    message: 'Card not found',
  },
  {
    name: 'gift card update with a number name',
    method: 'POST',
    path: '/api/v1/giftcards/update',
    body: { id: '__card__', name: 3 },
    as: 'admin',
    status: 400,
    message: 'name: Name is required',
  },
  {
    name: 'gift card update with a blank category',
    method: 'POST',
    path: '/api/v1/giftcards/update',
    body: { id: '__card__', category_id: ' ' },
    as: 'admin',
    status: 400,
    message: 'category_id: Id is required',
  },
  {
    name: 'gift card delete without an id',
    method: 'DELETE',
    path: '/api/v1/giftcards/delete',
    body: {},
    as: 'admin',
    status: 400,
    message: /^id: /,
  },
  {
    name: 'gift card delete with a number id',
    method: 'DELETE',
    path: '/api/v1/giftcards/delete',
    body: { id: 1 },
    as: 'admin',
    status: 400,
    message: 'id: Id must be a string',
  },
  {
    name: 'gift card delete of an unknown card',
    method: 'DELETE',
    path: '/api/v1/giftcards/delete',
    body: { id: 'nope' },
    as: 'admin',
    status: 404,
    message: 'Card not found',
  },
  {
    name: 'gift card category that does not exist',
    method: 'GET',
    path: '/api/v1/giftcards/categories/no-such-category',
    as: 'admin',
    status: 404,
    message: 'Category not found',
  },
  // crypto rates
  ...amountCases(
    'crypto update',
    { method: 'PUT', path: '/api/v1/crypto/update', body: { symbol: 'BTC', sell_rate: 1000 }, as: 'admin' },
    'buy_rate',
  ),
  ...amountCases(
    'crypto update',
    { method: 'PUT', path: '/api/v1/crypto/update', body: { symbol: 'BTC', buy_rate: 1000 }, as: 'admin' },
    'sell_rate',
  ),
  {
    name: 'crypto with a lowercase symbol',
    method: 'PUT',
    path: '/api/v1/crypto/update',
    body: { symbol: 'btc', buy_rate: 1, sell_rate: 1 },
    as: 'admin',
    status: 400,
  },
  {
    name: 'crypto without fields',
    method: 'PUT',
    path: '/api/v1/crypto/update',
    body: {},
    as: 'admin',
    status: 400,
    message: /^symbol: /,
  },
  {
    name: 'crypto with a number symbol',
    method: 'PUT',
    path: '/api/v1/crypto/update',
    body: { symbol: 42, buy_rate: 1, sell_rate: 1 },
    as: 'admin',
    status: 400,
    message: /^symbol: /,
  },
  { name: 'delete a blog without its id header', method: 'DELETE', path: '/api/v1/blog/delete', as: 'admin', status: 400 },
  // transactions/approve with a decline
  {
    name: 'settle with an unknown action',
    method: 'PUT',
    path: '/api/v1/transactions/approve',
    body: { transaction_id: 'nope', action: 'refund' },
    as: 'admin',
    status: 400,
    message: "action: Action must be 'approve' or 'decline'",
  },
  {
    name: 'decline with an empty reason',
    method: 'PUT',
    path: '/api/v1/transactions/approve',
    body: { transaction_id: 'nope', action: 'decline', reason: '  ' },
    as: 'admin',
    status: 400,
    message: 'reason: Reason must not be empty',
  },
  {
    name: 'decline with a huge reason',
    method: 'PUT',
    path: '/api/v1/transactions/approve',
    body: { transaction_id: 'nope', action: 'decline', reason: longText(201) },
    as: 'admin',
    status: 400,
    message: 'reason: Reason must not be more than 200 characters',
  },
  {
    name: 'decline an unknown transaction',
    method: 'PUT',
    path: '/api/v1/transactions/approve',
    body: { transaction_id: 'nope', action: 'decline' },
    as: 'admin',
    status: 404,
  },
  // admin/delete (removes the admin role)
  {
    name: 'admin delete without a user id',
    method: 'DELETE',
    path: '/api/v1/admin/delete',
    body: {},
    as: 'admin',
    status: 400,
    message: /^user_id: /,
  },
  {
    name: 'admin delete with a number user id',
    method: 'DELETE',
    path: '/api/v1/admin/delete',
    body: { user_id: 3 },
    as: 'admin',
    status: 400,
    message: 'user_id: Id must be a string',
  },
  {
    name: 'admin delete of yourself',
    method: 'DELETE',
    path: '/api/v1/admin/delete',
    body: { user_id: '__admin__' },
    as: 'admin',
    status: 400,
    message: 'You cannot remove your own admin role',
  },
  {
    name: 'admin delete of an unknown user',
    method: 'DELETE',
    path: '/api/v1/admin/delete',
    body: { user_id: 'nope' },
    as: 'admin',
    status: 404,
    message: 'User not found',
  },
  {
    name: 'admin delete of a user who is not an admin',
    method: 'DELETE',
    path: '/api/v1/admin/delete',
    body: { user_id: '__user__' },
    as: 'admin',
    status: 409,
    message: 'This user is not an admin',
  },
  // users/update
  {
    name: 'user update without a user id',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { first_name: 'Ada' },
    as: 'admin',
    status: 400,
    message: /^user_id: /,
  },
  {
    name: 'user update of an unknown user',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { user_id: 'nope', first_name: 'Ada' },
    as: 'admin',
    status: 404,
    message: 'User not found',
  },
  {
    name: 'user update with a string flag',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { user_id: '__user__', can_post_signal: 'true' },
    as: 'admin',
    status: 400,
    message: 'can_post_signal: can_post_signal must be true or false',
  },
  {
    name: 'user update granting a role',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { user_id: '__user__', role: 1 },
    as: 'admin',
    status: 400,
  },
  {
    name: 'user update with a blank first name',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { user_id: '__user__', first_name: ' ' },
    as: 'admin',
    status: 400,
    message: 'first_name: First name is required',
  },
  {
    name: 'user update clearing must_change_password',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { user_id: '__user__', must_change_password: false },
    as: 'admin',
    status: 400,
    message: 'must_change_password: must_change_password can only be set to true',
  },
  {
    name: 'user update monetizing without posting',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { user_id: '__user__', can_monetize_game: true },
    as: 'admin',
    status: 400,
    message: 'can_monetize_game needs can_post_game',
  },
  {
    name: 'user update forcing your own password change',
    method: 'PUT',
    path: '/api/v1/users/update',
    body: { user_id: '__admin__', must_change_password: true },
    as: 'admin',
    status: 400,
    message: /^You cannot force a password change on your own account/,
  },
  // giftcards/update_category
  {
    name: 'category update without fields',
    method: 'POST',
    path: '/api/v1/giftcards/update_category',
    body: {},
    as: 'admin',
    status: 400,
    message: /^id: /,
  },
  {
    name: 'category update without a name',
    method: 'POST',
    path: '/api/v1/giftcards/update_category',
    body: { id: 'apple' },
    as: 'admin',
    status: 400,
    message: 'name: Name is required',
  },
  {
    name: 'category update with a number name',
    method: 'POST',
    path: '/api/v1/giftcards/update_category',
    body: { id: 'apple', name: 9 },
    as: 'admin',
    status: 400,
    message: 'name: Name is required',
  },
  {
    name: 'category update with a huge name',
    method: 'POST',
    path: '/api/v1/giftcards/update_category',
    body: { id: 'apple', name: longText(121) },
    as: 'admin',
    status: 400,
    message: 'name: Name must not be more than 120 characters',
  },
  { name: 'unknown route', method: 'GET', path: '/api/v1/nothing/here', as: 'user', status: 404 },
];

function resolve(value: unknown): unknown {
  if (typeof value === 'string' && /^__\w+__$/.test(value)) return ids[value.slice(2, -2)];
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  return value;
}

/** The whole store, or all of it but one collection; never the abuse-limit counters (every public call counts). */
function snapshot(except?: string): string {
  const skipped = [except, LIMITS_COLLECTION, C.loginGuards].filter((c) => c !== undefined);
  const entries = [...store.dump().entries()].filter(([k]) => !skipped.some((c) => k.startsWith(`${c}\u0000`)));
  return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
}

describe('bad input on every endpoint', () => {
  it.each(cases)('$name -> $status', async (tc) => {
    const before = snapshot();
    const token = tc.as === 'none' ? undefined : tokens[tc.as];
    const res = await client(provider).call(tc.method, tc.path, resolve(tc.body), token, tc.headers ?? {});
    expect(res.status).toBe(tc.status);
    expect(res.body.status).toBe(false);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(res.body.error?.[0]?.message).toBeTypeOf('string');
    if (typeof tc.message === 'string') expect(res.body.message).toBe(tc.message);
    else if (tc.message) expect(res.body.message).toMatch(tc.message);
    // Wrong PIN tries and OTP sends are recorded on purpose; none of these cases reach them.
    expect(snapshot()).toBe(before);
  });

  it('a wrong PIN on withdraw answers how many tries are left and debits nothing; only the try is counted', async () => {
    const c = client(provider);
    const payer = await onboardedUser(provider);
    await topUp(provider, payer.token, payer.email, 800);
    const before = new Map([...store.dump()].map(([k, v]) => [k, JSON.stringify(v)]));
    const wrong = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: payer.bankId, amount: 500, pin: '4321' },
      payer.token,
      { 'idempotency-key': 'wrong-pin-key-0001' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      status: false,
      message: 'Incorrect PIN. You have 4 attempts left.',
      error: [{ message: 'Incorrect PIN. You have 4 attempts left.' }],
    });
    const changed = [...store.dump()].filter(([k, v]) => before.get(k) !== JSON.stringify(v)).map(([k]) => k);
    expect(changed).toEqual([`${C.users}\u0000${payer.id}`]);
    const user = (await store.get(C.users, payer.id))!;
    expect(user.pin_failed).toBe(1);
    const wallet = await c.call('GET', '/api/v1/user/naira-wallet', undefined, payer.token);
    expect((wallet.body.data as { balance: number }).balance).toBe(800);
    // The key was not used up by the refused try: the right PIN with the same key withdraws once.
    const right = await c.call(
      'POST',
      '/api/v1/user/wallet/withdraw',
      { destination_account: payer.bankId, amount: 500, pin: '1234' },
      payer.token,
      { 'idempotency-key': 'wrong-pin-key-0001' },
    );
    expect(right.status).toBe(200);
    const after = await c.call('GET', '/api/v1/user/naira-wallet', undefined, payer.token);
    expect((after.body.data as { balance: number }).balance).toBe(300);
  });

  const protectedCalls = (Object.keys(API_CALLS) as ApiCallName[]).filter((n) => API_CALLS[n].auth !== 'none');
  it.each(protectedCalls)("%s refuses expired, unknown and missing tokens with 401 and SPEC's message", async (name) => {
    const call = API_CALLS[name];
    const path = buildApiPath(name, { id: 'x' });
    for (const actor of ['expired', 'unknown', 'none'] as const) {
      const before = snapshot();
      const res = await client(provider).call(call.method, path, {}, actor === 'none' ? undefined : tokens[actor]);
      expect([actor, res.status, res.body.message]).toEqual([actor, 401, 'Token is expired or invalid.']);
      expect(snapshot()).toBe(before);
    }
  });

  const adminCalls = (Object.keys(API_CALLS) as ApiCallName[]).filter((n) => API_CALLS[n].auth === 'admin');
  it.each(adminCalls)(
    '%s is for role 1 only: 403 for an ordinary user, and only the refusal is counted (in the audit log)',
    async (name) => {
      const call = API_CALLS[name];
      // One entry per user and window (issue 31 item 8): each refusal raises its count and names the last call.
      const latestRefusal = () =>
        [...store.dump()]
          .filter(([k, v]) => k.startsWith(`${C.audit}\u0000`) && v.admin_id === ids.user && v.refused === true)
          .map(([, v]) => v)
          .sort((a, b) => Number(b.created_at) - Number(a.created_at))[0];
      const entryBefore = latestRefusal();
      const before = snapshot(C.audit);
      const res = await client(provider).call(
        call.method,
        buildApiPath(name, { id: 'x' }),
        { user_id: 'x', transaction_id: 'x' },
        tokens.user,
        { id: 'x' },
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: false, message: 'Only admins can do this.' });
      expect(snapshot(C.audit)).toBe(before);
      const entryAfter = latestRefusal();
      // (A new window may have begun between the two: its entry then starts at 1.)
      const sameWindow = entryBefore !== undefined && entryBefore.created_at === entryAfter?.created_at;
      expect(entryAfter).toEqual(
        expect.objectContaining({
          admin_id: ids.user,
          action: name,
          refused: true,
          method: call.method,
          count: sameWindow ? Number(entryBefore.count) + 1 : 1,
        }),
      );
    },
  );
});
