/**
 * Every call of core's API_CALLS answers a body its response schema accepts (the web parses answers
 * with those schemas), checked on a scenario that makes each call succeed once.
 */
import { describe, expect, it } from 'vitest';
import { API_CALLS, type ApiCallName } from '@punter/core/api/calls';
import { buildApiPath } from '@punter/core/api/routes';
import { sandboxAccountName } from '../src/adapters/bank-resolver';
import { PAYOUT_PENDING_ACCOUNT } from '../src/adapters/payouts';
import { C } from '../src/collections';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider, onboardedUser, registrationPayload, sandboxPayment, topUp } from './helpers';

describe('answers match the contract of core/src/api', () => {
  it('covers every call of API_CALLS', async () => {
    const store = createMemoryStore();
    const provider = makeProvider({ store });
    const c = client(provider);
    const covered = new Set<ApiCallName>();
    const check = async (
      name: ApiCallName,
      options: {
        body?: unknown;
        token?: string;
        headers?: Record<string, string>;
        params?: Record<string, string>;
        query?: string;
      } = {},
    ) => {
      const call = API_CALLS[name];
      const path = buildApiPath(name, options.params ?? {}) + (options.query ?? '');
      const res = await c.call(call.method, path, options.body, options.token, options.headers ?? {});
      expect([name, res.status < 300]).toEqual([name, true]);
      const parsed = call.response.safeParse(res.body);
      expect([name, parsed.success ? 'ok' : JSON.stringify(parsed.error.issues.slice(0, 3))]).toEqual([name, 'ok']);
      covered.add(name);
      return res.body;
    };

    const payload = registrationPayload();
    const reg = await check('register', { body: payload });
    const phone = (reg.data as { phone_number: string }).phone_number;
    await check('otpRequest', {
      body: { email: payload.email, phone_number: payload.phone_number, otpType: 'PHONE-VERIFICATION' },
    });
    await check('otpVerify', { body: { otp: await c.latestSms(phone), otpType: 'PHONE-VERIFICATION', email: payload.email } });
    await check('passwordSendOtp', { body: { email: payload.email } });
    await check('passwordReset', { body: { email: payload.email, otp: await c.latestSms(phone), password: 'another password' } });
    const login = await check('login', { body: { email: payload.email, password: 'another password' } });
    const t = String(login.token);
    const id = (login.data as { id: string }).id;
    await check('pinSet', { token: t, body: { pin: '1357' } });
    await check('pinVerify', { token: t, body: { pin: '1357', device_token: 'web' } });
    await check('pinSendOtp', { token: t });
    await check('pinReset', { token: t, body: { otp: await c.latestSms(phone), pin: '1357' } });
    await check('banks', { token: t });
    await check('bankVerify', { token: t, body: { account_number: PAYOUT_PENDING_ACCOUNT, bank_code: '035' } });
    const bank = await check('bankAdd', {
      token: t,
      body: {
        bank_name: 'Wema Bank',
        code: '035',
        account_number: PAYOUT_PENDING_ACCOUNT,
        account_name: sandboxAccountName(PAYOUT_PENDING_ACCOUNT, '035'),
        confirm_other_name: true,
      },
    });
    await check('savedBanks', { token: t });
    const payment = await sandboxPayment(provider, 60_000, payload.email);
    await check('topup', { token: t, body: { transaction_id: payment, expectedAmount: 60_000, expectedCurrency: 'NGN' } });
    await check('nairaWallet', { token: t });
    const pending = await check('withdraw', {
      token: t,
      headers: { 'idempotency-key': 'contract-withdraw-1' },
      body: { destination_account: (bank.data as { id: string }).id, amount: 1000, pin: '1357' },
    });
    await check('subscribe', { token: t, headers: { 'idempotency-key': 'contract-subscribe-1' } });
    await check('saferPlayLimit', { token: t, body: { kind: 'spend', period: 'week', amount: 1_000_000 } });
    await check('saferPlay', { token: t });
    await check('topupCheck', { token: t, body: { amount: 500 } });
    await store.set('trading_pots', 'contract-pot', {
      id: 'contract-pot',
      pot_volume: 100_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      duration: 1,
      status: 'Raising',
    });
    await check('joinAutoTrada', {
      token: t,
      headers: { 'idempotency-key': 'contract-join-1' },
      body: { amount: 10_000, pot_id: 'contract-pot', acceptRisk: true },
    });
    await check('withdrawBlock', { token: t });
    await check('limitTransactions', { token: t });
    await check('transactions', { token: t });
    await check('myReferrals', { token: t });
    await check('notifications', { token: t });
    await check('userProfile', { token: t });
    await check('analystGames', { token: t, query: '?country=Italy&date=2026-11-21&team=ARS' });
    await check('topGames', { token: t });

    await store.update(C.users, id, { can_post_game: true, can_monetize_game: true, role: 1 });
    const game = await check('createCode', {
      token: t,
      body: {
        odd: 3.5,
        title: 'Contract',
        game_code: 'CT1',
        platform: 'nairabet',
        amount: 100,
        startDate: '2099-11-22T18:00:00Z',
        endDate: '2099-11-22T20:00:00Z',
      },
    });
    const buyer = await onboardedUser(provider);
    await topUp(provider, buyer.token, buyer.email, 100);
    await check('bettingCodes', { token: buyer.token });
    await check('buyOrGetGame', {
      token: buyer.token,
      headers: { 'idempotency-key': 'contract-buy-1' },
      body: { game_id: (game.data as { id: string }).id, amount: 100 },
    });
    // Settled by an admin (role 1 may settle any code at any time); the buyer is refunded.
    await check('settleGame', { token: t, body: { game_id: (game.data as { id: string }).id, status: 'Cut' } });
    const gameId = (game.data as { id: string }).id;
    const dispute = await check('gameDispute', {
      token: buyer.token,
      body: { game_id: gameId, reason: 'It was cut before it started' },
    });
    await check('adminDisputes', { token: t, query: '?status=open' });
    await check('disputeResolve', { token: t, body: { dispute_id: (dispute.data as { id: string }).id, note: 'Refunded' } });
    await check('adminGames', { token: t, query: '?q=contract' });
    await check('adminSignals', { token: t });
    await check('adminUserSaferPlay', { token: t, params: { id: buyer.id } });
    await check('punters', { token: buyer.token });
    await check('punterProfile', { token: buyer.token, params: { id: payload.username } });

    await check('pendingTransactions', { token: t });
    await check('approveTransaction', {
      token: t,
      body: { transaction_id: (pending.data as { transaction: { id: string } }).transaction.id },
    });
    await check('allTransactions', { token: t });
    await check('walletReport', { token: t });
    await check('batchCreate', {
      token: t,
      body: { creator_name: 'Ada', creator_email: 'ada@example.com', creator_phone_number: '08031234567', admin_id: id },
    });
    await check('todayBatch', { token: t });
    await check('adminCreate', { token: t, body: { email: buyer.email } });
    await check('admins', { token: t });
    await check('suspendAccount', { token: t, body: { user_id: buyer.id } });
    await check('activateAccount', { token: t, body: { user_id: buyer.id } });
    await check('allAds', { token: t });
    const blog = await check('blogCreate', { token: t, body: { title: 'T', body: 'B', image_url: 'https://example.com/i.png' } });
    const blogId = (blog.data as { id: string }).id;
    await check('blogUpdate', { token: t, body: { id: blogId, body: 'B2' } });
    await check('allBlogs', { token: t });
    await check('blogDelete', { token: t, headers: { id: blogId } });
    const card = await check('giftCardCreate', { token: t, body: { name: 'Steam', category_id: 'games', rate: 1200 } });
    const cardId = (card.data as { id: string }).id;
    await check('giftCardUpdate', { token: t, body: { id: cardId, name: 'Steam Wallet' } });
    await check('allGiftCards', { token: t });
    await check('giftCardCategory', { token: t, params: { id: 'games' } });
    await check('giftCardDelete', { token: t, body: { id: cardId } });
    await check('cryptoUpdate', { token: t, body: { symbol: 'BTC', buy_rate: 150_000_000, sell_rate: 149_000_000 } });
    await check('cryptoRates', { token: t });
    await check('giftCardCategoryUpdate', { token: t, body: { id: 'games', name: 'Games' } });
    await check('allUsers', { token: t });
    await check('userUpdate', { token: t, body: { user_id: buyer.id, can_post_signal: true } });
    await check('adminDelete', { token: t, body: { user_id: buyer.id } });
    await check('allLogs', { token: t });
    await check('userLedger', { token: t, params: { id: buyer.id } });
    await check('dailyReport', { token: t });
    await check('giftCardCategories', { token: t });
    const inADay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    await check('potCreate', {
      token: t,
      body: {
        pot_volume: 1_000_000,
        percentage: 10,
        raising_to: inADay(1),
        trade_from: inADay(2),
        trade_to: inADay(32),
        duration: 1,
        type: 'Over 1.5',
        manager: 'Musa',
        terms: 'Capital and result on the due date.',
        managers_number: '2348031110003',
      },
    });
    await check('autoTradaSwitch', { token: t, body: { enabled: true } });
    await check('autoTradaState', { token: t });
    const created = await check('adminPots', { token: t, query: '?status=Raising' });
    const fresh = (created.data as Array<{ id: string; editable: boolean }>).find((p) => p.editable);
    await check('potUpdate', {
      token: t,
      body: {
        pot_id: fresh?.id ?? '',
        pot: {
          pot_volume: 2_000_000,
          percentage: 8,
          raising_to: inADay(1),
          trade_from: inADay(2),
          trade_to: inADay(32),
          duration: 1,
          type: 'Over 1.5',
          manager: 'Musa',
          terms: 'Capital and result on the due date.',
          managers_number: '2348031110003',
        },
      },
    });
    await check('adminPotParticipants', { token: t, params: { id: 'contract-pot' } });
    // The pot joined above, made due: its result, then the PAYOUT.
    await store.update('trading_pots', 'contract-pot', { status: 'Due' });
    await check('potResult', { token: t, body: { pot_id: 'contract-pot', result_percent: 10 } });
    await check('potPayout', { token: t, headers: { 'idempotency-key': 'contract-payout-1' }, body: { pot_id: 'contract-pot' } });
    // Last: a break closes the account's money features for a week.
    await check('saferPlayPause', { token: t, body: { kind: 'break', duration: '7d', pin: '1357' } });

    expect((Object.keys(API_CALLS) as ApiCallName[]).filter((n) => !covered.has(n))).toEqual([]);
  });
});
