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
import { start, type RunningEmulator } from '../../src/index';

const RULES = readFileSync(fileURLToPath(new URL('./conformance.rules', import.meta.url)), 'utf8');
const PROJECT = 'demo-rules-conformance';

let emulator: RunningEmulator | null = null;
let env: RulesTestEnvironment;
let host = '127.0.0.1';
let port = 0;

beforeAll(async () => {
  const external = process.env['FIRESTORE_EMULATOR_HOST'];
  if (external) {
    const i = external.lastIndexOf(':');
    host = external.slice(0, i);
    port = Number(external.slice(i + 1));
  } else {
    emulator = await start({ port: 0 });
    host = emulator.host;
    port = emulator.port;
  }
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
      ['dan creates with an extra key', 'denied', () => env.authenticatedContext('dan').firestore().doc('users/dan').set({ name: 'D', admin: true })],
      ['erin creates with an empty name', 'denied', () => env.authenticatedContext('erin').firestore().doc('users/erin').set({ name: '' })],
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
      ['unverified user creates a team', 'denied', () => env.authenticatedContext('u', { email: 'u@example.com' }).firestore().doc('teams/g2').set({ n: 3 })],
      [
        'other domain creates a team',
        'denied',
        () => env.authenticatedContext('w', { email: 'w@evil.com', email_verified: true }).firestore().doc('teams/g3').set({ n: 3 }),
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
      ['alice filters on another field only', 'denied', () => alice().collection('orders').where('amount', '>', 1).limit(5).get()],
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
      ['create with serverTimestamp', 'ok', () => alice().doc('orders/n1').set({ owner: 'alice', amount: 1, createdAt: FieldValue.serverTimestamp() })],
      ['create with a client time', 'denied', () => alice().doc('orders/n2').set({ owner: 'alice', amount: 1, createdAt: Timestamp.now() })],
      ['create with a float amount', 'denied', () => alice().doc('orders/n3').set({ owner: 'alice', amount: 1.5, createdAt: FieldValue.serverTimestamp() })],
      ['create for bob', 'denied', () => alice().doc('orders/n4').set({ owner: 'bob', amount: 1, createdAt: FieldValue.serverTimestamp() })],
      ['increment by 1', 'ok', () => alice().doc('orders/a1').update({ amount: FieldValue.increment(1) })],
      ['increment by 2', 'denied', () => alice().doc('orders/a1').update({ amount: FieldValue.increment(2) })],
      ['bob increments', 'denied', () => bob().doc('orders/a1').update({ amount: FieldValue.increment(1) })],
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
      ['bytes too long', 'denied', () => db.doc('typed/t7').set({ ...good, bin: firebase.firestore.Blob.fromUint8Array(new Uint8Array(4)) })],
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
      ['event within bounds', 'ok', () => alice().doc('events/e1').set({ start: Timestamp.fromMillis(now), end: Timestamp.fromMillis(now + 3600e3) })],
      ['event too long', 'denied', () => alice().doc('events/e2').set({ start: Timestamp.fromMillis(now), end: Timestamp.fromMillis(now + 3 * 86400e3) })],
      ['event in the past', 'denied', () => alice().doc('events/e3').set({ start: Timestamp.fromMillis(now - 7200e3), end: Timestamp.fromMillis(now) })],
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
      ['another name', 'denied', () => alice().doc('builtins/b2').set({ ...good, name: 'Ada Byron' })],
      ['another tag list', 'denied', () => alice().doc('builtins/b3').set({ ...good, tags: ['a', 'b', 'x'] })],
      ['another weekday', 'denied', () => alice().doc('builtins/b4').set({ ...good, at: Timestamp.fromDate(new Date('2020-05-18T12:30:00Z')) })],
      ['a float delta', 'denied', () => alice().doc('builtins/b5').set({ ...good, delta: -3.5 })],
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
      ['members array-contains someone else', 'denied', () => alice().collection('pots').where('members', 'array-contains', 'carol').get()],
      ['all pots', 'denied', () => alice().collection('pots').get()],
      [
        'kind in [news, tip], hidden != true, orderBy rank desc',
        'ok',
        () => feed(anon()).where('kind', 'in', ['news', 'tip']).where('hidden', '!=', true).orderBy('hidden').orderBy('rank', 'desc').get(),
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
      ['ascending order', 'denied', () => feed(anon()).where('kind', '==', 'news').where('hidden', '==', false).orderBy('rank').get()],
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

describe('loading rules', () => {
  it('answers issues with line and column for a bad file and keeps the previous rules', async () => {
    const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${PROJECT}:securityRules`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rules: { files: [{ name: 'bad.rules', content: "rules_version = '2';\nservice cloud.firestore {\n  match /x/{y} { allow read: if nope(); }\n}" }] },
      }),
    });
    const body = (await res.json()) as { issues?: { sourcePosition: { line: number; column: number }; description: string }[] };
    expect(body.issues?.[0]?.sourcePosition).toMatchObject({ line: 3, column: 33 });
    expect(body.issues?.[0]?.description).toMatch(/nope/);
    await seed({ 'public/a': { x: 1 } });
    await assertSucceeds(anon().doc('public/a').get());
    await assertFails(anon().doc('x/y').get());
  });
});
