/**
 * ledger.ts on the memory store: posting (entry and balance together), refusals that write nothing,
 * idempotent replays, settling a PENDING entry, the statement, and concurrent debits of one wallet.
 */
import { MoneyError } from '@punter/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StoredDocumentError, entries, idempotency, wallets } from '../src/collections';
import { ApiError } from '../src/http';
import {
  GATEWAY,
  HOUSE,
  accountBalanceKobo,
  ledgerCheck,
  readAccount,
  transfer,
  walletAccount,
  balanceKobo,
  idempotent,
  openWallet,
  postEntry,
  readEntry,
  readWallet,
  settleEntry,
  statement,
  totalBalanceKobo,
  transactionView,
  type Posting,
} from '../src/ledger';
import type { Store } from '../src/store';
import { createMemoryStore } from '../src/store-memory';
import { expectLedgerMatchesBalance, firestoreEnv, memoryEnv, type StoreEnv } from './stores';

let clock = 1_700_000_000_000;
const deps = { now: () => (clock += 1000) };

const credit = (amountKobo: number, reference = 'test:credit'): Posting => ({
  type: 'FUNDING',
  direction: 'credit',
  counterparty: GATEWAY,
  amountKobo,
  narration: 'Top up',
  reference,
});
const debit = (amountKobo: number, reference = 'test:debit'): Posting => ({
  type: 'WITHDRAWAL',
  direction: 'debit',
  counterparty: GATEWAY,
  amountKobo,
  narration: 'Withdrawal',
  reference,
});

/** Posts in one transaction of its own, after reading the wallet in it. */
function post(store: Store, userId: string, ...postings: Posting[]) {
  return store.runTransaction(async (tx) => {
    let wallet = await readWallet(tx, userId);
    const posted = [];
    for (const p of postings) {
      const result = postEntry(deps, tx, wallet, p);
      wallet = result.wallet;
      posted.push(result.entry);
    }
    return posted;
  });
}

async function funded(kobo: number, store: Store = createMemoryStore()): Promise<Store> {
  await store.runTransaction((tx) => {
    openWallet(tx, 'u1', deps.now());
    return Promise.resolve();
  });
  if (kobo > 0) await post(store, 'u1', credit(kobo));
  return store;
}

describe('ledger', () => {
  it('a posting writes the entry and the new balance together; postings in one transaction chain', async () => {
    const store = await funded(0);
    const [first, second] = await post(store, 'u1', credit(150_000), debit(40_050));
    expect(first).toMatchObject({ seq: 1, old_balance_kobo: 0, new_balance_kobo: 150_000, status: 'SUCCESS', user_id: 'u1' });
    expect(second).toMatchObject({ seq: 2, old_balance_kobo: 150_000, new_balance_kobo: 109_950 });
    expect(await balanceKobo(store, 'u1')).toBe(109_950);
    expect(await readEntry(store, 'u1', second!.id)).toEqual(second);
    const { entries: chain } = await expectLedgerMatchesBalance(store, 'u1');
    expect(chain.map((e) => e.reference)).toEqual(['test:credit', 'test:debit']);
  });

  it('a debit larger than the balance is refused and writes nothing', async () => {
    const store = createMemoryStore();
    await funded(1_000, store);
    const before = JSON.stringify([...store.dump()]);
    const refused = post(store, 'u1', debit(1_001));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(post(store, 'u1', debit(1_001))).rejects.toThrow('Insufficient funds');
    expect(JSON.stringify([...store.dump()])).toBe(before);
    // The whole balance may go: down to zero, never below.
    await post(store, 'u1', debit(1_000));
    expect(await balanceKobo(store, 'u1')).toBe(0);
  });

  it('amounts are whole kobo above zero: fractions, negatives and zero are refused and write nothing', async () => {
    const store = createMemoryStore();
    await funded(1_000, store);
    const before = JSON.stringify([...store.dump()]);
    await expect(post(store, 'u1', credit(10.5))).rejects.toBeInstanceOf(MoneyError);
    await expect(post(store, 'u1', credit(-100))).rejects.toBeInstanceOf(MoneyError);
    await expect(post(store, 'u1', debit(-100))).rejects.toBeInstanceOf(MoneyError);
    await expect(post(store, 'u1', credit(0))).rejects.toThrow('The amount is not valid');
    expect(JSON.stringify([...store.dump()])).toBe(before);
  });

  it('idempotent: the same key and request replays the first answer and moves money once; another request with it is a 409', async () => {
    const store = await funded(10_000);
    const answer = z.object({ entry_id: z.string() });
    let runs = 0;
    const withdraw = (key: string | undefined, amount: number) =>
      store.runTransaction((tx) =>
        idempotent(
          tx,
          'withdraw',
          'u1',
          key,
          { amount },
          answer,
          async () => {
            runs += 1;
            const wallet = await readWallet(tx, 'u1');
            return { entry_id: postEntry(deps, tx, wallet, debit(amount)).entry.id };
          },
          deps.now(),
        ),
      );
    const first = await withdraw('key-0001', 2_500);
    const again = await withdraw('key-0001', 2_500);
    expect(first.replay).toBe(false);
    expect(again).toEqual({ replay: true, value: first.value });
    expect(runs).toBe(1);
    expect(await balanceKobo(store, 'u1')).toBe(7_500);
    await expect(withdraw('key-0001', 3_000)).rejects.toMatchObject({ status: 409 });
    // The same key in another scope or for another user is another request.
    const other = await store.runTransaction((tx) =>
      idempotent(tx, 'subscribe', 'u1', 'key-0001', { amount: 2_500 }, z.string(), () => 'ran', deps.now()),
    );
    expect(other).toEqual({ replay: false, value: 'ran' });
    // Without a key every call does the work.
    await withdraw(undefined, 100);
    await withdraw(undefined, 100);
    expect(await balanceKobo(store, 'u1')).toBe(7_300);
    await expectLedgerMatchesBalance(store, 'u1');
  });

  it('a replay parses the kept answer: one that does not match is a StoredDocumentError, and no money moves', async () => {
    const store = await funded(1_000);
    const withdraw = () =>
      store.runTransaction((tx) =>
        idempotent(
          tx,
          'withdraw',
          'u1',
          'key-0003',
          { amount: 100 },
          z.object({ entry_id: z.string() }),
          async () => {
            const wallet = await readWallet(tx, 'u1');
            return { entry_id: postEntry(deps, tx, wallet, debit(100)).entry.id };
          },
          deps.now(),
        ),
      );
    await withdraw();
    const [kept] = await idempotency.query(store);
    await store.update(idempotency.path, kept!.id, { result: { entry_id: 42 } });
    const replay = withdraw();
    await expect(replay).rejects.toBeInstanceOf(StoredDocumentError);
    await expect(withdraw()).rejects.toThrow(
      `Stored document provider_idempotency/${kept!.id} (result) does not match its schema (entry_id: `,
    );
    expect(await balanceKobo(store, 'u1')).toBe(900);
  });

  it('a refused request leaves its key unused: the same key succeeds once the money is there', async () => {
    const store = await funded(1_000);
    const attempt = () =>
      store.runTransaction((tx) =>
        idempotent(
          tx,
          'withdraw',
          'u1',
          'key-0002',
          { amount: 5_000 },
          z.string(),
          async () => {
            const wallet = await readWallet(tx, 'u1');
            return postEntry(deps, tx, wallet, debit(5_000)).entry.id;
          },
          deps.now(),
        ),
      );
    await expect(attempt()).rejects.toThrow('Insufficient funds');
    await post(store, 'u1', credit(4_000));
    expect((await attempt()).replay).toBe(false);
    expect(await balanceKobo(store, 'u1')).toBe(0);
  });

  it('settling a PENDING debit keeps its amounts; a reversal links the refund and the statement says so', async () => {
    const store = await funded(5_000);
    const [pending] = await post(store, 'u1', { ...debit(2_000), status: 'PENDING', id: 'w1' });
    expect(pending).toMatchObject({ id: 'w1', status: 'PENDING' });
    const refund = await store.runTransaction(async (tx) => {
      const wallet = await readWallet(tx, 'u1');
      const posted = postEntry(deps, tx, wallet, credit(2_000, 'reversal:w1'));
      settleEntry(tx, 'u1', 'w1', deps.now(), posted.entry.id);
      return posted.entry;
    });
    const settled = await readEntry(store, 'u1', 'w1');
    expect(settled).toMatchObject({
      status: 'SUCCESS',
      amount_kobo: 2_000,
      old_balance_kobo: 5_000,
      new_balance_kobo: 3_000,
      reversal_entry_id: refund.id,
    });
    expect(transactionView(settled!).narration).toBe('Withdrawal - FAILED, ₦20 refunded to your wallet');
    expect(await balanceKobo(store, 'u1')).toBe(5_000);
  });

  it('the statement is newest first and honours the limit; the total adds every wallet', async () => {
    const store = await funded(100);
    await post(store, 'u1', credit(200, 'second'), credit(300, 'third'));
    await post(store, 'u2', credit(1_000));
    expect((await statement(store, 'u1')).map((e) => e.seq)).toEqual([3, 2, 1]);
    expect((await statement(store, 'u1', 2)).map((e) => e.reference)).toEqual(['third', 'second']);
    expect(await totalBalanceKobo(store)).toBe(1_600);
    expect(await balanceKobo(store, 'nobody')).toBe(0);
  });
});

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

// The memory store runs transactions one at a time; on Firestore two clients (two provider processes)
// race with optimistic transactions, and each debit reads the balance inside its own transaction.
describe('double entry', () => {
  it('a transfer writes one journal line and both sides; pots and escrows hold money, house and gateway follow from the journal', async () => {
    const store = await funded(10_000);
    await store.runTransaction(async (tx) => {
      const wallet = await readAccount(tx, { kind: 'wallet', id: 'u1' });
      const pot = await readAccount(tx, { kind: 'pot', id: 'p1' });
      const joined = transfer(deps, tx, {
        from: wallet,
        to: pot,
        amountKobo: 6_000,
        type: 'JOIN_AUTO_TRADA',
        narration: 'Joined',
        reference: 'j1',
      });
      // The manager's result is booked from the house into the pot, then the pot pays the participant.
      const booked = transfer(deps, tx, {
        from: HOUSE,
        to: joined.to,
        amountKobo: 600,
        type: 'JOIN_AUTO_TRADA',
        narration: 'Result',
        reference: 'r1',
      });
      transfer(deps, tx, {
        from: booked.to,
        to: joined.from,
        amountKobo: 6_600,
        type: 'JOIN_AUTO_TRADA',
        narration: 'Payout',
        reference: 'p1',
      });
    });
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: 'u1' })).toBe(10_600);
    expect(await accountBalanceKobo(store, { kind: 'pot', id: 'p1' })).toBe(0);
    expect(await accountBalanceKobo(store, HOUSE.ref)).toBe(-600);
    expect(await accountBalanceKobo(store, GATEWAY.ref)).toBe(-10_000);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    // The user's statement shows the wallet side of each transfer, chained.
    const { entries: chain } = await expectLedgerMatchesBalance(store, 'u1');
    expect(chain.map((e) => [e.direction, e.amount_kobo])).toEqual([
      ['credit', 10_000],
      ['debit', 6_000],
      ['credit', 6_600],
    ]);
  });

  it('a pot or escrow cannot pay out more than it holds, and the refusal writes nothing', async () => {
    const store = createMemoryStore();
    await funded(1_000, store);
    await store.runTransaction(async (tx) => {
      const wallet = await readWallet(tx, 'u1');
      const escrow = await readAccount(tx, { kind: 'escrow', id: 'g1' });
      postEntry(deps, tx, wallet, { ...debit(1_000), type: 'BUY_GAME', counterparty: escrow });
    });
    const before = JSON.stringify([...store.dump()]);
    const overpay = store.runTransaction(async (tx) => {
      const escrow = await readAccount(tx, { kind: 'escrow', id: 'g1' });
      const wallet = await readAccount(tx, { kind: 'wallet', id: 'u1' });
      transfer(deps, tx, { from: escrow, to: wallet, amountKobo: 1_001, type: 'BUY_GAME', narration: 'Refund', reference: 'x' });
    });
    await expect(overpay).rejects.toThrow('Insufficient funds');
    expect(JSON.stringify([...store.dump()])).toBe(before);
    expect(await accountBalanceKobo(store, { kind: 'escrow', id: 'g1' })).toBe(1_000);
  });

  it('an account cannot pay itself', async () => {
    const store = await funded(1_000);
    const self = store.runTransaction(async (tx) => {
      const wallet = walletAccount(await readWallet(tx, 'u1'));
      transfer(deps, tx, { from: wallet, to: wallet, amountKobo: 1, type: 'FUNDING', narration: 'Self', reference: 'x' });
    });
    await expect(self).rejects.toThrow('two different accounts');
  });

  it('ledgerCheck finds a balance changed without a journal line (a hand edit), and the sum is no longer zero', async () => {
    const store = await funded(5_000);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    const wallet = await wallets.get(store, 'u1');
    await wallets.set(store, 'u1', { ...wallet!, balance_kobo: 9_000 });
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 4_000, mismatches: ['wallet:u1: stored 9000, journal 5000'] });
  });
});

describe.each(envs)('ledger under concurrent debits on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  it('concurrent debits of one wallet never overdraw: exactly as many succeed as the balance covers', async () => {
    const [s1, s2] = env.clients(2);
    const userId = `race-${Date.now().toString(36)}`;
    await s1!.runTransaction((tx) => {
      openWallet(tx, userId, deps.now());
      return Promise.resolve();
    });
    await post(s1!, userId, credit(1_000));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) => post(i % 2 === 0 ? s1! : s2!, userId, debit(100, `race:${i}`))),
    );
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(14);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 400, message: 'Insufficient funds' });
    expect(await balanceKobo(s1!, userId)).toBe(0);
    const { entries: chain } = await expectLedgerMatchesBalance(s1!, userId);
    expect(chain).toHaveLength(11);
    expect((await wallets.get(s2!, userId))?.seq).toBe(11);
    expect(await entries(userId).ids(s2!)).toHaveLength(11);
  });
});
