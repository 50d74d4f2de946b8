/**
 * Rules conformance through the official Node client (@firebase/rules-unit-testing v5: the compat SDK
 * over gRPC): actor x operation matrices on conformance.rules, seeded with rules disabled.
 *
 * Runs against its own emulator (started here, rules loaded by rules-unit-testing's PUT), or against
 * FIRESTORE_EMULATOR_HOST when set (e.g. the official emulator).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import { and, collection, getDocs, or, orderBy, query, where } from 'firebase/firestore';
import 'firebase/compat/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { suiteEmulator } from '../helpers';

const RULES = readFileSync(fileURLToPath(new URL('./conformance.rules', import.meta.url)), 'utf8');
const PROJECT = 'demo-rules-conformance';

let emulator: Awaited<ReturnType<typeof suiteEmulator>> | null = null;
let env: RulesTestEnvironment;
let host = '127.0.0.1';
let port = 0;

beforeAll(async () => {
  emulator = await suiteEmulator();
  ({ host, port } = emulator);
  env = await initializeTestEnvironment({ projectId: PROJECT, firestore: { host, port, rules: RULES } });
});

afterAll(async () => {
  await env?.cleanup();
  await emulator?.stop();
});

beforeEach(async () => {
  await env.clearFirestore();
});

type Db = firebase.firestore.Firestore;
const FieldValue = firebase.firestore.FieldValue;
const Timestamp = firebase.firestore.Timestamp;

async function seed(docs: Record<string, Record<string, unknown>>): Promise<void> {
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    for (const [path, data] of Object.entries(docs)) await db.doc(path).set(data);
  });
}

const alice = (): Db => env.authenticatedContext('alice').firestore();
const bob = (): Db => env.authenticatedContext('bob').firestore();
const admin = (): Db => env.authenticatedContext('root', { role: 'admin' }).firestore();
const anon = (): Db => env.unauthenticatedContext().firestore();
const verified = (uid: string): RulesTestContext =>
  env.authenticatedContext(uid, { email: `${uid}@example.com`, email_verified: true });

/** Runs each [label, expectation, operation] and collects mismatches, so one failure shows the whole matrix. */
async function matrix(cases: [string, 'ok' | 'denied', () => Promise<unknown>][]): Promise<void> {
  const wrong: string[] = [];
  for (const [label, want, op] of cases) {
    try {
      if (want === 'ok') await assertSucceeds(op());
      else await assertFails(op());
    } catch (e) {
      wrong.push(`${label}: expected ${want} (${e instanceof Error ? e.message.slice(0, 160) : String(e)})`);
    }
  }
  expect(wrong).toEqual([]);
}

describe('auth, request.resource, keys().hasOnly, diff().affectedKeys()', () => {
  it('users: get / create / update / delete by actor', async () => {
    await seed({ 'users/alice': { name: 'Alice', team: 'red' }, 'users/bob': { name: 'Bob', team: 'blue' } });
    await matrix([
      ['alice gets herself', 'ok', () => alice().doc('users/alice').get()],
      ['alice gets bob', 'denied', () => alice().doc('users/bob').get()],
      ['admin claim gets bob', 'ok', () => admin().doc('users/bob').get()],
      ['anonymous gets alice', 'denied', () => anon().doc('users/alice').get()],
      ['carol creates herself', 'ok', () => env.authenticatedContext('carol').firestore().doc('users/carol').set({ name: 'C' })],
      ['alice creates carol', 'denied', () => alice().doc('users/carol').set({ name: 'C' })],
      [
        'dan creates with an extra key',
        'denied',
        () => env.authenticatedContext('dan').firestore().doc('users/dan').set({ name: 'D', admin: true }),
      ],
      [
        'erin creates with an empty name',
        'denied',
        () => env.authenticatedContext('erin').firestore().doc('users/erin').set({ name: '' }),
      ],
      ['alice renames herself', 'ok', () => alice().doc('users/alice').update({ name: 'Alicia' })],
      ['alice changes her team', 'denied', () => alice().doc('users/alice').update({ team: 'blue' })],
      ['alice merges a new name', 'ok', () => alice().doc('users/alice').set({ name: 'Al' }, { merge: true })],
      ['bob updates alice', 'denied', () => bob().doc('users/alice').update({ name: 'x' })],
      ['alice deletes bob', 'denied', () => alice().doc('users/bob').delete()],
      ['admin deletes bob', 'ok', () => admin().doc('users/bob').delete()],
    ]);
  });
});

describe('get(), exists(), token claims', () => {
  it('teams: reads another document for the decision', async () => {
    await seed({ 'users/alice': { team: 'red' }, 'teams/red': { n: 1 }, 'teams/blue': { n: 2 } });
    await matrix([
      ['alice gets her team', 'ok', () => alice().doc('teams/red').get()],
      ['alice gets another team', 'denied', () => alice().doc('teams/blue').get()],
      ['bob (no user doc) gets a team', 'denied', () => bob().doc('teams/red').get()],
      ['alice lists teams (exists)', 'ok', () => alice().collection('teams').get()],
      ['bob lists teams', 'denied', () => bob().collection('teams').get()],
      ['verified example.com user creates a team', 'ok', () => verified('vic').firestore().doc('teams/green').set({ n: 3 })],
      [
        'unverified user creates a team',
        'denied',
        () => env.authenticatedContext('u', { email: 'u@example.com' }).firestore().doc('teams/g2').set({ n: 3 }),
      ],
      [
        'other domain creates a team',
        'denied',
        () =>
          env.authenticatedContext('w', { email: 'w@evil.com', email_verified: true }).firestore().doc('teams/g3').set({ n: 3 }),
      ],
    ]);
  });
});

describe('rules are not filters (list queries), transforms', () => {
  it('orders: a query must pin the owner and a limit', async () => {
    await seed({
      'orders/a1': { owner: 'alice', amount: 5 },
      'orders/a2': { owner: 'alice', amount: 7 },
      'orders/b1': { owner: 'bob', amount: 9 },
    });
    const mine = (db: Db, uid: string) => db.collection('orders').where('owner', '==', uid);
    await matrix([
      ['alice lists her orders with limit 20', 'ok', () => mine(alice(), 'alice').limit(20).get()],
      ['alice lists her orders without a limit', 'denied', () => mine(alice(), 'alice').get()],
      ['alice lists with limit 21', 'denied', () => mine(alice(), 'alice').limit(21).get()],
      ["alice lists bob's orders", 'denied', () => mine(alice(), 'bob').limit(5).get()],
      ['alice lists all orders', 'denied', () => alice().collection('orders').limit(5).get()],
      [
        'alice filters on another field only',
        'denied',
        () => alice().collection('orders').where('amount', '>', 1).limit(5).get(),
      ],
      ['anonymous lists', 'denied', () => anon().collection('orders').where('owner', '==', 'alice').limit(5).get()],
      ['alice gets her order', 'ok', () => alice().doc('orders/a1').get()],
      ["alice gets bob's order", 'denied', () => alice().doc('orders/b1').get()],
    ]);
    const snap = await mine(alice(), 'alice').limit(20).get();
    expect(snap.docs.map((d) => d.id).sort()).toEqual(['a1', 'a2']);
  });

  it('orders: listeners get the allowed results, or are removed with permission-denied', async () => {
    await seed({ 'orders/a1': { owner: 'alice', amount: 5 }, 'orders/b1': { owner: 'bob', amount: 9 } });
    // One client for every listener, one after another: later listeners start on documents the client's
    // cache already holds, so their first snapshot comes from the cache and the server's confirmation changes
    // only the metadata, which the SDK raises only with includeMetadataChanges.
    const db = alice();
    const listen = (q: firebase.firestore.Query | firebase.firestore.DocumentReference): Promise<string> =>
      new Promise((resolve) => {
        setTimeout(() => resolve('timeout'), 4000);
        const onError = (e: firebase.firestore.FirestoreError): void => resolve(e.code);
        const onNext = (s: firebase.firestore.QuerySnapshot | firebase.firestore.DocumentSnapshot): void => {
          if (s.metadata.fromCache) return;
          unsubscribe();
          resolve('size' in s ? `docs:${s.size}` : `exists:${String(s.exists)}`);
        };
        const options = { includeMetadataChanges: true };
        const unsubscribe =
          q instanceof firebase.firestore.DocumentReference
            ? q.onSnapshot(options, onNext, onError)
            : q.onSnapshot(options, onNext, onError);
      });
    const results = [
      await listen(db.collection('orders').where('owner', '==', 'alice').limit(10)),
      await listen(db.collection('orders').limit(10)),
      await listen(db.doc('orders/a1')),
      await listen(db.doc('orders/b1')),
      await listen(db.collection('orders').where('owner', '==', 'alice').limit(10)),
    ];
    expect(results).toEqual(['docs:1', 'permission-denied', 'exists:true', 'permission-denied', 'docs:1']);
  });

  it('orders: serverTimestamp equals request.time; increment is seen in request.resource', async () => {
    await seed({ 'orders/a1': { owner: 'alice', amount: 5, createdAt: Timestamp.fromMillis(0) } });
    await matrix([
      [
        'create with serverTimestamp',
        'ok',
        () => alice().doc('orders/n1').set({ owner: 'alice', amount: 1, createdAt: FieldValue.serverTimestamp() }),
      ],
      [
        'create with a client time',
        'denied',
        () => alice().doc('orders/n2').set({ owner: 'alice', amount: 1, createdAt: Timestamp.now() }),
      ],
      [
        'create with a float amount',
        'denied',
        () => alice().doc('orders/n3').set({ owner: 'alice', amount: 1.5, createdAt: FieldValue.serverTimestamp() }),
      ],
      [
        'create for bob',
        'denied',
        () => alice().doc('orders/n4').set({ owner: 'bob', amount: 1, createdAt: FieldValue.serverTimestamp() }),
      ],
      [
        'increment by 1',
        'ok',
        () =>
          alice()
            .doc('orders/a1')
            .update({ amount: FieldValue.increment(1) }),
      ],
      [
        'increment by 2',
        'denied',
        () =>
          alice()
            .doc('orders/a1')
            .update({ amount: FieldValue.increment(2) }),
      ],
      [
        'bob increments',
        'denied',
        () =>
          bob()
            .doc('orders/a1')
            .update({ amount: FieldValue.increment(1) }),
      ],
      ['delete', 'denied', () => alice().doc('orders/a1').delete()],
    ]);
  });

  it('shops: in-filters within the allowed values; ranges on get', async () => {
    await seed({ 'shops/s1': { region: 'ng', rating: 4 }, 'shops/s2': { region: 'gh', rating: 7 } });
    await matrix([
      ['region == ng', 'ok', () => anon().collection('shops').where('region', '==', 'ng').get()],
      ['region in [ng, gh]', 'ok', () => anon().collection('shops').where('region', 'in', ['ng', 'gh']).get()],
      ['region in [ng, ke]', 'denied', () => anon().collection('shops').where('region', 'in', ['ng', 'ke']).get()],
      ['no filter', 'denied', () => anon().collection('shops').get()],
      ['get rating 4', 'ok', () => anon().doc('shops/s1').get()],
      ['get rating 7', 'denied', () => anon().doc('shops/s2').get()],
    ]);
  });
});

describe('collection groups, getAfter() / existsAfter() in a batch', () => {
  it('comments', async () => {
    await seed({ 'posts/p1': { open: true }, 'posts/p1/comments/c1': { t: 'x' }, 'other/o1/comments/c2': { t: 'y' } });
    const batchWith = (db: Db, post: string, open: boolean) => {
      const b = db.batch();
      b.set(db.doc(`posts/${post}`), { open });
      b.set(db.doc(`posts/${post}/comments/c1`), { t: 'first' });
      return b.commit();
    };
    await matrix([
      ['verified user, collection group', 'ok', () => verified('vic').firestore().collectionGroup('comments').get()],
      ['unverified user, collection group', 'denied', () => alice().collectionGroup('comments').get()],
      ['comment on an open post', 'ok', () => alice().doc('posts/p1/comments/c9').set({ t: 'hi' })],
      ['comment on a missing post', 'denied', () => alice().doc('posts/nope/comments/c9').set({ t: 'hi' })],
      ['batch: open post + comment', 'ok', () => batchWith(alice(), 'p2', true)],
      ['batch: closed post + comment', 'denied', () => batchWith(bob(), 'p3', false)],
    ]);
    const all = await verified('vic').firestore().collectionGroup('comments').get();
    expect(all.size).toBe(4);
  });
});

describe('values of every type, functions with let, error semantics, wildcards, durations', () => {
  it('typed documents', async () => {
    const db = alice();
    const good = {
      s: 'abc',
      i: 42,
      f: 1.5,
      b: true,
      n: null,
      l: ['x', 'y', 'z'],
      m: { k: 'v' },
      t: Timestamp.fromDate(new Date('2020-05-17T12:00:00Z')),
      place: new firebase.firestore.GeoPoint(6.5, 3.4),
      ref: db.doc('users/u1'),
      bin: firebase.firestore.Blob.fromUint8Array(new Uint8Array([1, 2, 3])),
    };
    await matrix([
      ['all types right', 'ok', () => db.doc('typed/t1').set(good)],
      ['string upper-case', 'denied', () => db.doc('typed/t2').set({ ...good, s: 'ABC' })],
      ['int as float', 'denied', () => db.doc('typed/t3').set({ ...good, i: 42.5 })],
      ['null missing', 'denied', () => db.doc('typed/t4').set({ ...good, n: 0 })],
      ['timestamp as string', 'denied', () => db.doc('typed/t5').set({ ...good, t: '2020-05-17' })],
      ['reference elsewhere', 'denied', () => db.doc('typed/t6').set({ ...good, ref: db.doc('users/u2') })],
      [
        'bytes too long',
        'denied',
        () => db.doc('typed/t7').set({ ...good, bin: firebase.firestore.Blob.fromUint8Array(new Uint8Array(4)) }),
      ],
      ['latlng far away', 'denied', () => db.doc('typed/t8').set({ ...good, place: new firebase.firestore.GeoPoint(0, 0) })],
    ]);
  });

  it('errors deny unless absorbed by ||', async () => {
    await seed({ 'errs/ok': { ok: true }, 'errs/no': { ok: false }, 'errs/none': {} });
    await matrix([
      ['error || true', 'ok', () => anon().doc('errs/ok').get()],
      ['error || false', 'denied', () => anon().doc('errs/no').get()],
      ['error || error', 'denied', () => anon().doc('errs/none').get()],
      ['error && true', 'denied', () => anon().doc('errs/x').set({ a: 1 })],
    ]);
  });

  it('recursive wildcard and default deny', async () => {
    await seed({ 'public/a': { x: 1 }, 'public/a/b/c': { x: 2 }, 'private/a': { x: 3 } });
    await matrix([
      ['public doc', 'ok', () => anon().doc('public/a').get()],
      ['public nested doc', 'ok', () => anon().doc('public/a/b/c').get()],
      ['public nested list', 'ok', () => anon().collection('public/a/b').get()],
      ['unmatched path', 'denied', () => anon().doc('private/a').get()],
      ['write under public', 'denied', () => anon().doc('public/a').set({ x: 9 })],
    ]);
  });

  it('timestamps and durations', async () => {
    const now = Date.now();
    await matrix([
      [
        'event within bounds',
        'ok',
        () =>
          alice()
            .doc('events/e1')
            .set({ start: Timestamp.fromMillis(now), end: Timestamp.fromMillis(now + 3600e3) }),
      ],
      [
        'event too long',
        'denied',
        () =>
          alice()
            .doc('events/e2')
            .set({ start: Timestamp.fromMillis(now), end: Timestamp.fromMillis(now + 3 * 86400e3) }),
      ],
      [
        'event in the past',
        'denied',
        () =>
          alice()
            .doc('events/e3')
            .set({ start: Timestamp.fromMillis(now - 7200e3), end: Timestamp.fromMillis(now) }),
      ],
    ]);
  });
});

describe('built-ins, list query shapes, access limit, transactions', () => {
  it('string, list, set, map, math, conversions, timestamp, duration, latlng, hashing, debug', async () => {
    const good = {
      name: 'Ada Lovelace',
      tags: ['a', 'b', 'c'],
      scores: { math: 1, eng: 2 },
      delta: -3,
      ratio: 0.4,
      square: 9,
      at: Timestamp.fromDate(new Date('2020-05-17T12:30:00Z')),
      where: new firebase.firestore.GeoPoint(6.45, 3.39),
    };
    await matrix([
      ['all built-ins hold', 'ok', () => alice().doc('builtins/b1').set(good)],
      [
        'another name',
        'denied',
        () =>
          alice()
            .doc('builtins/b2')
            .set({ ...good, name: 'Ada Byron' }),
      ],
      [
        'another tag list',
        'denied',
        () =>
          alice()
            .doc('builtins/b3')
            .set({ ...good, tags: ['a', 'b', 'x'] }),
      ],
      [
        'another weekday',
        'denied',
        () =>
          alice()
            .doc('builtins/b4')
            .set({ ...good, at: Timestamp.fromDate(new Date('2020-05-18T12:30:00Z')) }),
      ],
      [
        'a float delta',
        'denied',
        () =>
          alice()
            .doc('builtins/b5')
            .set({ ...good, delta: -3.5 }),
      ],
    ]);
  });

  it('array-contains, OR, orderBy and != in list queries', async () => {
    await seed({
      'pots/p1': { members: ['alice', 'bob'] },
      'feed/f1': { kind: 'news', hidden: false, rank: 1 },
      'feed/f2': { kind: 'tip', hidden: false, rank: 2 },
    });
    const feed = (db: Db) => db.collection('feed');
    await matrix([
      ['members array-contains me', 'ok', () => alice().collection('pots').where('members', 'array-contains', 'alice').get()],
      [
        'members array-contains someone else',
        'denied',
        () => alice().collection('pots').where('members', 'array-contains', 'carol').get(),
      ],
      ['all pots', 'denied', () => alice().collection('pots').get()],
      [
        'kind in [news, tip], hidden != true, orderBy rank desc',
        'ok',
        () =>
          feed(anon())
            .where('kind', 'in', ['news', 'tip'])
            .where('hidden', '!=', true)
            .orderBy('hidden')
            .orderBy('rank', 'desc')
            .get(),
      ],
      // OR filters through the modular API (the compat API has none), on the same instance.
      [
        'OR of allowed kinds',
        'ok',
        () =>
          getDocs(
            query(
              collection(anon(), 'feed'),
              and(or(where('kind', '==', 'news'), where('kind', '==', 'tip')), where('hidden', '==', false)),
              orderBy('rank', 'desc'),
            ),
          ),
      ],
      [
        'OR with a kind not allowed',
        'denied',
        () =>
          getDocs(
            query(
              collection(anon(), 'feed'),
              and(or(where('kind', '==', 'news'), where('kind', '==', 'ad')), where('hidden', '==', false)),
              orderBy('rank', 'desc'),
            ),
          ),
      ],
      [
        'ascending order',
        'denied',
        () => feed(anon()).where('kind', '==', 'news').where('hidden', '==', false).orderBy('rank').get(),
      ],
      ['hidden not pinned', 'denied', () => feed(anon()).where('kind', '==', 'news').orderBy('rank', 'desc').get()],
    ]);
  });

  it('the 11th distinct document read of one request denies it', async () => {
    await seed({ 'heavy/ten': { x: 1 }, 'heavy/eleven': { x: 1 } });
    await matrix([
      ['10 reads', 'ok', () => anon().doc('heavy/ten').get()],
      ['11 reads', 'denied', () => anon().doc('heavy/eleven').get()],
    ]);
  });

  it('transactions are judged on each write', async () => {
    await seed({ 'counters/c': { n: 1 } });
    const bump = (by: number) => {
      const db = alice();
      return db.runTransaction(async (tx) => {
        const snap = await tx.get(db.doc('counters/c'));
        tx.update(db.doc('counters/c'), { n: (snap.get('n') as number) + by });
      });
    };
    await matrix([
      ['+1 in a transaction', 'ok', () => bump(1)],
      ['+2 in a transaction', 'denied', () => bump(2)],
    ]);
    const snap = await alice().doc('counters/c').get();
    expect(snap.get('n')).toBe(2);
  });
});

/** An unsigned JWT in rules-unit-testing's mock-token format (the emulator decodes, never verifies). */
function mockToken(uid: string): string {
  const part = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
  };
  return `${part({ alg: 'none', kid: 'fakekid', type: 'JWT' })}.${part(payload)}.`;
}

/** A raw REST call on the suite's project as `uid` (or anonymous); answers the HTTP status and body. */
async function rest(path: string, body: unknown, uid?: string): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (uid !== undefined) headers['authorization'] = `Bearer ${mockToken(uid)}`;
  const res = await fetch(`http://${host}:${port}/v1/projects/${PROJECT}/databases/(default)/documents${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('constructs of the language, each through the Node client (or REST where the SDK cannot express it)', () => {
  it('allow write covers create, update and delete; allow with no condition', async () => {
    await seed({ 'writable/w1': { x: 1 } });
    await matrix([
      ['anonymous reads (allow read;)', 'ok', () => anon().doc('writable/w1').get()],
      ['alice creates', 'ok', () => alice().doc('writable/w2').set({ x: 1 })],
      ['alice updates', 'ok', () => alice().doc('writable/w1').update({ x: 2 })],
      ['alice deletes', 'ok', () => alice().doc('writable/w1').delete()],
      ['anonymous creates', 'denied', () => anon().doc('writable/w3').set({ x: 1 })],
      ['anonymous updates', 'denied', () => anon().doc('writable/w2').update({ x: 3 })],
      ['anonymous deletes', 'denied', () => anon().doc('writable/w2').delete()],
      ['the rule inside the block comment does not exist', 'denied', () => anon().doc('commented/c1').get()],
    ]);
  });

  it('map literals, raw strings, string escapes, hex integers', async () => {
    const good = { m: { a: 1, b: [true, null], c: { d: 'e' } }, code: 'A123', esc: 'tab\there', n: 255 };
    await matrix([
      ['every literal matches', 'ok', () => alice().doc('literals/l1').set(good)],
      [
        'another map',
        'denied',
        () =>
          alice()
            .doc('literals/l2')
            .set({ ...good, m: { a: 1, b: [true], c: { d: 'e' } } }),
      ],
      [
        'a code the raw regex refuses',
        'denied',
        () =>
          alice()
            .doc('literals/l3')
            .set({ ...good, code: 'A12' }),
      ],
      [
        'a literal backslash-t instead of a tab',
        'denied',
        () =>
          alice()
            .doc('literals/l4')
            .set({ ...good, esc: 'tab\\there' }),
      ],
      [
        '254 is not 0xFF',
        'denied',
        () =>
          alice()
            .doc('literals/l5')
            .set({ ...good, n: 254 }),
      ],
    ]);
  });

  it('two applicable allows: one false and one true allow (any-true), in one block or two', async () => {
    await matrix([
      ['the second allow of the block is true', 'ok', () => anon().doc('anytrue/open').get()],
      ["the other block's allow is true", 'ok', () => anon().doc('anytrue/other-block').get()],
      ['none is true', 'denied', () => anon().doc('anytrue/closed').get()],
    ]);
  });

  it('error && false is false (so its negation allows); ! of an error denies', async () => {
    await seed({ 'errsem/and-false': {}, 'errsem/not-error': {}, 'errsem/not-present': { present: 2 } });
    await matrix([
      ['!(error && false)', 'ok', () => anon().doc('errsem/and-false').get()],
      ['!(error)', 'denied', () => anon().doc('errsem/not-error').get()],
      ['!(2 == 1) on a present field', 'ok', () => anon().doc('errsem/not-present').get()],
    ]);
  });

  it('request.method for each operation', async () => {
    await seed({ 'methods/get': {}, 'methods/other': {}, 'methods/update': { v: 1 }, 'methods/delete': {} });
    await matrix([
      ["get is 'get'", 'ok', () => anon().doc('methods/get').get()],
      ["get is not 'other'", 'denied', () => anon().doc('methods/other').get()],
      ["create is 'create'", 'ok', () => anon().doc('methods/create').set({})],
      ["create is not 'fresh'", 'denied', () => anon().doc('methods/fresh').set({})],
      ["update is 'update'", 'ok', () => anon().doc('methods/update').update({ v: 2 })],
      ["update is not 'delete'", 'denied', () => anon().doc('methods/delete').update({ v: 2 })],
      ["delete is 'delete'", 'ok', () => anon().doc('methods/delete').delete()],
      ["delete is not 'update'", 'denied', () => anon().doc('methods/update').delete()],
      ["list is 'list'", 'ok', () => anon().collection('methods').get()],
    ]);
  });

  it('request.path, resource.id, resource.__name__', async () => {
    await seed({ 'resid/r1': { x: 1 }, 'resid/r2': { x: 1 } });
    await matrix([
      ['request.path of reqpath/ok', 'ok', () => anon().doc('reqpath/ok').get()],
      ['request.path of reqpath/no', 'denied', () => anon().doc('reqpath/no').get()],
      ['resource.id and __name__ of r1', 'ok', () => anon().doc('resid/r1').get()],
      ['resource.__name__[4] of r2', 'denied', () => anon().doc('resid/r2').get()],
    ]);
  });

  it('request.query.offset and limit (a REST runQuery: the client SDKs send no offset)', async () => {
    await seed({ 'offsets/o1': { x: 1 }, 'offsets/o2': { x: 2 }, 'offsets/o3': { x: 3 } });
    const run = (q: Record<string, unknown>) =>
      rest(':runQuery', { structuredQuery: { from: [{ collectionId: 'offsets' }], ...q } }, 'alice');
    const ok = await run({ offset: 2, limit: 5 });
    expect(ok.status).toBe(200);
    expect((ok.body as { document?: unknown }[]).filter((r) => r.document !== undefined)).toHaveLength(1);
    expect((await run({ offset: 3, limit: 5 })).status).toBe(403);
    expect((await run({ limit: 5 })).status).toBe(403);
  });

  it('is number / duration / set, in on a set; addedKeys, removedKeys, unchangedKeys, changedKeys', async () => {
    await seed({ 'kinds/u1': { kept: 1, changed: 1, removed: 1 } });
    await matrix([
      [
        'types and set membership hold',
        'ok',
        () =>
          alice()
            .doc('kinds/k1')
            .set({ n: 1, f: 1.5, tags: ['a', 'b'] }),
      ],
      [
        'a string is not a number',
        'denied',
        () =>
          alice()
            .doc('kinds/k2')
            .set({ n: 'x', f: 1.5, tags: ['a', 'b'] }),
      ],
      [
        "'b' not in the set",
        'denied',
        () =>
          alice()
            .doc('kinds/k3')
            .set({ n: 1, f: 1.5, tags: ['a'] }),
      ],
      [
        'an update that changes nothing it should',
        'denied',
        () => alice().doc('kinds/u1').set({ kept: 1, changed: 1, added: 1 }),
      ],
      ['an update that keeps one key', 'denied', () => alice().doc('kinds/u1').set({ changed: 2, added: 1 })],
      ['add one, remove one, change one, keep one', 'ok', () => alice().doc('kinds/u1').set({ kept: 1, changed: 2, added: 1 })],
    ]);
  });

  it('timestamp day/seconds/nanos, duration abs/nanos, math.isInfinite, bool(), path(), bytes, hashing, path bind()', async () => {
    const good = {
      at: Timestamp.fromDate(new Date('2020-05-17T12:30:05.123Z')),
      big: Infinity,
      small: 2.5,
      flag: 'true',
      name: 'Ada Lovelace',
      bin: firebase.firestore.Blob.fromUint8Array(new Uint8Array([1, 2, 3])),
      owner: 'alice',
    };
    await matrix([
      ['every built-in holds', 'ok', () => alice().doc('misc/m1').set(good)],
      [
        'another second',
        'denied',
        () =>
          alice()
            .doc('misc/m2')
            .set({ ...good, at: Timestamp.fromDate(new Date('2020-05-17T12:30:06.123Z')) }),
      ],
      [
        'other nanos',
        'denied',
        () =>
          alice()
            .doc('misc/m3')
            .set({ ...good, at: Timestamp.fromDate(new Date('2020-05-17T12:30:05.124Z')) }),
      ],
      [
        'a finite big',
        'denied',
        () =>
          alice()
            .doc('misc/m4')
            .set({ ...good, big: 1e308 }),
      ],
      [
        "bool('yes') is an error",
        'denied',
        () =>
          alice()
            .doc('misc/m5')
            .set({ ...good, flag: 'yes' }),
      ],
      [
        'another name hashes otherwise',
        'denied',
        () =>
          alice()
            .doc('misc/m6')
            .set({ ...good, name: 'Ada Byron' }),
      ],
      [
        'other bytes',
        'denied',
        () =>
          alice()
            .doc('misc/m7')
            .set({ ...good, bin: firebase.firestore.Blob.fromUint8Array(new Uint8Array([1, 2, 4])) }),
      ],
      [
        'another owner bound into the path',
        'denied',
        () =>
          alice()
            .doc('misc/m8')
            .set({ ...good, owner: 'bob' }),
      ],
    ]);
  });

  it('a batch may read 20 distinct documents over its writes; the 21st denies it', async () => {
    const batch = (counts: number[]) => {
      const db = alice();
      const b = db.batch();
      counts.forEach((n, i) => b.set(db.doc(`batchlim/${counts.join('-')}-${i}`), { n }));
      return b.commit();
    };
    await matrix([
      ['one write reading 10', 'ok', () => alice().doc('batchlim/single').set({ n: 10 })],
      ['a batch reading 10 + 10', 'ok', () => batch([10, 10])],
      ['a batch reading 10 + 10 + 1', 'denied', () => batch([10, 10, 1])],
      ['a batch reading 9 + 9 + 2', 'ok', () => batch([9, 9, 2])],
    ]);
  });

  it('REST: a write the rules deny answers 403 PERMISSION_DENIED; the same write they allow commits', async () => {
    const write = (uid: string) => ({
      writes: [
        {
          update: {
            name: `projects/${PROJECT}/databases/(default)/documents/users/${uid}`,
            fields: { name: { stringValue: 'N' } },
          },
        },
      ],
    });
    const denied = await rest(':commit', write('bob'), 'alice');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    const allowed = await rest(':commit', write('alice'), 'alice');
    expect(allowed.status).toBe(200);
    expect(allowed.body).toHaveProperty('commitTime');
  });
});

describe('loading rules', () => {
  it('answers issues with line and column for a bad file and keeps the previous rules', async () => {
    const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${PROJECT}:securityRules`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rules: {
          files: [
            {
              name: 'bad.rules',
              content: "rules_version = '2';\nservice cloud.firestore {\n  match /x/{y} { allow read: if nope(); }\n}",
            },
          ],
        },
      }),
    });
    const body = (await res.json()) as { issues?: { sourcePosition: { line: number; column: number }; description: string }[] };
    expect(body.issues?.[0]?.sourcePosition).toMatchObject({ line: 3, column: 33 });
    expect(body.issues?.[0]?.description).toMatch(/nope/);
    await seed({ 'public/a': { x: 1 } });
    await assertSucceeds(anon().doc('public/a').get());
    await assertFails(anon().doc('x/y').get());
  });

  it('refuses a built-in the language does not have, with its line and column', async () => {
    const load = async (condition: string) => {
      const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${PROJECT}:securityRules`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          rules: {
            files: [
              {
                name: 'bad.rules',
                content: `rules_version = '2';\nservice cloud.firestore {\n  match /x/{y} {\n    allow read: if ${condition};\n  }\n}`,
              },
            ],
          },
        }),
      });
      const body = (await res.json()) as { issues?: { sourcePosition: { line: number; column: number }; description: string }[] };
      return { status: res.status, issue: body.issues?.[0] };
    };
    const sha512 = await load("hashing.sha512('a').size() == 64");
    expect(sha512.status).toBe(400);
    expect(sha512.issue?.sourcePosition).toMatchObject({ line: 4, column: 28 });
    expect(sha512.issue?.description).toMatch(/sha512/);
    const timeZone = await load("request.time.hours('UTC') == 1");
    expect(timeZone.issue?.sourcePosition).toMatchObject({ line: 4, column: 33 });
    await seed({ 'public/a': { x: 1 } });
    await assertSucceeds(anon().doc('public/a').get());
  });
});
