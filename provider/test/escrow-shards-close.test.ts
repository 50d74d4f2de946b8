/**
 * ADR 0048 (amended): purchases racing a code's settlement, from two provider instances, on the memory store
 * and on the project's Firestore emulator. Settlement gathers each escrow shard and closes it in the same
 * transaction; a purchase's transaction reads its shard. So every purchase is either refused with no money
 * moved, or its money is gathered and settled with the rest (released on a final Boom, refunded on a Cut or a
 * Cut correction): nothing is ever left in a shard, the ledger sums to zero, no balance goes below zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_CLOSED_MESSAGE } from '@punter/core/punters-hub';
import { ledgerAccounts, wallets } from '../src/collections';
import { issueToken } from '../src/context';
import { accountBalanceKobo, ledgerCheck } from '../src/ledger';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { client, makeProvider } from './helpers';
import { clock, entriesOfType, postCode, quickUser, settle, untilKnown } from './hub-fixtures';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

const PRICE = 100;
const PRICE_KOBO = PRICE * 100;
const BUYERS = 48;
/** Purchases run this many at a time, batch after batch, while the settlement runs alongside. */
const AT_ONCE = 6;

type Answer = { status: number; body: { message?: string; data?: unknown } };

/**
 * One purchase, answered as soon as it is (without waiting for the figures to be folded), sent again with the same
 * idempotency key on a 503 until the answer is known.
 */
const purchase = (provider: Provider, token: string, gameId: string, key: string): Promise<Answer> =>
  untilKnown(
    () =>
      client(provider).call('POST', '/api/v1/puntershub/buy-or-get-game', { game_id: gameId, amount: PRICE }, token, {
        'idempotency-key': key,
      }) as Promise<Answer>,
  );

/** A settlement, sent again on a 503 as the admin would (it is safe to repeat), until its answer is known. */
const settleKnown = (provider: Provider, token: string, gameId: string, status: 'Boom' | 'Cut'): Promise<Answer> =>
  untilKnown(() => settle(provider, token, gameId, status) as Promise<Answer>);

/** No wallet, pot or escrow (shards included) below zero; only a receivable may be. */
async function expectNothingNegative(store: Store) {
  for (const { id, data } of await wallets.query(store)) expect(data.balance_kobo, `wallet ${id}`).toBeGreaterThanOrEqual(0);
  for (const { id, data } of await ledgerAccounts.query(store))
    if (data.kind !== 'receivable') expect(data.balance_kobo, id).toBeGreaterThanOrEqual(0);
}

/** Nothing left in the code's escrow: its main account and every shard of it. */
async function expectEscrowEmpty(store: Store, gameId: string) {
  const all = await ledgerAccounts.query(store, { where: [['owner_id', '==', gameId]] });
  expect(all.filter((a) => a.data.kind === 'escrow' && a.data.balance_kobo !== 0).map((a) => a.id)).toEqual([]);
  expect(await accountBalanceKobo(store, { kind: 'escrow', id: gameId })).toBe(0);
}

describe.each(envs)('purchases racing the settlement of their code on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  /**
   * Two provider instances on one database and clock, a punter's paid code, an admin, buyers with its price.
   * The second instance is a slow one: while `hold` is shut its transactions wait for it to open (a paused
   * instance, a slow network), so a purchase there reads the code still on sale, then runs its transaction
   * after the settlement has answered: the worst case of the race, every time.
   */
  async function setUp() {
    const time = clock();
    const [s1, s2] = env.clients(2);
    const gate = { hold: Promise.resolve() };
    const slow = new Proxy(s2!, {
      get(target, field, receiver) {
        if (field === 'runTransaction')
          return async (work: Parameters<Store['runTransaction']>[0]) => {
            await gate.hold;
            return target.runTransaction(work);
          };
        const value: unknown = Reflect.get(target, field, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const a = makeProvider({ store: s1!, now: time.now });
    const b = makeProvider({ store: slow, now: time.now });
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const admin = await quickUser(a, 0, { role: 1 });
    const gameId = await postCode(a, punter.token, PRICE);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => quickUser(a, PRICE)));
    return { a, b, gate, store: s1!, punter, admin, gameId, buyers };
  }

  /**
   * A first batch of purchases on the first instance; then `settling` (from the admin, while sales are still
   * open: an admin may settle a code any time) alongside the other purchases, batch after batch on both
   * instances, the slow one's transactions held until the settlement has answered. Answers each buyer's answer.
   */
  async function race(
    setup: Awaited<ReturnType<typeof setUp>>,
    settling: () => Promise<Answer>,
  ): Promise<{ answers: Answer[]; settled: Answer }> {
    const { a, b, gate, gameId, buyers } = setup;
    const answers: Answer[] = new Array<Answer>(buyers.length);
    let settlement: Promise<Answer> | null = null;
    for (let at = 0; at < buyers.length; at += AT_ONCE) {
      const batch = buyers.slice(at, at + AT_ONCE);
      const done = await Promise.all(
        batch.map((u, i) => purchase(settlement && (at + i) % 2 ? b : a, u.token, gameId, `race-${u.id}`)),
      );
      done.forEach((answer, i) => (answers[at + i] = answer));
      if (!settlement) {
        let open!: () => void;
        gate.hold = new Promise<void>((resolve) => (open = resolve));
        settlement = settling().finally(() => open());
      }
    }
    return { answers, settled: await settlement! };
  }

  /** Every purchase was either refused with no money moved, or accepted and charged once. Answers the accepted. */
  async function sortAnswers(store: Store, buyers: Array<{ id: string }>, answers: Answer[]) {
    const accepted: string[] = [];
    for (const [i, u] of buyers.entries()) {
      const answer = answers[i]!;
      const bought = await entriesOfType(store, u.id, 'BUY_GAME');
      if (answer.status === 200) {
        expect(bought).toHaveLength(1);
        accepted.push(u.id);
      } else {
        expect({ status: answer.status, message: answer.body.message }).toMatchObject({ status: 400 });
        expect([SALES_CLOSED_MESSAGE, 'Game has ended']).toContain(answer.body.message);
        expect(bought).toEqual([]);
        expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(PRICE_KOBO);
      }
    }
    return accepted;
  }

  it("an admin's Boom raced by purchases pays out every accepted one and leaves nothing in a shard; a Cut correction then refunds each", async () => {
    const setup = await setUp();
    const { a, b, store, punter, admin, gameId, buyers } = setup;
    const { answers, settled } = await race(setup, () => settleKnown(a, admin.token, gameId, 'Boom'));
    expect(settled.status).toBe(200);
    const accepted = await sortAnswers(store, buyers, answers);
    // The admin's Boom is final: every accepted purchase's money reached the punter, none waits in a shard.
    await expectEscrowEmpty(store, gameId);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(accepted.length * PRICE_KOBO);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    await expectNothingNegative(store);

    // Corrected to Cut from the other instance: the payout comes back and every accepted buyer is refunded once.
    admin.token = await issueToken(b.deps, admin.id);
    const corrected = await settleKnown(b, admin.token, gameId, 'Cut');
    expect(corrected.body.data).toMatchObject({ status: 'Cut', refunded: accepted.length });
    for (const u of buyers) {
      expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(PRICE_KOBO);
      expect(await entriesOfType(store, u.id, 'REFUND')).toHaveLength(accepted.includes(u.id) ? 1 : 0);
    }
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    await expectEscrowEmpty(store, gameId);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    await expectNothingNegative(store);
    // The race was one: some got in before the settlement, the others were refused.
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(BUYERS);
    await Promise.all([a.countsFolded(), b.countsFolded()]);
  });

  it("an admin's Cut raced by purchases refunds every accepted one and leaves nothing in a shard", async () => {
    const setup = await setUp();
    const { a, b, store, punter, admin, gameId, buyers } = setup;
    const { answers, settled } = await race(setup, () => settleKnown(a, admin.token, gameId, 'Cut'));
    expect(settled.status).toBe(200);
    const accepted = await sortAnswers(store, buyers, answers);
    for (const u of buyers) {
      expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(PRICE_KOBO);
      expect(await entriesOfType(store, u.id, 'REFUND')).toHaveLength(accepted.includes(u.id) ? 1 : 0);
    }
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    await expectEscrowEmpty(store, gameId);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    await expectNothingNegative(store);
    // Sales stay closed: a buyer who comes later is refused and charged nothing.
    const late = await quickUser(a, PRICE);
    const refused = await purchase(b, late.token, gameId, `late-${late.id}`);
    expect(refused.status).toBe(400);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: late.id })).toBe(PRICE_KOBO);
    await Promise.all([a.countsFolded(), b.countsFolded()]);
  });

  it("only who may settle a code closes its sales: a stranger's or an early punter's settlement leaves them open", async () => {
    const { a, b, store, punter, gameId, buyers } = await setUp();
    const stranger = await quickUser(a, 0);
    expect((await settleKnown(a, stranger.token, gameId, 'Cut')).status).toBe(403);
    expect((await settleKnown(b, punter.token, gameId, 'Boom')).body.message).toBe(
      'A code is settled after its last game has ended',
    );
    const buyer = buyers[0]!;
    expect((await purchase(b, buyer.token, gameId, `after-${buyer.id}`)).status).toBe(200);
    expect(await accountBalanceKobo(store, { kind: 'escrow', id: gameId })).toBe(PRICE_KOBO);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    await Promise.all([a.countsFolded(), b.countsFolded()]);
  });
});
