import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract';
import { and, anon, compile, doc, eq, filter, or, req, user } from './test-helpers';

const rules = (body: string, version = "rules_version = '2';"): string => `${version}
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`;

describe('match blocks and methods', () => {
  const a = compile(
    rules(`
    match /users/{uid} {
      allow read: if request.auth.uid == uid;
      allow create: if request.auth.uid == uid;
      allow update: if false;
      match /private/{doc} {
        allow get: if request.auth.uid == uid && doc == 'mine';
      }
    }
    match /users/{uid} {
      allow update: if request.auth.token.admin == true;
    }
    match /open/{document=**} {
      allow read;
    }
    match /{path=**}/comments/{c} {
      allow list: if request.auth != null;
    }
    match /logs/{id} {
      allow write: if true;
    }`),
  );

  it('read covers get and list; write covers create, update and delete', () => {
    expect(a(req('get', 'users/u1', { caller: user('u1') })).allowed).toBe(true);
    expect(a(req('list', 'users', { caller: user('u1') })).allowed).toBe(false); // uid is the unknown document id
    expect(a(req('create', 'users/u1', { caller: user('u1') })).allowed).toBe(true);
    expect(a(req('delete', 'users/u1', { caller: user('u1') })).allowed).toBe(false);
    for (const m of ['create', 'update', 'delete'] as const) expect(a(req(m, 'logs/x')).allowed).toBe(true);
    expect(a(req('get', 'logs/x')).allowed).toBe(false);
  });

  it('any matching allow of any matching block grants (the allows are ORed)', () => {
    expect(a(req('update', 'users/u1', { caller: user('u1') })).allowed).toBe(false);
    expect(a(req('update', 'users/u1', { caller: user('u9', { admin: true }) })).allowed).toBe(true);
  });

  it('nested blocks see the outer wildcards; the outer allows do not apply to nested paths', () => {
    expect(a(req('get', 'users/u1/private/mine', { caller: user('u1') })).allowed).toBe(true);
    expect(a(req('get', 'users/u1/private/other', { caller: user('u1') })).allowed).toBe(false);
    expect(a(req('get', 'users/u1/private/mine', { caller: user('u2') })).allowed).toBe(false);
    expect(a(req('get', 'users/u1/other/x', { caller: user('u1') })).allowed).toBe(false);
  });

  it('a recursive wildcard matches zero or more segments (version 2)', () => {
    expect(a(req('get', 'open/a')).allowed).toBe(true);
    expect(a(req('get', 'open/a/b/c')).allowed).toBe(true);
    expect(a(req('list', 'open/a/b')).allowed).toBe(true);
    expect(a(req('get', 'closed/a')).allowed).toBe(false);
  });

  it('binds a recursive wildcard to a path', () => {
    const b = compile(rules(`match /{rest=**} { allow get: if rest == /a/b && rest[1] == 'b'; }`));
    expect(b(req('get', 'a/b')).allowed).toBe(true);
    expect(b(req('get', 'a/c')).allowed).toBe(false);
  });

  it('collection-group queries match {path=**}/coll/{doc}', () => {
    expect(a(req('list', 'comments', { collectionGroup: true, caller: user('u1') })).allowed).toBe(true);
    expect(a(req('list', 'comments', { collectionGroup: true, caller: anon })).allowed).toBe(false);
    expect(a(req('list', 'posts', { collectionGroup: true, caller: user('u1') })).allowed).toBe(false);
    expect(a(req('list', 'users/u1/comments', { caller: user('u1') })).allowed).toBe(true);
    // /users/{uid} does not cover a collection group of 'users' (parents are unknown)
    const c = compile(rules('match /users/{uid} { allow list: if true; }'));
    expect(c(req('list', 'users', { collectionGroup: true })).allowed).toBe(false);
    expect(c(req('list', 'users')).allowed).toBe(true);
  });

  it('version 1 (no rules_version): ** needs at least one segment and collection groups are refused', () => {
    const v1 = compile(rules('match /a/{rest=**} { allow read; }', ''));
    expect(v1(req('get', 'a/b')).allowed).toBe(true);
    expect(v1(req('list', 'a', { collectionGroup: true })).allowed).toBe(false);
  });

  it('denies with a Firestore-like message naming the line', () => {
    const d = a(req('delete', 'users/u1', { caller: user('u1') }));
    expect(d).toEqual({ allowed: false, message: "No matching allow statements for 'delete'." });
    const e = a(req('update', 'users/u1', { caller: user('u1') }));
    expect(e.allowed).toBe(false);
    expect(!e.allowed && e.message).toMatch(
      /false for 'update' @ L\d+, Property admin is undefined on object\. for 'update' @ L\d+/,
    );
  });
});

describe('writes: request.resource, resource, diff', () => {
  const a = compile(
    rules(`
    match /posts/{id} {
      allow create: if request.resource.data.author == request.auth.uid
        && request.resource.data.keys().hasOnly(['author', 'text', 'likes'])
        && request.resource.data.text is string && request.resource.data.text.size() <= 10
        && request.resource.id == id;
      allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['likes'])
        && request.resource.data.likes == resource.data.likes + 1;
      allow delete: if resource.data.author == request.auth.uid;
    }`),
  );
  const before = doc('posts/p1', { author: 'u1', text: 'hi', likes: 1 });
  it('validates the document as it would be after the write', () => {
    const ok = doc('posts/p1', { author: 'u1', text: 'hello' });
    expect(a(req('create', 'posts/p1', { caller: user('u1'), requestResource: ok })).allowed).toBe(true);
    const other = doc('posts/p1', { author: 'u2', text: 'hello' });
    expect(a(req('create', 'posts/p1', { caller: user('u1'), requestResource: other })).allowed).toBe(false);
    const extra = doc('posts/p1', { author: 'u1', text: 'hello', admin: true });
    expect(a(req('create', 'posts/p1', { caller: user('u1'), requestResource: extra })).allowed).toBe(false);
    const long = doc('posts/p1', { author: 'u1', text: 'hello world!' });
    expect(a(req('create', 'posts/p1', { caller: user('u1'), requestResource: long })).allowed).toBe(false);
  });
  it('compares before and after with diff()', () => {
    const liked = doc('posts/p1', { author: 'u1', text: 'hi', likes: 2 });
    expect(a(req('update', 'posts/p1', { caller: user('u2'), resource: before, requestResource: liked })).allowed).toBe(true);
    const edited = doc('posts/p1', { author: 'u1', text: 'changed', likes: 2 });
    expect(a(req('update', 'posts/p1', { caller: user('u2'), resource: before, requestResource: edited })).allowed).toBe(false);
    const jump = doc('posts/p1', { author: 'u1', text: 'hi', likes: 5 });
    expect(a(req('update', 'posts/p1', { caller: user('u2'), resource: before, requestResource: jump })).allowed).toBe(false);
  });
  it('reads the stored document on delete', () => {
    expect(a(req('delete', 'posts/p1', { caller: user('u1'), resource: before })).allowed).toBe(true);
    expect(a(req('delete', 'posts/p1', { caller: user('u2'), resource: before })).allowed).toBe(false);
    expect(a(req('delete', 'posts/p1', { caller: user('u1'), resource: null })).allowed).toBe(false);
  });
});

describe('get, exists, getAfter, existsAfter', () => {
  const a = compile(
    rules(`
    function userDoc() { return /databases/$(database)/documents/users/$(request.auth.uid); }
    match /teams/{team} {
      allow get: if get(userDoc()).data.team == team;
      allow list: if exists(userDoc());
      allow create: if getAfter(/databases/$(database)/documents/teams/$(team)/members/$(request.auth.uid)).data.role == 'owner';
      allow delete: if !existsAfter(/databases/$(database)/documents/teams/$(team)/members/$(request.auth.uid));
    }
    match /many/{n} {
      allow get: if ${Array.from({ length: 11 }, (_, i) => `exists(/databases/$(database)/documents/d/x${i})`).join(' || ')} || true;
    }
    match /lookups/{n} {
      allow create: if ${Array.from({ length: 20 }, (_, i) => `exists(/databases/$(database)/documents/d/y${i})`).join(' || ')} || true;
      allow update: if ${Array.from({ length: 21 }, (_, i) => `exists(/databases/$(database)/documents/d/y${i})`).join(' || ')} || true;
      allow delete: if ${Array.from({ length: 10 }, (_, i) => `exists(/databases/$(database)/documents/d/y${i})`).join(' || ')} || true;
    }
    match /eight/{n} {
      allow create: if ${Array.from({ length: 8 }, (_, i) => `exists(/databases/$(database)/documents/d/$(n)/k/y${i})`).join(' || ')} || true;
    }
    match /same/{n} {
      allow get: if ${Array.from({ length: 15 }, () => 'exists(/databases/$(database)/documents/d/x0)').join(' || ')} || true;
    }`),
  );
  it('reads other documents', () => {
    const store = { 'users/u1': { team: 'red' } };
    expect(a(req('get', 'teams/red', { caller: user('u1'), store })).allowed).toBe(true);
    expect(a(req('get', 'teams/blue', { caller: user('u1'), store })).allowed).toBe(false);
    expect(a(req('get', 'teams/red', { caller: user('u2'), store })).allowed).toBe(false); // get() of a missing doc is null
    expect(a(req('list', 'teams', { caller: user('u1'), store })).allowed).toBe(true);
    expect(a(req('list', 'teams', { caller: user('u2'), store })).allowed).toBe(false);
  });
  it('reads the state after the batch with getAfter / existsAfter', () => {
    const storeAfter = { 'teams/t/members/u1': { role: 'owner' } };
    expect(a(req('create', 'teams/t', { caller: user('u1'), store: {}, storeAfter })).allowed).toBe(true);
    expect(a(req('create', 'teams/t', { caller: user('u2'), store: {}, storeAfter })).allowed).toBe(false);
    expect(a(req('delete', 'teams/t', { caller: user('u1'), store: storeAfter, storeAfter: {} })).allowed).toBe(true);
    expect(a(req('delete', 'teams/t', { caller: user('u1'), store: {}, storeAfter })).allowed).toBe(false);
  });
  it('limits each operation to 10 distinct lookups, in a batch as well', () => {
    const batched = req('create', 'lookups/1', { batchSize: 2 });
    const d = a(batched);
    expect(d.allowed).toBe(false);
    expect(!d.allowed && d.message).toMatch(/maximum of 10 document access calls/);
    expect(batched.lookups).toHaveLength(10);
    const single = req('create', 'lookups/1', { batchSize: 1 });
    expect(a(single).allowed).toBe(false);
    expect(single.lookups).toHaveLength(10);
    expect(a(req('delete', 'lookups/1', { batchSize: 1, resource: doc('lookups/1', {}) })).allowed).toBe(true);
  });
  it('limits a whole batch to 20 distinct documents across its operations; a document read twice counts once', () => {
    const first = req('create', 'eight/a', { batchSize: 3 });
    expect(a(first).allowed).toBe(true); // 8
    expect(a(req('create', 'eight/b', { batchSize: 3, sameBatchAs: first })).allowed).toBe(true); // 16
    const third = a(req('create', 'eight/c', { batchSize: 3, sameBatchAs: first })); // would be 24
    expect(third.allowed).toBe(false);
    expect(!third.allowed && third.message).toMatch(/maximum of 20 document access calls in a batch/);
    const again = req('create', 'eight/a', { batchSize: 3 });
    for (let i = 0; i < 3; i++) expect(a(req('create', 'eight/a', { batchSize: 3, sameBatchAs: again })).allowed).toBe(true);
    // Separate commits do not share a budget.
    expect(a(req('create', 'eight/c', { batchSize: 3 })).allowed).toBe(true);
  });
  it('limits document reads to 10 per operation; repeated reads are cached', () => {
    const single = req('get', 'many/1');
    const d = a(single);
    expect(d.allowed).toBe(false);
    expect(!d.allowed && d.message).toMatch(/maximum of 10/);
    expect(single.lookups).toHaveLength(10);
    expect(a(req('get', 'many/1', { batchSize: 2 })).allowed).toBe(false); // 10 per operation, batch or not
    const same = req('get', 'same/1');
    expect(a(same).allowed).toBe(true);
    expect(same.lookups).toHaveLength(1);
  });
});

describe('list queries: rules are not filters', () => {
  const a = compile(
    rules(`
    match /games/{id} {
      allow list: if request.auth != null && resource.data.user_id == request.auth.uid;
    }
    match /shops/{id} {
      allow list: if resource.data.region in ['ng', 'gh'] && request.query.limit <= 20;
    }
    match /pots/{id} {
      allow list: if request.auth.uid in resource.data.members;
    }
    match /prices/{id} {
      allow list: if resource.data.amount < 100;
    }
    match /items/{id} {
      allow list: if resource.data.status == 'live' && resource.data.owner.id == request.auth.uid;
    }
    match /notes/{id} {
      allow list: if resource.data.visibility != 'private';
    }
    match /ordered/{id} {
      allow list: if request.query.orderBy.score == 'DESC' && request.query.offset == 0;
    }`),
  );
  const q = (where?: JsonObject, extra: JsonObject = {}): JsonObject => ({
    from: [{ collectionId: 'x' }],
    ...(where ? { where } : {}),
    ...extra,
  });
  const list = (path: string, query: ReturnType<typeof q>, uid: string | null = 'u1') =>
    a(req('list', path, { caller: uid === null ? anon : user(uid), query })).allowed;

  it('equality on the field the rule reads, with the caller value', () => {
    expect(list('games', q(eq('user_id', 'u1')))).toBe(true);
    expect(list('games', q(eq('user_id', 'u2')))).toBe(false);
    expect(list('games', q())).toBe(false);
    expect(list('games', q(eq('other', 'u1')))).toBe(false);
    expect(list('games', q(eq('user_id', 'u1')), null)).toBe(false);
    expect(list('games', q(and(eq('user_id', 'u1'), filter('amount', 'GREATER_THAN', 5))))).toBe(true);
  });
  it('in-filters must stay within the allowed values; request.query.limit', () => {
    expect(list('shops', q(eq('region', 'ng'), { limit: 10 }))).toBe(true);
    expect(list('shops', q(filter('region', 'IN', ['ng', 'gh']), { limit: 20 }))).toBe(true);
    expect(list('shops', q(filter('region', 'IN', ['ng', 'ke']), { limit: 20 }))).toBe(false);
    expect(list('shops', q(eq('region', 'ng'), { limit: 21 }))).toBe(false);
    expect(list('shops', q(eq('region', 'ng')))).toBe(false); // no limit
    expect(list('shops', q(eq('region', 'ng'), { limit: { value: 5 } }))).toBe(true);
  });
  it('OR queries: every disjunct must satisfy the rule', () => {
    expect(list('shops', q(or(eq('region', 'ng'), eq('region', 'gh')), { limit: 5 }))).toBe(true);
    expect(list('shops', q(or(eq('region', 'ng'), eq('region', 'us')), { limit: 5 }))).toBe(false);
    expect(list('shops', q(and(or(eq('region', 'ng'), eq('region', 'gh')), eq('open', true)), { limit: 5 }))).toBe(true);
  });
  it('array-contains decides `x in resource.data.list`', () => {
    expect(list('pots', q(filter('members', 'ARRAY_CONTAINS', 'u1')))).toBe(true);
    expect(list('pots', q(filter('members', 'ARRAY_CONTAINS', 'u2')))).toBe(false);
    expect(list('pots', q(filter('members', 'ARRAY_CONTAINS_ANY', ['u1'])))).toBe(true);
    expect(list('pots', q(filter('members', 'ARRAY_CONTAINS_ANY', ['u1', 'u2'])))).toBe(false);
    const d = a(req('list', 'pots', { caller: user('u1'), query: q(filter('members', 'ARRAY_CONTAINS', 'u2')) }));
    expect(!d.allowed && d.message).toMatch(/does not constrain resource\.data\.members: rules are not filters/);
  });
  it('range filters decide range conditions', () => {
    expect(list('prices', q(filter('amount', 'LESS_THAN', 50)))).toBe(true);
    expect(list('prices', q(filter('amount', 'LESS_THAN', 100)))).toBe(true);
    expect(list('prices', q(filter('amount', 'LESS_THAN_OR_EQUAL', 100)))).toBe(false);
    expect(list('prices', q(filter('amount', 'GREATER_THAN', 10)))).toBe(false);
    expect(list('prices', q(and(filter('amount', 'GREATER_THAN', 10), filter('amount', 'LESS_THAN', 99))))).toBe(true);
    expect(list('prices', q(eq('amount', 99)))).toBe(true);
  });
  it('nested field paths', () => {
    expect(list('items', q(and(eq('status', 'live'), eq('owner.id', 'u1'))))).toBe(true);
    expect(list('items', q(and(eq('status', 'live'), eq('owner.id', 'u2'))))).toBe(false);
    expect(list('items', q(eq('status', 'live')))).toBe(false);
  });
  it('!= and not-in filters decide inequality conditions', () => {
    expect(list('notes', q(filter('visibility', 'NOT_EQUAL', 'private')))).toBe(true);
    expect(list('notes', q(filter('visibility', 'NOT_IN', ['private', 'draft'])))).toBe(true);
    expect(list('notes', q(eq('visibility', 'public')))).toBe(true);
    expect(list('notes', q(filter('visibility', 'NOT_EQUAL', 'draft')))).toBe(false);
    expect(list('notes', q())).toBe(false);
  });
  it('request.query.orderBy and offset', () => {
    const order = [{ field: { fieldPath: 'score' }, direction: 'DESCENDING' }];
    expect(list('ordered', q(undefined, { orderBy: order, offset: 0 }))).toBe(true);
    expect(list('ordered', q(undefined, { orderBy: order, offset: 5 }))).toBe(false);
    expect(
      list('ordered', q(undefined, { orderBy: [{ field: { fieldPath: 'score' }, direction: 'ASCENDING' }], offset: 0 })),
    ).toBe(false);
  });
  it('a rule reading the document id denies a list', () => {
    const b = compile(rules("match /docs/{id} { allow list: if id == 'a'; allow get: if id == 'a'; }"));
    expect(b(req('list', 'docs', { query: q() })).allowed).toBe(false);
    expect(b(req('get', 'docs/a')).allowed).toBe(true);
  });
});

describe('a compiled rule set reused across requests', () => {
  it('answers every request on its own: no state leaks from one evaluation to the next', () => {
    const a = compile(
      rules(`
      function signedIn() { return request.auth != null; }
      function claim(n) { return signedIn() && request.auth.token.get(n, false) == true; }
      match /signal/{id} {
        allow create: if claim('can_post_signal')
          && request.resource.data.keys().hasAll(['title', 'status'])
          && request.resource.data.title in ['Boom', 'Pre-signal']
          && request.resource.data.status == 'Active';
        allow update: if claim('can_post_signal') && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['status'])
          && get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 1;
      }`),
    );
    const after = doc('signal/s1', { title: 'Boom', status: 'Active', details: 'x' });
    const before = doc('signal/s1', { title: 'Boom', status: 'Closed', details: 'x' });
    const caller = user('u1', { can_post_signal: true });
    const store = { 'users/u1': { role: 1 } };
    const notAdmin = { 'users/u1': { role: 0 } };
    const outsider = user('u2', { can_post_signal: false });
    const widened = doc('signal/s1', { title: 'Boom', status: 'Active', details: 'changed' });
    // Interleave allowed and denied requests: a cached get() or a memoised value from one request must
    // never decide another. (Speed is measured by emulator/bench/rules-bench.ts, not here.)
    const answers: boolean[] = [];
    for (let i = 0; i < 200; i++) {
      answers.push(a(req('create', 'signal/s1', { caller, requestResource: after })).allowed);
      answers.push(a(req('create', 'signal/s1', { caller: outsider, requestResource: after })).allowed);
      answers.push(a(req('update', 'signal/s1', { caller, resource: before, requestResource: after, store })).allowed);
      answers.push(a(req('update', 'signal/s1', { caller, resource: before, requestResource: after, store: notAdmin })).allowed);
      answers.push(a(req('update', 'signal/s1', { caller, resource: before, requestResource: widened, store })).allowed);
    }
    const expected = [true, false, true, false, false];
    expect(answers).toEqual(Array.from({ length: 200 }, () => expected).flat());
  });
});
