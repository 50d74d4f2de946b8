/**
 * The Punters Hub's money under load (issue 13, ADR 0010 and 0011), on the in-memory store and on
 * Firestore through the project's own emulator: a paid code's price sits in its escrow; 100 buyers at
 * once are each charged once; Boom pays the escrow to the punter once (a punter's own Boom after its
 * dispute window, ADR 0039); Cut (and an unsettled code's
 * end) refunds every buyer once however the settlement is raced; every race ends with all accounts
 * summing to zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { issueToken } from '../src/context';
import { accountBalanceKobo, ledgerCheck } from '../src/ledger';
import type { Store } from '../src/store';
import { client, makeProvider } from './helpers';
import { buy, clock, entriesOfType, HOUR, postCode, quickUser, settle, START } from './hub-fixtures';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];

describe.each(envs)('Punters Hub escrow on the %s store', (_name, makeEnv) => {
  let env: StoreEnv;
  beforeAll(async () => {
    env = await makeEnv();
  });
  afterAll(async () => {
    await env.stop();
  });

  /** Two provider instances on the same database, sharing one clock. */
  function providers() {
    const time = clock();
    const [s1, s2] = env.clients(2);
    return { time, a: makeProvider({ store: s1!, now: time.now }), b: makeProvider({ store: s2!, now: time.now }), store: s1! };
  }

  it('100 buyers at once (each sending twice) are each charged once; buyers_count is exact; the escrow holds it all', async () => {
    const { a, b, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const gameId = await postCode(a, punter.token, 200);
    const buyers = await Promise.all(Array.from({ length: 100 }, () => quickUser(a, 500)));
    const results = await Promise.all(
      buyers.flatMap((u, i) => [
        buy(i % 2 === 0 ? a : b, u.token, gameId, 200, `buy-${u.id}-1`),
        buy(i % 2 === 0 ? b : a, u.token, gameId, 200, `buy-${u.id}-2`),
      ]),
    );
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.message}`)).toEqual([]);
    for (const u of buyers) {
      expect(await entriesOfType(store, u.id, 'BUY_GAME')).toHaveLength(1);
      expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(30_000);
    }
    // The figures are folded in after the purchases (ADR 0048), by either provider.
    await Promise.all([a.countsFolded(), b.countsFolded()]);
    expect(await store.get(C.games, gameId)).toMatchObject({ buyers_count: 100, possible_profit: 20_000 });
    expect(await accountBalanceKobo(store, { kind: 'escrow', id: gameId })).toBe(2_000_000);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('a Cut refunds every buyer once while the punter, an admin and the end-of-life job race to settle it', async () => {
    const { time, a, b, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const admin = await quickUser(a, 0, { role: 1 });
    const gameId = await postCode(a, punter.token, 500);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => quickUser(a, 1000)));
    await Promise.all(buyers.map((u, i) => buy(i % 2 ? a : b, u.token, gameId, 500, `cut-buy-${u.id}`)));
    expect(await accountBalanceKobo(store, { kind: 'escrow', id: gameId })).toBe(1_500_000);

    // The code's first game starts: no more sales. Its last game ends: the punter settles.
    time.set(START);
    const late = await quickUser(a, 1000);
    expect((await buy(a, late.token, gameId, 500, `late-${late.id}`)).body.message).toBe(
      'Sales of this code closed when its first game started',
    );
    time.set(START + 50 * HOUR);
    // Sessions last less than two days: everyone signs in again.
    punter.token = await issueToken(a.deps, punter.id);
    admin.token = await issueToken(a.deps, admin.id);
    const raced = await Promise.all([
      settle(a, punter.token, gameId, 'Cut'),
      settle(b, punter.token, gameId, 'Cut'),
      settle(b, admin.token, gameId, 'Cut'),
      a.endUnsettledGames(),
      b.endUnsettledGames(),
      settle(a, punter.token, gameId, 'Cut'),
    ]);
    const answers = raced.filter((r) => typeof r === 'object').map((r) => r.status);
    // Who wins decides the answers, never the money: a punter's Cut is 200 (or an agreeing repeat), or 409 when
    // the end-of-life job ended the code first; the admin's Cut is 200 either way (a correction of an Ended code).
    const [punter1, punter2, byAdmin, punter3] = answers;
    expect(byAdmin).toBe(200);
    for (const answer of [punter1, punter2, punter3]) expect([200, 409]).toContain(answer);
    for (const u of buyers) {
      expect(await entriesOfType(store, u.id, 'REFUND')).toHaveLength(1);
      expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(100_000);
    }
    expect(await accountBalanceKobo(store, { kind: 'escrow', id: gameId })).toBe(0);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    // The buyer sees it: the refund in the statement, a notification, the code Cut in My Games.
    const buyer = buyers[0]!;
    buyer.token = await issueToken(a.deps, buyer.id);
    const statement = await client(a).call('GET', '/api/v1/user/transactions', undefined, buyer.token);
    expect((statement.body.data as Array<{ type: string; amount: number }>)[0]).toMatchObject({ type: 'REFUND', amount: 500 });
    const notes = await store.query(C.notifications, { where: [['user_id', '==', buyer.id]] });
    expect(notes.map((n) => n.data.type)).toContain('REFUND');
    const mine = await store.query(C.myGames, { where: [['user_id', '==', buyer.id]] });
    expect(mine.map((d) => d.data.status)).toEqual(['Cut']);
    // Settled once: the punter cannot turn it into a Boom; the record counts one lost code.
    expect((await settle(a, punter.token, gameId, 'Boom')).status).toBe(409);
    expect(await store.get(C.games, gameId)).toMatchObject({ status: 'Cut', game_count: 1, lost_count: 1, won_count: 0 });
  });

  it('Boom pays the escrow to the punter once, after the dispute window; an admin correcting it to Cut takes it back and refunds the buyers', async () => {
    const { time, a, b, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const admin = await quickUser(a, 0, { role: 1 });
    const stranger = await quickUser(a, 0);
    const gameId = await postCode(a, punter.token, 100);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => quickUser(a, 100)));
    await Promise.all(buyers.map((u) => buy(a, u.token, gameId, 100, `boom-buy-${u.id}`)));
    // Not before the last game has ended, and never by someone else.
    time.set(START + HOUR);
    expect((await settle(a, punter.token, gameId, 'Boom')).body.message).toBe('A code is settled after its last game has ended');
    time.set(START + 3 * HOUR);
    expect((await settle(a, stranger.token, gameId, 'Boom')).status).toBe(403);

    const raced = await Promise.all([settle(a, punter.token, gameId, 'Boom'), settle(b, punter.token, gameId, 'Boom')]);
    expect(raced.map((r) => r.status)).toEqual([200, 200]);
    // The punter's own Boom is not final: the sales wait out the dispute window in the escrow (ADR 0039).
    expect(raced.map((r) => (r.body.data as { released: number }).released)).toEqual([0, 0]);
    expect(raced.map((r) => (r.body.data as { held_until: string }).held_until)).toEqual([
      new Date(START + 27 * HOUR).toISOString(),
      new Date(START + 27 * HOUR).toISOString(),
    ]);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    expect(await accountBalanceKobo(store, { kind: 'escrow', id: gameId })).toBe(50_000);
    time.set(START + 27 * HOUR - 1);
    expect(await a.releaseHeldEscrows()).toBe(0);
    time.set(START + 27 * HOUR);
    const releases = await Promise.all([a.releaseHeldEscrows(), b.releaseHeldEscrows()]);
    expect(releases[0] + releases[1]).toBe(1);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(50_000);
    admin.token = await issueToken(a.deps, admin.id);
    stranger.token = await issueToken(a.deps, stranger.id);
    expect(await entriesOfType(store, punter.id, 'ESCROW_RELEASE')).toHaveLength(1);
    expect(await store.get(C.games, gameId)).toMatchObject({ status: 'Boom', won_count: 1, game_count: 1, punting_power: 55 });
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });

    const corrected = await settle(b, admin.token, gameId, 'Cut');
    expect(corrected.body.data).toMatchObject({ status: 'Cut', refunded: 5 });
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    for (const u of buyers) expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(10_000);
    expect(await store.get(C.games, gameId)).toMatchObject({ status: 'Cut', won_count: 0, lost_count: 1, game_count: 1 });
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });

    // The verified record: listed and on the punter's profile, counted from settled codes only.
    const listed = await client(a).call('GET', '/api/v1/puntershub/punters', undefined, stranger.token);
    const row = (listed.body.data as Array<{ username: string }>).find((p) => p.username === punter.id.slice(0, 30));
    expect(row).toMatchObject({ games: 1, won: 0, lost: 1, streak: -1, is_new: true, roi: -100 });
    const profile = await client(a).call('GET', `/api/v1/puntershub/punter/${punter.id.slice(0, 30)}`, undefined, stranger.token);
    expect(profile.body.data).toMatchObject({ record: { games: 1 }, games: [{ id: gameId }] });
  });

  it('an Active code left unsettled two days after its end becomes Ended and its buyers are refunded; the record ignores it', async () => {
    const { time, a, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const gameId = await postCode(a, punter.token, 200);
    const buyer = await quickUser(a, 200);
    expect((await buy(a, buyer.token, gameId, 200, `end-buy-${buyer.id}`)).status).toBe(200);
    time.set(START + 2 * HOUR + 47 * HOUR);
    expect(await a.endUnsettledGames()).toBe(0);
    time.set(START + 2 * HOUR + 48 * HOUR);
    expect(await a.endUnsettledGames()).toBe(1);
    punter.token = await issueToken(a.deps, punter.id);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: buyer.id })).toBe(20_000);
    expect(await store.get(C.games, gameId)).toMatchObject({ status: 'Ended', game_count: 0 });
    expect((await settle(a, punter.token, gameId, 'Boom')).status).toBe(409);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  });
  /** What Clear Games does to a settled code (functions clearGames, ADR 0020): its public document goes. */
  const clearPublic = (store: Store, gameId: string) => store.delete(C.games, gameId);

  it('a Boom an admin cleared is still corrected to Cut: the payout comes back, each buyer is refunded once, the record follows (ADR 0027)', async () => {
    const { time, a, b, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const admin = await quickUser(a, 0, { role: 1 });
    const gameId = await postCode(a, punter.token, 500);
    const buyers = await Promise.all(Array.from({ length: 2 }, () => quickUser(a, 800)));
    for (const u of buyers) expect((await buy(a, u.token, gameId, 500, `cleared-buy-${u.id}`)).status).toBe(200);
    time.set(START + 3 * HOUR);
    expect((await settle(a, punter.token, gameId, 'Boom')).status).toBe(200);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    time.set(START + 27 * HOUR);
    expect(await b.releaseHeldEscrows()).toBe(1);
    admin.token = await issueToken(a.deps, admin.id);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(100_000);
    await clearPublic(store, gameId);
    // Gone from the Hub, the code is still in the console's list of codes to correct.
    const consoleRow = async () => {
      const res = await client(a).call('GET', `/api/v1/admin/games?q=${punter.id.slice(0, 30)}`, undefined, admin.token);
      return res.body.data;
    };
    expect(await consoleRow()).toEqual([
      expect.objectContaining({ id: gameId, title: 'Escrow test 500', amount: 500, status: 'Boom', buyers_count: 2 }),
    ]);

    // A buyer complains; the admin corrects the cleared code from the provider's copy.
    const corrected = await settle(b, admin.token, gameId, 'Cut');
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ status: 'Cut', refunded: 2 });
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    expect(await entriesOfType(store, punter.id, 'REFUND')).toEqual([expect.objectContaining({ amount_kobo: 100_000 })]);
    for (const u of buyers) {
      expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(80_000);
      expect(await entriesOfType(store, u.id, 'REFUND')).toHaveLength(1);
    }
    expect(await accountBalanceKobo(store, { kind: 'escrow', id: gameId })).toBe(0);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    // The buyers' own copies show the Cut; the cleared public document stays cleared.
    const mine = await store.query(C.myGames, { where: [['game_id', '==', gameId]] });
    expect(mine.map((d) => d.data.status)).toEqual(['Cut', 'Cut']);
    expect(await store.get(C.games, gameId)).toBeNull();
    expect(await store.get(C.gameCopies, gameId)).toMatchObject({ status: 'Cut', price_kobo: 50_000, user_id: punter.id });
    expect(await consoleRow()).toEqual([expect.objectContaining({ id: gameId, status: 'Cut', buyers_count: 2 })]);
    const listed = await client(a).call('GET', '/api/v1/puntershub/punters', undefined, admin.token);
    const row = (listed.body.data as Array<{ username: string }>).find((p) => p.username === punter.id.slice(0, 30));
    expect(row).toMatchObject({ games: 1, won: 0, lost: 1 });

    // The same correction again (twice at once, on both instances) moves nothing.
    const again = await Promise.all([settle(a, admin.token, gameId, 'Cut'), settle(b, admin.token, gameId, 'Cut')]);
    expect(again.map((r) => [r.status, (r.body.data as { refunded: number }).refunded])).toEqual([
      [200, 0],
      [200, 0],
    ]);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    for (const u of buyers) expect(await entriesOfType(store, u.id, 'REFUND')).toHaveLength(1);
    // Corrected back to Boom: the record only; the buyers keep their refunds and nobody is paid.
    expect((await settle(a, admin.token, gameId, 'Boom')).body.data).toMatchObject({ status: 'Boom', released: 0 });
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    for (const u of buyers) expect(await accountBalanceKobo(store, { kind: 'wallet', id: u.id })).toBe(80_000);
    const relisted = await client(a).call('GET', '/api/v1/puntershub/punters', undefined, admin.token);
    expect((relisted.body.data as Array<{ username: string }>).find((p) => p.username === punter.id.slice(0, 30))).toMatchObject({
      games: 1,
      won: 1,
      lost: 0,
    });
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it('a code posted before the provider kept a copy is settled from its public document, gets its copy, and is corrected after a clear', async () => {
    const { time, a, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const admin = await quickUser(a, 0, { role: 1 });
    const settledId = await postCode(a, punter.token, 200);
    const endedId = await postCode(a, punter.token, 100);
    const buyer = await quickUser(a, 300);
    expect((await buy(a, buyer.token, settledId, 200, `old-buy-1-${buyer.id}`)).status).toBe(200);
    expect((await buy(a, buyer.token, endedId, 100, `old-buy-2-${buyer.id}`)).status).toBe(200);
    // As the codes of older releases are stored: the public document, no provider copy.
    for (const id of [settledId, endedId]) await store.delete(C.gameCopies, id);

    time.set(START + 3 * HOUR);
    const cut = await settle(a, punter.token, settledId, 'Cut');
    expect(cut.body.data).toMatchObject({ status: 'Cut', refunded: 1 });
    expect(await store.get(C.gameCopies, settledId)).toMatchObject({
      status: 'Cut',
      price_kobo: 20_000,
      title: 'Escrow test 200',
    });
    expect(await store.get(C.games, settledId)).toMatchObject({ status: 'Cut', lost_count: 1 });
    // Settled by an older release (no copy): the same settlement again is enough to write its copy.
    await store.delete(C.gameCopies, settledId);
    expect((await settle(a, punter.token, settledId, 'Cut')).body.data).toMatchObject({ status: 'Cut', refunded: 0 });
    expect(await store.get(C.gameCopies, settledId)).toMatchObject({ status: 'Cut', buyers_count: 1 });
    // The copy it got lets an admin correct it after Clear Games.
    await clearPublic(store, settledId);
    expect((await settle(a, admin.token, settledId, 'Boom')).body.data).toMatchObject({ status: 'Boom', released: 0 });

    // The end-of-life job finds an old Active code by its public document.
    time.set(START + 2 * HOUR + 48 * HOUR);
    expect(await a.endUnsettledGames()).toBe(1);
    expect(await a.endUnsettledGames()).toBe(0);
    expect(await store.get(C.gameCopies, endedId)).toMatchObject({ status: 'Ended' });
    expect(await store.get(C.games, endedId)).toMatchObject({ status: 'Ended' });
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: buyer.id })).toBe(30_000);
    expect(await entriesOfType(store, buyer.id, 'REFUND')).toHaveLength(2);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  });

  it("at start the provider copies every older code, with its settlement's status, so a clear strands none", async () => {
    const { time, a, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const admin = await quickUser(a, 0, { role: 1 });
    const settledId = await postCode(a, punter.token, 500);
    const openId = await postCode(a, punter.token, 100);
    const buyer = await quickUser(a, 500);
    expect((await buy(a, buyer.token, settledId, 500, `start-buy-${buyer.id}`)).status).toBe(200);
    time.set(START + 3 * HOUR);
    expect((await settle(a, punter.token, settledId, 'Boom')).status).toBe(200);
    // As an older release left them: settled or not, no copy.
    for (const id of [settledId, openId]) await store.delete(C.gameCopies, id);

    expect(await a.copyOlderGames()).toBeGreaterThanOrEqual(2);
    expect(await store.get(C.gameCopies, settledId)).toMatchObject({ status: 'Boom', buyers_count: 1, price_kobo: 50_000 });
    expect(await store.get(C.gameCopies, openId)).toMatchObject({ status: 'Active', buyers_count: 0 });
    expect(await a.copyOlderGames()).toBe(0);
    // Cleared, the Boom is still corrected: the payout back, the buyer refunded.
    await clearPublic(store, settledId);
    expect((await settle(a, admin.token, settledId, 'Cut')).body.data).toMatchObject({ status: 'Cut', refunded: 1 });
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: punter.id })).toBe(0);
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: buyer.id })).toBe(50_000);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
    // Settled from its new copy too (and no Active code left for the end-of-life tests on this store).
    expect((await settle(a, punter.token, openId, 'Cut')).body.data).toMatchObject({ status: 'Cut', refunded: 0 });
    expect(await store.get(C.games, openId)).toMatchObject({ status: 'Cut' });
  });

  it('the end-of-life job ends a cleared-and-forgotten code from its copy, and refunds its buyers once', async () => {
    const { time, a, store } = providers();
    const punter = await quickUser(a, 0, { can_post_game: true, can_monetize_game: true });
    const gameId = await postCode(a, punter.token, 200);
    const buyer = await quickUser(a, 200);
    expect((await buy(a, buyer.token, gameId, 200, `gone-buy-${buyer.id}`)).status).toBe(200);
    // Not something Clear Games does (it keeps Active codes), but a public document lost any other way.
    await clearPublic(store, gameId);
    time.set(START + 2 * HOUR + 48 * HOUR);
    expect(await Promise.all([a.endUnsettledGames(), a.endUnsettledGames()])).toEqual(expect.arrayContaining([1, 0]));
    expect(await store.get(C.gameCopies, gameId)).toMatchObject({ status: 'Ended' });
    expect(await store.get(C.games, gameId)).toBeNull();
    expect(await accountBalanceKobo(store, { kind: 'wallet', id: buyer.id })).toBe(20_000);
    expect(await entriesOfType(store, buyer.id, 'REFUND')).toHaveLength(1);
    expect(await ledgerCheck(store)).toEqual({ sumKobo: 0, mismatches: [] });
  });
});
