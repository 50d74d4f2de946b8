/**
 * Issue 31 item 1, ADR 0039: a seller cannot cash out against his buyers. A punter's own Boom of his paid
 * code holds the escrow for the dispute window; an open dispute holds it until an admin decides; a
 * correction to Cut after the release refunds every buyer from the punter's wallet and, for what it no
 * longer holds, from the house as the punter's debt (repaid from his next sales). Races run on two
 * provider instances, on the memory store and on the project's Firestore emulator; after each the
 * ledger sums to zero, no wallet, pot or escrow is below zero, and every buyer of a Cut code is refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, wallets } from '../src/collections';
import { issueToken } from '../src/context';
import { accountBalanceKobo, GATEWAY, ledgerCheck, readAccount, transfer } from '../src/ledger';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { client, makeProvider } from './helpers';
import { buy, clock, entriesOfType, HOUR, postCode, quickUser, settle, START } from './hub-fixtures';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

/** The seller cashes out: his whole wallet leaves for the bank (as a paid-out withdrawal does). */
async function cashOut(provider: Provider, userId: string): Promise<number> {
  return provider.deps.store.runTransaction(async (tx) => {
    const wallet = await readAccount(tx, { kind: 'wallet', id: userId });
    const held = 'wallet' in wallet ? wallet.wallet.balance_kobo : 0;
    if (held > 0) {
      transfer(provider.deps, tx, {
        from: wallet,
        to: GATEWAY,
        amountKobo: held,
        type: 'WITHDRAWAL',
        narration: 'Test cash-out',
        reference: `test-cash-out:${userId}`,
      });
    }
    return held;
  });
}

/** Every wallet, pot and escrow at or above zero; the double entry whole. */
async function expectSound(store: Store) {
  for (const { id, data } of await wallets.query(store)) expect([id, data.balance_kobo >= 0]).toEqual([id, true]);
  for (const { id, data } of await ledgerAccounts.query(store)) {
    if (data.kind !== 'receivable') expect([id, data.balance_kobo >= 0]).toEqual([id, true]);
  }
  expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
}

describe.each(envs)('a seller cannot cash out against his buyers, on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  function providers() {
    const time = clock();
    const [s1, s2] = env.clients(2);
    return { time, a: makeProvider({ store: s1!, now: time.now }), b: makeProvider({ store: s2!, now: time.now }), store: s1! };
  }

  async function soldCode(p: ReturnType<typeof providers>, price: number, buyerCount: number) {
    const punter = await quickUser(p.a, 0, { can_post_game: true, can_monetize_game: true });
    const admin = await quickUser(p.a, 0, { role: 1 });
    const gameId = await postCode(p.a, punter.token, price);
    const buyers = await Promise.all(Array.from({ length: buyerCount }, () => quickUser(p.a, price)));
    const bought = await Promise.all(buyers.map((u, i) => buy(i % 2 ? p.a : p.b, u.token, gameId, price, `fin-buy-${u.id}`)));
    expect(bought.map((r) => r.status)).toEqual(buyers.map(() => 200));
    return { punter, admin, gameId, buyers };
  }

  const signIn = async (p: ReturnType<typeof providers>, ...users: Array<{ id: string; token: string }>) => {
    for (const u of users) u.token = await issueToken(p.a.deps, u.id);
  };

  it("the issue's attack: a Boom minutes after the end, a cash-out at once; the sales are still in escrow and an admin's Cut refunds every buyer", async () => {
    const p = providers();
    const { punter, admin, gameId, buyers } = await soldCode(p, 500, 10);
    p.time.set(START + 2 * HOUR + 5 * 60_000);
    await signIn(p, punter, admin);
    const boom = await settle(p.a, punter.token, gameId, 'Boom');
    expect(boom.status).toBe(200);
    expect(boom.body.data).toMatchObject({
      status: 'Boom',
      released: 0,
      held_until: new Date(START + 26 * HOUR + 5 * 60_000).toISOString(),
    });
    // Nothing reached his wallet: a cash-out (or a withdrawal through the API) finds nothing to take.
    expect(await cashOut(p.a, punter.id)).toBe(0);
    expect(await accountBalanceKobo(p.store, { kind: 'escrow', id: gameId })).toBe(500_000);

    const cut = await settle(p.b, admin.token, gameId, 'Cut');
    expect(cut.status).toBe(200);
    expect(cut.body.data).toMatchObject({ status: 'Cut', refunded: 10 });
    for (const u of buyers) expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: u.id })).toBe(50_000);
    expect(await accountBalanceKobo(p.store, { kind: 'escrow', id: gameId })).toBe(0);
    // The window passing later pays nothing: the Cut stands.
    p.time.set(START + 40 * HOUR);
    expect(await p.a.releaseHeldEscrows()).toBe(0);
    expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: punter.id })).toBe(0);
    await expectSound(p.store);
  });

  it('an open dispute holds the sales past the window until an admin decides; an admin Boom confirms and pays them once', async () => {
    const p = providers();
    const { punter, admin, gameId, buyers } = await soldCode(p, 500, 2);
    p.time.set(START + 3 * HOUR);
    await signIn(p, punter, admin, buyers[0]!);
    expect((await settle(p.a, punter.token, gameId, 'Boom')).status).toBe(200);
    const dispute = await client(p.a).call(
      'POST',
      '/api/v1/puntershub/dispute',
      { game_id: gameId, reason: 'It did not land' },
      buyers[0]!.token,
    );
    expect(dispute.status).toBe(201);
    p.time.set(START + 40 * HOUR);
    expect(await Promise.all([p.a.releaseHeldEscrows(), p.b.releaseHeldEscrows()])).toEqual([0, 0]);
    expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: punter.id })).toBe(0);

    await signIn(p, admin);
    const confirmed = await Promise.all([settle(p.a, admin.token, gameId, 'Boom'), settle(p.b, admin.token, gameId, 'Boom')]);
    expect(confirmed.map((r) => r.status)).toEqual([200, 200]);
    expect(confirmed.map((r) => (r.body.data as { released: number }).released).sort()).toEqual([0, 1_000]);
    expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: punter.id })).toBe(100_000);
    expect(await entriesOfType(p.store, punter.id, 'ESCROW_RELEASE')).toHaveLength(1);
    expect(await p.a.releaseHeldEscrows()).toBe(0);
    await expectSound(p.store);
  });

  it('a correction after the release, the seller having cashed out: every buyer refunded, the house advances it as his debt, his next sales repay it', async () => {
    const p = providers();
    const { punter, admin, gameId, buyers } = await soldCode(p, 200, 5);
    p.time.set(START + 3 * HOUR);
    await signIn(p, punter, admin);
    expect((await settle(p.a, punter.token, gameId, 'Boom')).status).toBe(200);
    p.time.set(START + 28 * HOUR);
    expect(await p.b.releaseHeldEscrows()).toBe(1);
    expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: punter.id })).toBe(100_000);
    // He cashes out all of it, then tops up ₦300.
    expect(await cashOut(p.a, punter.id)).toBe(100_000);
    await p.store.runTransaction(async (tx) => {
      const wallet = await readAccount(tx, { kind: 'wallet', id: punter.id });
      transfer(p.a.deps, tx, {
        from: GATEWAY,
        to: wallet,
        amountKobo: 30_000,
        type: 'FUNDING',
        narration: 'Test top up',
        reference: 't',
      });
    });

    await signIn(p, admin, punter);
    const cut = await settle(p.a, admin.token, gameId, 'Cut');
    expect(cut.status).toBe(200);
    expect(cut.body.data).toMatchObject({ status: 'Cut', refunded: 5 });
    for (const u of buyers) {
      expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: u.id })).toBe(20_000);
      expect(await entriesOfType(p.store, u.id, 'REFUND')).toHaveLength(1);
    }
    // ₦300 from his wallet, ₦700 from the house, recorded as what he owes.
    expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: punter.id })).toBe(0);
    expect(await accountBalanceKobo(p.store, { kind: 'receivable', id: punter.id })).toBe(-70_000);
    await expectSound(p.store);

    // His next paid code lands: its sales repay the debt first, the rest reaches his wallet.
    p.time.set(START - 2 * HOUR);
    await signIn(p, punter);
    const next = await postCode(p.a, punter.token, 500);
    const nextBuyers = await Promise.all(Array.from({ length: 2 }, () => quickUser(p.a, 500)));
    for (const u of nextBuyers) expect((await buy(p.a, u.token, next, 500, `next-${u.id}`)).status).toBe(200);
    p.time.set(START + 3 * HOUR);
    await signIn(p, admin);
    expect((await settle(p.b, admin.token, next, 'Boom')).body.data).toMatchObject({ released: 300 });
    expect(await accountBalanceKobo(p.store, { kind: 'receivable', id: punter.id })).toBe(0);
    expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: punter.id })).toBe(30_000);
    await expectSound(p.store);
  });

  it("raced: the seller's Boom on both instances, the release job, his cash-outs and an admin's Cut at once; every buyer is refunded once", async () => {
    const p = providers();
    const { punter, admin, gameId, buyers } = await soldCode(p, 200, 12);
    p.time.set(START + 30 * HOUR);
    await signIn(p, punter, admin);
    const raced = await Promise.all([
      settle(p.a, punter.token, gameId, 'Boom'),
      settle(p.b, punter.token, gameId, 'Boom'),
      p.a.releaseHeldEscrows(),
      cashOut(p.b, punter.id),
      settle(p.b, admin.token, gameId, 'Cut'),
      p.b.releaseHeldEscrows(),
      cashOut(p.a, punter.id),
    ]);
    const [boomA, boomB, , , byAdmin] = raced;
    expect(byAdmin.status).toBe(200);
    for (const r of [boomA, boomB]) expect([200, 409]).toContain(r.status);
    // Whatever came first, the code ends Cut and its buyers have their money back, each once.
    p.time.set(START + 60 * HOUR);
    await Promise.all([p.a.releaseHeldEscrows(), p.b.releaseHeldEscrows()]);
    await signIn(p, admin);
    expect((await settle(p.a, admin.token, gameId, 'Cut')).status).toBe(200);
    for (const u of buyers) {
      expect(await entriesOfType(p.store, u.id, 'REFUND')).toHaveLength(1);
      expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: u.id })).toBe(20_000);
    }
    expect(await accountBalanceKobo(p.store, { kind: 'escrow', id: gameId })).toBe(0);
    expect(await accountBalanceKobo(p.store, { kind: 'wallet', id: punter.id })).toBe(0);
    await expectSound(p.store);
  });
});
