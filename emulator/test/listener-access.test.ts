/**
 * Conformance (issue 31 item 6): a listener whose rules stop allowing it. Production Firestore checks a
 * listen's rules again when it would send the listener a change; when they no longer allow it, the target is
 * removed with a cause (PERMISSION_DENIED) and the SDK ends the listener with `permission-denied` (see the
 * emulator's README, "Listeners that lose access"). Collection and query listeners get the same as document
 * listeners: a subscription that ends or a break that starts stops a feed opened before it.
 * Through the Node client SDK (gRPC); against the official emulator too when FIRESTORE_EMULATOR_HOST is set.
 */
import type { FirebaseApp } from 'firebase/app';
import { deleteApp, initializeApp } from 'firebase/app';
import type { DocumentData, Firestore, Query } from 'firebase/firestore';
import {
  Timestamp,
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  setDoc,
  terminate,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteEmulator, uniqueProject, waitFor } from './helpers';

// The project's signal rule in small: readers need an access document whose `until` is in the future and
// that is not paused.
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function hasAccess() {
      let access = get(/databases/$(database)/documents/access/$(request.auth.uid)).data;
      return request.auth != null && access.until > request.time && access.paused == false;
    }
    match /feed/{id} {
      allow read: if hasAccess();
    }
    match /access/{uid} {
      allow read, write: if false;
    }
  }
}
`;

let emulator: Awaited<ReturnType<typeof suiteEmulator>>;
const project = uniqueProject('listener-access');
const clients: Array<{ app: FirebaseApp; db: Firestore }> = [];

function connect(token: string | { sub: string; user_id: string }): Firestore {
  const app = initializeApp({ projectId: project, apiKey: 'fake-api-key' }, `listener-access-${Math.random()}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: token });
  clients.push({ app, db });
  return db;
}

beforeAll(async () => {
  emulator = await suiteEmulator({ rules: RULES });
  if (emulator.external) {
    const res = await fetch(`http://${emulator.host}:${emulator.port}/emulator/v1/projects/${project}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ content: RULES }] } }),
    });
    expect(res.ok).toBe(true);
  }
});

afterAll(async () => {
  for (const c of clients) {
    await terminate(c.db);
    await deleteApp(c.app);
  }
  await emulator?.stop();
});

interface Watch {
  seen: string[][];
  error: { code: string } | null;
  stop: () => void;
}

function watch(q: Query<DocumentData>): Watch {
  const w: Watch = { seen: [], error: null, stop: () => undefined };
  w.stop = onSnapshot(
    q,
    (snap) => w.seen.push(snap.docs.map((d) => d.id)),
    (error) => {
      w.error = error;
    },
  );
  return w;
}

const kinds: Array<[string, (db: Firestore, feed: string) => Query<DocumentData>]> = [
  ['a collection listener', (db, feed) => query(collection(db, feed))],
  [
    'a query listener (where, orderBy, limit)',
    (db, feed) => query(collection(db, feed), where('group', '==', 'A'), orderBy('n'), limit(50)),
  ],
];

describe('listeners stop when access ends (issue 31 item 6)', () => {
  for (const [kind, build] of kinds) {
    it(`${kind} opened before the subscription ends is ended with permission-denied at the next signal`, async () => {
      const uid = `reader-${Math.random().toString(36).slice(2)}`;
      const feed = 'feed';
      const owner = connect('owner');
      const reader = connect({ sub: uid, user_id: uid });
      // Long enough for a first connection on a loaded machine; the test then waits until it has passed.
      const until = Date.now() + 5000;
      await setDoc(doc(owner, 'access', uid), { until: Timestamp.fromMillis(until), paused: false });
      const first = `s1-${uid}`;
      await setDoc(doc(owner, feed, first), { group: 'A', n: 1 });
      const w = watch(build(reader, feed));
      await waitFor(() => w.seen.some((ids) => ids.includes(first)), 5000, 'the first signal');

      // The subscription ends; the next signal must not reach the listener.
      await new Promise((r) => setTimeout(r, Math.max(0, until + 100 - Date.now())));
      const late = `s2-${uid}`;
      await setDoc(doc(owner, feed, late), { group: 'A', n: 2 });
      await waitFor(() => w.error !== null, 5000, 'the listener to be ended');
      expect(w.error?.code).toBe('permission-denied');
      expect(w.seen.some((ids) => ids.includes(late))).toBe(false);
      w.stop();
    });

    it(`${kind} is ended when a break starts, and sees nothing written after`, async () => {
      const uid = `reader-${Math.random().toString(36).slice(2)}`;
      const feed = 'feed';
      const owner = connect('owner');
      const reader = connect({ sub: uid, user_id: uid });
      await setDoc(doc(owner, 'access', uid), { until: Timestamp.fromMillis(Date.now() + 3_600_000), paused: false });
      const w = watch(build(reader, feed));
      const before = `b1-${uid}`;
      await setDoc(doc(owner, feed, before), { group: 'A', n: 3 });
      await waitFor(() => w.seen.some((ids) => ids.includes(before)), 5000, 'a signal while allowed');

      await setDoc(doc(owner, 'access', uid), { until: Timestamp.fromMillis(Date.now() + 3_600_000), paused: true });
      const during = `b2-${uid}`;
      await setDoc(doc(owner, feed, during), { group: 'A', n: 4 });
      await waitFor(() => w.error !== null, 5000, 'the listener to be ended');
      expect(w.error?.code).toBe('permission-denied');
      expect(w.seen.some((ids) => ids.includes(during))).toBe(false);
      w.stop();
    });
  }

  it('a listener that still has access keeps receiving', async () => {
    const uid = `reader-${Math.random().toString(36).slice(2)}`;
    const owner = connect('owner');
    const reader = connect({ sub: uid, user_id: uid });
    await setDoc(doc(owner, 'access', uid), { until: Timestamp.fromMillis(Date.now() + 3_600_000), paused: false });
    const w = watch(query(collection(reader, 'feed'), where('group', '==', 'B')));
    await waitFor(() => w.seen.length > 0, 5000, 'the first snapshot');
    const id = `k-${uid}`;
    await setDoc(doc(owner, 'feed', id), { group: 'B', n: 5 });
    await waitFor(() => w.seen.some((ids) => ids.includes(id)), 5000, 'a new signal');
    expect(w.error).toBeNull();
    w.stop();
  });
});
