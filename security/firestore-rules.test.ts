/**
 * The app's firestore.rules, actor x operation. Runs against the project's own emulator
 * (started here on a free port), or against FIRESTORE_EMULATOR_HOST when that is set.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  addDoc,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { start } from '@punter/emulator';
import { SIGNAL_POST_STATUSES } from '@punter/core/signals';

const rules = readFileSync(resolve(import.meta.dirname, '..', 'firestore.rules'), 'utf8');
let env: RulesTestEnvironment;
let stopEmulator: (() => Promise<void>) | undefined;

beforeAll(async () => {
  let host = '127.0.0.1';
  let port: number;
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  if (external) {
    const [h, p] = external.split(':');
    host = h ?? host;
    port = Number(p);
  } else {
    const emulator = await start({ host, port: 0 });
    port = emulator.port;
    stopEmulator = () => emulator.stop();
  }
  env = await initializeTestEnvironment({ projectId: 'demo-rules', firestore: { host, port, rules } });
});

afterAll(async () => {
  await env?.cleanup();
  await stopEmulator?.();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'signal/s1'), { title: 'Start Trading', details: 'start trading', group: 'A', status: 'Active' });
    await setDoc(doc(db, 'games/g1'), { title: 'Sure two odds', status: 'Active', user_id: 'punter' });
    await setDoc(doc(db, 'my-games/m1'), { user_id: 'alice', title: 'Sure two odds', status: 'Active' });
    await setDoc(doc(db, 'my-games/m2'), { user_id: 'bob', title: 'Weekend banker', status: 'Active' });
    await setDoc(doc(db, 'trading_pots/p1'), { pot_volume: 1_000_000, raised_amount: 0, status: 'Raising' });
    await setDoc(doc(db, 'pot_participants/pp1'), { pot_id: 'p1', name: 'Bola A.', amount: 10_000 });
    await setDoc(doc(db, 'my-pots/pp1'), { pot_id: 'p1', user_id: 'bob', name: 'Bola A.', amount: 10_000 });
    await setDoc(doc(db, 'my-pots/pp2'), { pot_id: 'p1', user_id: 'alice', name: 'Alice B.', amount: 20_000 });
    await setDoc(doc(db, 'provider_wallets/alice'), { balance_kobo: 500_000 });
    await setDoc(doc(db, 'app_config/auto_trada'), { enabled: false, reason: 'Paused', updated_at: 1 });
    await setDoc(doc(db, 'provider_pot_stakes/pp1'), { pot_id: 'p1', user_id: 'bob', amount_kobo: 1_000_000 });
    await setDoc(doc(db, 'provider_disputes/alice_g1'), { user_id: 'alice', game_id: 'g1', status: 'open' });
    await setDoc(doc(db, 'provider_games/g1'), { id: 'g1', user_id: 'alice', title: 'Sure two odds', status: 'Boom' });
    await setDoc(doc(db, 'signal_push_tokens/t1'), {
      uid: 'alice',
      token: 'fcm-token',
      category: 'A',
      check_at: 1,
      updated_at: 1,
    });
    await setDoc(doc(db, 'user_permissions/alice'), permissions({}));
    await setDoc(doc(db, 'user_permissions/poster'), permissions({ can_post_signal: true }));
    await setDoc(doc(db, 'user_permissions/admin'), permissions({ role: 1 }));
  });
});

/** A permissions document as the provider writes it (ADR 0004). */
function permissions(changes: Record<string, unknown>) {
  return {
    active: true,
    role: 0,
    can_post_signal: false,
    can_post_game: false,
    can_monetize_game: false,
    updated_at: 0,
    ...changes,
  };
}

/** Changes a user's permissions document as the provider would (admin SDK, rules bypassed). */
async function setPermissions(uid: string, changes: Record<string, unknown>) {
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore() as unknown as Firestore, `user_permissions/${uid}`), permissions(changes));
  });
}

const visitor = () => env.unauthenticatedContext().firestore() as unknown as Firestore;
const alice = () => env.authenticatedContext('alice', { role: 0, can_post_signal: false }).firestore() as unknown as Firestore;
const poster = () => env.authenticatedContext('poster', { can_post_signal: true }).firestore() as unknown as Firestore;
const admin = () => env.authenticatedContext('admin', { role: 1 }).firestore() as unknown as Firestore;

const validSignal = () => ({
  title: 'Pre-signal',
  details: 'ready to trade',
  group: 'A',
  status: 'Active',
  timestamp: serverTimestamp(),
});

const DAY = 24 * 60 * 60 * 1000;

describe('signal: subscribers, posters and admins read (ADR 0008); only can_post_signal posts and clears', () => {
  type Outcome = 'ok' | 'denied';
  type Op = 'read feed' | 'read one' | 'create valid' | 'create malformed' | 'update' | 'delete';
  const ops: Record<Op, (db: Firestore) => Promise<unknown>> = {
    'read feed': (db) => getDocs(collection(db, 'signal')),
    'read one': (db) => getDoc(doc(db, 'signal/s1')),
    'create valid': (db) => addDoc(collection(db, 'signal'), validSignal()),
    'create malformed': (db) => addDoc(collection(db, 'signal'), { ...validSignal(), group: 'Z' }),
    update: (db) => updateDoc(doc(db, 'signal/s1'), { details: 'changed' }),
    delete: (db) => deleteDoc(doc(db, 'signal/s1')),
  };
  const subscribed = () => env.authenticatedContext('sub', { role: 0 }).firestore() as unknown as Firestore;
  const lapsed = () => env.authenticatedContext('lapsed', { role: 0 }).firestore() as unknown as Firestore;
  const onBreak = () => env.authenticatedContext('resting', { role: 0 }).firestore() as unknown as Firestore;
  const breakOver = () => env.authenticatedContext('rested', { role: 0 }).firestore() as unknown as Firestore;
  // can_post_signal still in the token, taken away in the permissions document.
  const revoked = () => env.authenticatedContext('revoked', { can_post_signal: true }).firestore() as unknown as Firestore;
  const actors: Array<[string, () => Firestore, Outcome[]]> = [
    //                                       read feed, read one, create valid, create malformed, update, delete
    ['visitor', visitor, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a subscribed reader', subscribed, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied']],
    ['a reader without a subscription', alice, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a reader whose subscription ended a minute ago', lapsed, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a subscribed reader on a break (ADR 0019)', onBreak, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a subscribed reader whose break ended', breakOver, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied']],
    ['a poster', poster, ['ok', 'ok', 'ok', 'denied', 'denied', 'ok']],
    ['a revoked poster', revoked, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['an admin (role 1)', admin, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied']],
  ];
  beforeEach(async () => {
    await setPermissions('sub', { subscription_expires_at: Date.now() + DAY });
    await setPermissions('lapsed', { subscription_expires_at: Date.now() - 60_000 });
    await setPermissions('resting', { subscription_expires_at: Date.now() + DAY, paused_until: Date.now() + DAY });
    await setPermissions('rested', { subscription_expires_at: Date.now() + DAY, paused_until: Date.now() - 60_000 });
    await setPermissions('revoked', { can_post_signal: false });
  });
  for (const [name, db, outcomes] of actors) {
    it(`${name}: ${(Object.keys(ops) as Op[]).map((op, i) => `${op} ${outcomes[i]}`).join(', ')}`, async () => {
      for (const [i, op] of (Object.keys(ops) as Op[]).entries()) {
        const attempt = ops[op](db());
        await (outcomes[i] === 'ok' ? assertSucceeds(attempt) : assertFails(attempt));
      }
    });
  }
  it('a subscription opens the feed at once and its end closes it without any other write', async () => {
    await assertFails(getDocs(collection(alice(), 'signal')));
    await setPermissions('alice', { subscription_expires_at: Date.now() + DAY });
    await assertSucceeds(getDocs(collection(alice(), 'signal')));
    await setPermissions('alice', { subscription_expires_at: Date.now() - 1 });
    await assertFails(getDocs(collection(alice(), 'signal')));
    // Anything but epoch milliseconds (a string, a float) opens nothing.
    await setPermissions('alice', { subscription_expires_at: String(Date.now() + DAY) });
    await assertFails(getDocs(collection(alice(), 'signal')));
  });
  it('a poster cannot post a malformed signal', async () => {
    await assertFails(addDoc(collection(poster(), 'signal'), { ...validSignal(), title: 'Buy now' }));
    await assertFails(addDoc(collection(poster(), 'signal'), { ...validSignal(), group: 'Z' }));
    await assertFails(addDoc(collection(poster(), 'signal'), { ...validSignal(), extra: true }));
    await assertFails(addDoc(collection(poster(), 'signal'), { ...validSignal(), timestamp: new Date(0) }));
    await assertFails(addDoc(collection(poster(), 'signal'), { ...validSignal(), details: '' }));
  });
  it("a signal's text is its status's fixed message: no HTML, direction override or NUL from the poster", async () => {
    for (const details of [
      '<img src=x onerror=alert(1)>',
      'ready to trade \u202eedart',
      'ready\u0000 to trade',
      'start trading',
    ]) {
      await assertFails(addDoc(collection(poster(), 'signal'), { ...validSignal(), details }));
    }
    // Every status the app posts (the same table the postSignal callable builds from) passes.
    for (const status of SIGNAL_POST_STATUSES) {
      await assertSucceeds(
        addDoc(collection(poster(), 'signal'), { ...validSignal(), title: status.label, details: status.message }),
      );
    }
  });
});

type Outcome = 'ok' | 'denied';

/** Runs each actor's row of a matrix: one test per actor naming every operation's expected outcome. */
function matrix<Op extends string>(
  ops: Record<Op, (db: Firestore) => Promise<unknown>>,
  actors: Array<[string, () => Firestore, Outcome[]]>,
) {
  const names = Object.keys(ops) as Op[];
  for (const [name, db, outcomes] of actors) {
    it(`${name}: ${names.map((op, i) => `${op} ${outcomes[i]}`).join(', ')}`, async () => {
      for (const [i, op] of names.entries()) {
        const attempt = ops[op](db());
        await (outcomes[i] === 'ok' ? assertSucceeds(attempt) : assertFails(attempt));
      }
    });
  }
}

// The Punters Hub actors: the punter who posted g1 ('punter'), a buyer of it ('alice', my-games m1),
// another user ('bob', my-games m2 is his), an admin, a visitor, and a punter whose can_post_game
// (and role 1) is still in the token but taken away in the permissions document.
const punter = () => env.authenticatedContext('punter', { can_post_game: true }).firestore() as unknown as Firestore;
const bob = () => env.authenticatedContext('bob', { role: 0 }).firestore() as unknown as Firestore;
const revokedPunter = () =>
  env.authenticatedContext('revokedPunter', { can_post_game: true, role: 1 }).firestore() as unknown as Firestore;

describe('games: signed-in users read; only role 1 deletes (Clear Games); no client creates or changes a code', () => {
  beforeEach(async () => {
    await setPermissions('punter', { can_post_game: true, can_monetize_game: true });
    await setPermissions('bob', {});
    await setPermissions('revokedPunter', { can_post_game: false, role: 0 });
  });
  const validGame = { title: 'Sure two odds', status: 'Active', user_id: 'punter', odd: 2.5, amount: 0 };
  // Each write runs on its own document so a delete earlier in the row does not hide a later result.
  const ops = {
    list: (db: Firestore) => getDocs(collection(db, 'games')),
    get: (db: Firestore) => getDoc(doc(db, 'games/g1')),
    create: (db: Firestore) => setDoc(doc(db, 'games/new'), validGame),
    'settle Boom': (db: Firestore) => updateDoc(doc(db, 'games/g1'), { status: 'Boom' }),
    'change odds': (db: Firestore) => updateDoc(doc(db, 'games/g1'), { odd: 50 }),
    'raise punting_power': (db: Firestore) => updateDoc(doc(db, 'games/g1'), { punting_power: 99 }),
    delete: (db: Firestore) => deleteDoc(doc(db, 'games/g1')),
  };
  matrix(ops, [
    //                        list, get, create, settle, odds, power, delete
    ['the owner (punter)', punter, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a buyer', alice, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['another user', bob, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['an admin (role 1)', admin, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied', 'ok']],
    ['a visitor', visitor, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a revoked poster', revokedPunter, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied', 'denied']],
  ]);
  it('a suspended punter reads no code, their own included', async () => {
    await setPermissions('punter', { active: false, can_post_game: true });
    await assertFails(getDocs(collection(punter(), 'games')));
    await assertFails(getDoc(doc(punter(), 'games/g1')));
  });
});

describe("my-games: a user reads only their own purchases (with the code); nobody writes, the code's owner included", () => {
  beforeEach(async () => {
    await setPermissions('punter', { can_post_game: true, can_monetize_game: true });
    await setPermissions('bob', {});
    await setPermissions('revokedPunter', { can_post_game: false, role: 0 });
  });
  const ops = {
    "list alice's": (db: Firestore) => getDocs(query(collection(db, 'my-games'), where('user_id', '==', 'alice'))),
    "get alice's": (db: Firestore) => getDoc(doc(db, 'my-games/m1')),
    "list bob's": (db: Firestore) => getDocs(query(collection(db, 'my-games'), where('user_id', '==', 'bob'))),
    "get bob's": (db: Firestore) => getDoc(doc(db, 'my-games/m2')),
    'list unfiltered': (db: Firestore) => getDocs(collection(db, 'my-games')),
    create: (db: Firestore) => setDoc(doc(db, 'my-games/m3'), { user_id: 'alice', title: 'x', game_code: 'FREE' }),
    'update status': (db: Firestore) => updateDoc(doc(db, 'my-games/m1'), { status: 'Boom' }),
    delete: (db: Firestore) => deleteDoc(doc(db, 'my-games/m1')),
  };
  // m1 is alice's purchase of g1, m2 is bob's.
  matrix(ops, [
    //                   list alice's, get alice's, list bob's, get bob's, unfiltered, create, update, delete
    ['the buyer', alice, ['ok', 'ok', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['the owner of the code (punter)', punter, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['another user (bob)', bob, ['denied', 'denied', 'ok', 'ok', 'denied', 'denied', 'denied', 'denied']],
    ['an admin (role 1)', admin, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a visitor', visitor, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
    ['a revoked poster', revokedPunter, ['denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied', 'denied']],
  ]);
  it('a suspended buyer no longer reads their own purchases', async () => {
    await setPermissions('alice', { active: false });
    await assertFails(getDoc(doc(alice(), 'my-games/m1')));
    await assertFails(getDocs(query(collection(alice(), 'my-games'), where('user_id', '==', 'alice'))));
  });
});

describe('pots and participants: signed-in users read; joins only through the callable', () => {
  it('reads', async () => {
    await assertFails(getDoc(doc(visitor(), 'trading_pots/p1')));
    await assertSucceeds(getDoc(doc(alice(), 'trading_pots/p1')));
    await assertSucceeds(getDocs(query(collection(alice(), 'pot_participants'), where('pot_id', '==', 'p1'))));
  });
  it('no client writes a pot or a participant, admins included', async () => {
    await assertFails(updateDoc(doc(alice(), 'trading_pots/p1'), { raised_amount: 10_000 }));
    await assertFails(updateDoc(doc(admin(), 'trading_pots/p1'), { status: 'Trading' }));
    await assertFails(addDoc(collection(alice(), 'pot_participants'), { pot_id: 'p1', user_id: 'alice', amount: 10_000 }));
  });
  it("the Auto-Trada switch: signed-in users read it, no client changes it; a pot's stakes stay with the provider", async () => {
    await assertFails(getDoc(doc(visitor(), 'app_config/auto_trada')));
    await assertSucceeds(getDoc(doc(alice(), 'app_config/auto_trada')));
    await assertFails(updateDoc(doc(admin(), 'app_config/auto_trada'), { enabled: true }));
    await assertFails(getDoc(doc(alice(), 'provider_pot_stakes/pp1')));
    await assertFails(getDocs(query(collection(admin(), 'provider_pot_stakes'), where('pot_id', '==', 'p1'))));
  });
});

describe('signed in means an active session the app created, authorised by the permissions document', () => {
  // Firebase users the app never created: anonymous and e-mail/password sign-ins.
  const anonymous = () =>
    env
      .authenticatedContext('anon', { firebase: { sign_in_provider: 'anonymous', identities: {} } })
      .firestore() as unknown as Firestore;
  const emailUser = () =>
    env
      .authenticatedContext('alice', { email: 'alice@example.com', firebase: { sign_in_provider: 'password', identities: {} } })
      .firestore() as unknown as Firestore;
  // Thunks, so each read starts only when it is asserted on (no unawaited rejections).
  const readsOf = (db: Firestore): Array<() => Promise<unknown>> => [
    () => getDocs(collection(db, 'signal')),
    () => getDoc(doc(db, 'signal/s1')),
    () => getDocs(collection(db, 'games')),
    () => getDocs(collection(db, 'trading_pots')),
    () => getDoc(doc(db, 'trading_pots/p1')),
    () => getDocs(query(collection(db, 'pot_participants'), where('pot_id', '==', 'p1'))),
    () => getDocs(query(collection(db, 'my-games'), where('user_id', '==', 'alice'))),
    () => getDoc(doc(db, 'my-games/m1')),
  ];
  const failsAll = async (db: Firestore) => {
    for (const read of readsOf(db)) await assertFails(read());
  };

  it('anonymous and e-mail/password Firebase users read nothing, even with a permissions document for their uid', async () => {
    await setPermissions('anon', {});
    await failsAll(anonymous());
    await failsAll(emailUser());
    const passwordPoster = env
      .authenticatedContext('poster', { firebase: { sign_in_provider: 'password', identities: {} } })
      .firestore() as unknown as Firestore;
    await assertFails(addDoc(collection(passwordPoster, 'signal'), validSignal()));
  });
  it('a custom-token user with no permissions document reads nothing', async () => {
    const stranger = env.authenticatedContext('stranger', { role: 1, can_post_signal: true }).firestore() as unknown as Firestore;
    await failsAll(stranger);
    await assertFails(addDoc(collection(stranger, 'signal'), validSignal()));
    await assertFails(deleteDoc(doc(stranger, 'games/g1')));
  });
  it('an active custom-token user reads everything the screens need (the signal feed with a subscription)', async () => {
    await setPermissions('alice', { subscription_expires_at: Date.now() + DAY });
    for (const read of readsOf(alice())) await assertSucceeds(read());
  });
  it('can_post_signal still in the token but revoked in the document: no signal created or deleted', async () => {
    const stale = () => env.authenticatedContext('poster', { can_post_signal: true }).firestore() as unknown as Firestore;
    await assertSucceeds(addDoc(collection(stale(), 'signal'), validSignal()));
    await setPermissions('poster', { can_post_signal: false });
    await assertFails(addDoc(collection(stale(), 'signal'), validSignal()));
    await assertFails(deleteDoc(doc(stale(), 'signal/s1')));
  });
  it('granted in the document, not in the token: the document decides', async () => {
    await setPermissions('alice', { can_post_signal: true });
    await assertSucceeds(addDoc(collection(alice(), 'signal'), validSignal()));
  });
  it('role 1 in the token but 0 in the document cannot delete games', async () => {
    await setPermissions('admin', { role: 0 });
    await assertFails(deleteDoc(doc(admin(), 'games/g1')));
  });
  it('a suspended user (active false) reads nothing and writes nothing', async () => {
    await setPermissions('poster', { active: false, can_post_signal: true });
    await failsAll(poster());
    await assertFails(addDoc(collection(poster(), 'signal'), validSignal()));
    await setPermissions('admin', { active: false, role: 1 });
    await assertFails(deleteDoc(doc(admin(), 'games/g1')));
  });
  it("the owner reads their own permissions document, also when suspended; nobody reads another's", async () => {
    await assertSucceeds(getDoc(doc(alice(), 'user_permissions/alice')));
    await assertFails(getDoc(doc(alice(), 'user_permissions/poster')));
    await assertFails(getDoc(doc(admin(), 'user_permissions/alice')));
    await assertFails(getDocs(collection(admin(), 'user_permissions')));
    await assertFails(getDoc(doc(visitor(), 'user_permissions/alice')));
    await assertFails(getDoc(doc(emailUser(), 'user_permissions/alice')));
    await setPermissions('alice', { active: false });
    await assertSucceeds(getDoc(doc(alice(), 'user_permissions/alice')));
  });
  it('nobody writes a permissions document, the owner and admins included', async () => {
    await assertFails(setDoc(doc(alice(), 'user_permissions/alice'), permissions({ can_post_signal: true })));
    await assertFails(updateDoc(doc(alice(), 'user_permissions/alice'), { role: 1 }));
    await assertFails(setDoc(doc(admin(), 'user_permissions/bob'), permissions({ role: 1 })));
    await assertFails(deleteDoc(doc(admin(), 'user_permissions/alice')));
  });
});

describe('my-pots: a participant reads only their own join records', () => {
  it('a query filtered on their user_id and a get of their own succeed', async () => {
    await assertSucceeds(getDocs(query(collection(alice(), 'my-pots'), where('user_id', '==', 'alice'))));
    await assertSucceeds(getDoc(doc(alice(), 'my-pots/pp2')));
  });
  it("another user's records, an unfiltered list, visitors and every write fail", async () => {
    await assertFails(getDoc(doc(alice(), 'my-pots/pp1')));
    await assertFails(getDocs(collection(alice(), 'my-pots')));
    await assertFails(getDocs(query(collection(alice(), 'my-pots'), where('user_id', '==', 'bob'))));
    await assertFails(getDocs(query(collection(visitor(), 'my-pots'), where('user_id', '==', 'alice'))));
    await assertFails(setDoc(doc(alice(), 'my-pots/pp3'), { pot_id: 'p1', user_id: 'alice', amount: 10_000 }));
    await assertFails(deleteDoc(doc(admin(), 'my-pots/pp1')));
  });
});

describe("default deny: the provider's collections and anything unnamed", () => {
  it('nobody reads or writes provider data', async () => {
    await assertFails(getDoc(doc(alice(), 'provider_wallets/alice')));
    await assertFails(getDoc(doc(admin(), 'provider_wallets/alice')));
    await assertFails(setDoc(doc(alice(), 'provider_wallets/alice'), { balance_kobo: 99_999_999 }));
    // A buyer's dispute (ADR 0022) is opened and answered through the provider only, even by its own buyer.
    await assertFails(getDoc(doc(alice(), 'provider_disputes/alice_g1')));
    await assertFails(setDoc(doc(alice(), 'provider_disputes/alice_g2'), { user_id: 'alice', game_id: 'g2', status: 'open' }));
    await assertFails(getDocs(collection(admin(), 'provider_disputes')));
    // The copy settlement works from (ADR 0027): not even its punter reads or rewrites it.
    await assertFails(getDoc(doc(alice(), 'provider_games/g1')));
    await assertFails(getDocs(collection(admin(), 'provider_games')));
    await assertFails(setDoc(doc(admin(), 'provider_games/g1'), { id: 'g1', user_id: 'alice', title: 'x', status: 'Cut' }));
  });
  it('signal push registrations (ADR 0025) stay with the functions: the owner neither reads nor writes theirs', async () => {
    await assertFails(getDocs(query(collection(alice(), 'signal_push_tokens'), where('uid', '==', 'alice'))));
    await assertFails(getDoc(doc(alice(), 'signal_push_tokens/t1')));
    await assertFails(getDoc(doc(admin(), 'signal_push_tokens/t1')));
    await assertFails(setDoc(doc(alice(), 'signal_push_tokens/t2'), { uid: 'alice', token: 'x', category: 'A', check_at: 9e15 }));
  });
  it('an unknown collection is closed', async () => {
    await assertFails(getDocs(collection(alice(), 'anything')));
    await assertFails(setDoc(doc(admin(), 'anything/x'), { a: 1 }));
  });
});
