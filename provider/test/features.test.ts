import { describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { accountBalanceKobo } from '../src/ledger';
import { client, makeProvider, onboardedUser, topUp } from './helpers';
import { expectLedgerMatchesBalance } from './stores';

const code = (amount: number) => ({
  odd: '4.20',
  title: `Weekend banker ${amount}`,
  game_code: `CODE${amount}`,
  platform: 'sportybet',
  amount,
  startDate: '2099-11-22T18:00',
  endDate: '2099-11-22T21:00',
});

describe('Punters Hub', () => {
  it('hides codes until got or bought; a purchase debits BUY_GAME once and writes my-games', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const punter = await onboardedUser(provider);
    await provider.deps.store.update(C.users, punter.id, { can_post_game: true, can_monetize_game: true });
    const posted = await c.call('POST', '/api/v1/puntershub/create-code', code(200), punter.token);
    expect(posted.body).toMatchObject({
      message: 'Game posted successfully',
      data: { game_code: 'CODE200', status: 'Active', amount: 200 },
    });
    const gameId = (posted.body.data as { id: string }).id;
    const buyer = await onboardedUser(provider);
    await topUp(provider, buyer.token, buyer.email, 500);
    const list = await c.call('GET', '/api/v1/puntershub/get-betting-codes', undefined, buyer.token);
    expect((list.body.data as Array<Record<string, unknown>>)[0]).not.toHaveProperty('game_code');
    const ownList = await c.call('GET', '/api/v1/puntershub/get-betting-codes', undefined, punter.token);
    expect((ownList.body.data as Array<Record<string, unknown>>)[0]).toHaveProperty('game_code', 'CODE200');

    const buy = () =>
      c.call('POST', '/api/v1/puntershub/buy-or-get-game', { game_id: gameId, amount: 200 }, buyer.token, {
        'idempotency-key': `buy-${gameId}`,
      });
    const first = await buy();
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Game bought successfully');
    expect((first.body.game as { game_code: string }).game_code).toBe('CODE200');
    expect(await buy()).toEqual(first);
    const again = await c.call('POST', '/api/v1/puntershub/buy-or-get-game', { game_id: gameId, amount: 200 }, buyer.token, {
      'idempotency-key': 'another-key-123',
    });
    expect((again.body.data as { game: { game_code: string } }).game.game_code).toBe('CODE200');
    const { balanceKobo, entries } = await expectLedgerMatchesBalance(provider.deps.store, buyer.id);
    expect(balanceKobo).toBe(30_000);
    expect(entries.filter((e) => e.type === 'BUY_GAME')).toHaveLength(1);
    // The price is held in the code's escrow, not paid to the punter at once.
    expect(await accountBalanceKobo(provider.deps.store, { kind: 'escrow', id: gameId })).toBe(20_000);
    expect(await accountBalanceKobo(provider.deps.store, { kind: 'wallet', id: punter.id })).toBe(0);
    const mine = await provider.deps.store.query(C.myGames, { where: [['user_id', '==', buyer.id]] });
    expect(mine.map((d) => d.data.game_code)).toEqual(['CODE200']);
    // The figures are folded in after the purchase (ADR 0048).
    await provider.countsFolded();
    const game = await provider.deps.store.get(C.games, gameId);
    expect(game).toMatchObject({ buyers_count: 1, possible_profit: 200 });
    expect(game).not.toHaveProperty('game_code');
    const listed = await c.call('GET', '/api/v1/puntershub/get-betting-codes', undefined, buyer.token);
    expect((listed.body.data as Array<Record<string, unknown>>)[0]).toHaveProperty('game_code', 'CODE200');

    await provider.deps.store.update(C.games, gameId, { status: 'Ended' });
    const late = await onboardedUser(provider);
    await topUp(provider, late.token, late.email, 500);
    const ended = await c.call('POST', '/api/v1/puntershub/buy-or-get-game', { game_id: gameId, amount: 200 }, late.token, {
      'idempotency-key': 'late-buyer-key',
    });
    expect([ended.status, ended.body.message]).toEqual([400, 'Game has ended']);
  });

  it('a free code is got without money: "Game code retrieved successfully"', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const punter = await onboardedUser(provider);
    await provider.deps.store.update(C.users, punter.id, { can_post_game: true });
    const posted = await c.call('POST', '/api/v1/puntershub/create-code', code(0), punter.token);
    const user = await onboardedUser(provider);
    const got = await c.call(
      'POST',
      '/api/v1/puntershub/buy-or-get-game',
      { game_id: (posted.body.data as { id: string }).id, amount: 0 },
      user.token,
      { 'idempotency-key': 'free-game-key' },
    );
    expect(got.body).toMatchObject({
      message: 'Game code retrieved successfully',
      data: { transaction: null, game: { game_code: 'CODE0' } },
    });
  });
});

describe('pots, subscription and notifications', () => {
  it('joins a Raising pot in one transaction: SPEC checks, debit, participant, pot totals, 2.5% referral bonus', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const store = provider.deps.store;
    const referrer = await onboardedUser(provider);
    const refCode = String((await store.get(C.users, referrer.id))?.referral_code);
    const user = await onboardedUser(provider, { referral_code: refCode });
    await store.set('trading_pots', 'p1', {
      id: 'p1',
      pot_volume: 100_000,
      raised_amount: 80_000,
      investors_count: 3,
      percentage: 10,
      duration: 2,
      status: 'Raising',
      type: 'Over 1.5',
      manager: 'Musa',
    });
    const join = (amount: number, key: string) =>
      c.call('POST', '/api/v1/user/join-auto-trada', { amount, pot_id: 'p1', acceptRisk: true }, user.token, {
        'idempotency-key': key,
      });
    expect((await join(10_000, 'join-key-0001')).status).toBe(403);
    await topUp(provider, user.token, user.email, 52_000);
    expect(
      (await c.call('POST', '/api/v1/user/subscribe', {}, user.token, { 'idempotency-key': 'user-subscribe-1' })).status,
    ).toBe(200);
    expect((await join(60_000, 'join-key-0002')).body.message).toBe('Insufficient funds');
    expect((await join(5_000, 'join-key-0003')).body.message).toBe('Minimum amount to join with is ₦10,000');
    expect((await join(25_000, 'join-key-0004')).body.message).toBe('Amount can only be ₦20,000 or less');
    const ok = await join(20_000, 'join-key-0005');
    expect(ok.body).toMatchObject({
      message: 'Pot joined',
      data: { balance: 30_000, transaction: { type: 'JOIN_AUTO_TRADA', amount: 20_000 } },
    });
    expect(await store.get('trading_pots', 'p1')).toMatchObject({ raised_amount: 100_000, investors_count: 4 });
    const participants = await store.query('pot_participants', { where: [['pot_id', '==', 'p1']] });
    // Every signed-in user reads this list: a display name, no user id, no full name (issue 10 section 5).
    expect(participants.map((p) => p.data)).toEqual([
      expect.objectContaining({
        pot_id: 'p1',
        name: 'Ada O.',
        amount: 20_000,
        roi: 4_000,
        total: 24_000,
        trading_capital: 20_000,
        status: 'Pending',
      }),
    ]);
    expect(Object.keys(participants[0]!.data).sort()).toEqual([
      'amount',
      'name',
      'pot_id',
      'roi',
      'status',
      'timestamp',
      'total',
      'trading_capital',
    ]);
    // The joiner's own record, under the same id, is in 'my-pots' with the user id (owner-only rules).
    expect(await store.get('my-pots', participants[0]!.id)).toMatchObject({
      user_id: user.id,
      pot_id: 'p1',
      amount: 20_000,
      name: 'Ada O.',
    });
    // The bonus reaches the referrer's wallet a second after the join (ADR 0055).
    await provider.countsFolded();
    expect((await expectLedgerMatchesBalance(store, referrer.id)).balanceKobo).toBe(50_000);
    await expectLedgerMatchesBalance(store, user.id);
    const notes = await c.call('GET', '/api/v1/admin/notifications', undefined, referrer.token);
    expect((notes.body.data as Array<{ type: string }>).map((n) => n.type)).toContain('REFERRAL_BONUS');
  });
});

describe('admin calls', () => {
  it('blogs, gift cards, crypto, batches, admins, reports and logs work for role 1 and are each audited', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const admin = await onboardedUser(provider);
    await provider.deps.store.update(C.users, admin.id, { role: 1 });
    const other = await onboardedUser(provider);
    await topUp(provider, other.token, other.email, 1_000);
    const t = admin.token;
    const blog = await c.call(
      'POST',
      '/api/v1/blog/create',
      { title: 'Trade, do not gamble', body: 'Stake plans explained.' },
      t,
    );
    const blogId = (blog.body.data as { id: string }).id;
    expect((await c.call('PUT', '/api/v1/blog/update', { id: blogId, title: 'Trade sport' }, t)).body.data).toMatchObject({
      title: 'Trade sport',
    });
    expect((await c.call('GET', '/api/v1/blog/all', undefined, t)).body.data).toHaveLength(1);
    expect((await c.call('DELETE', '/api/v1/blog/delete', undefined, t, { id: blogId })).status).toBe(200);
    const card = await c.call('POST', '/api/v1/giftcards/create', { name: 'iTunes', category_id: 'apple', rate: 950.5 }, t);
    const cardId = (card.body.data as { id: string }).id;
    expect((await c.call('POST', '/api/v1/giftcards/update', { id: cardId, rate: 990 }, t)).body.message).toBe(
      'Card updated successfully',
    );
    expect((await c.call('GET', '/api/v1/giftcards/categories/apple', undefined, t)).body.data).toMatchObject({
      id: 'apple',
      cards: [{ rate: 990 }],
    });
    expect((await c.call('DELETE', '/api/v1/giftcards/delete', { id: cardId }, t)).body.message).toBe(
      'Card has been deleted successfully',
    );
    expect((await c.call('PUT', '/api/v1/crypto/update', { symbol: 'USDT', buy_rate: 1500, sell_rate: 1480 }, t)).status).toBe(
      200,
    );
    expect(
      (
        await c.call(
          'POST',
          '/api/v1/admin/batch/create',
          { creator_name: 'Ada', creator_email: 'ada@example.com', creator_phone_number: '08031234567', admin_id: admin.id },
          t,
        )
      ).body.message,
    ).toBe('Batch created successfully!');
    expect((await c.call('GET', '/api/v1/admin/today/batch', undefined, t)).body.data).toHaveLength(1);
    expect((await c.call('POST', '/api/v1/admin/create', { email: other.email }, t)).body.message).toBe(
      'Admin added successfully',
    );
    expect((await c.call('GET', '/api/v1/admin/admins', undefined, t)).body.data).toHaveLength(2);
    const report = await c.call('GET', '/api/v1/reports/wallet-bills-transaction-values', undefined, t);
    expect(report.body.data).toMatchObject({ users_count: 2, total_wallet_balance: 1000, transaction_values: { FUNDING: 1000 } });
    const all = await c.call('GET', '/api/v1/transactions/all', undefined, t);
    expect(all.body.data).toEqual([expect.objectContaining({ type: 'FUNDING', user_id: other.id, user_email: other.email })]);
    expect((await c.call('GET', '/api/v1/ads/all-ads', undefined, t)).body.data).toEqual([]);
    const logs = await c.call('GET', '/api/v1/admin/all-logs', undefined, t);
    const actions = (logs.body.data as Array<{ action: string; admin_id: string }>).map((l) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'blog.create',
        'blog.update',
        'blog.list',
        'blog.delete',
        'giftcard.create',
        'giftcard.update',
        'giftcard.category',
        'giftcard.delete',
        'crypto.update',
        'batch.create',
        'batch.today',
        'admin.create',
        'admin.list',
        'report.wallet',
        'transactions.all',
        'ads.list',
      ]),
    );
  });
});
