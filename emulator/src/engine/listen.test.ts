import { beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../contract';
import { Code } from '../contract';
import type { EngineBackend } from './backend';
import { createBackend } from './backend';
import type { Collector } from './test-support';
import { ALICE, collector, commit, DB, docName, fieldFilter, OWNER, ROOT, setDoc, toFields } from './test-support';

let b: EngineBackend;
beforeEach(() => {
  b = createBackend();
});

/** Summarizes listen responses as short strings: 'ADD 1', 'change c/a [1]', 'CURRENT 1', 'SNAPSHOT', ... */
function summarize(messages: JsonObject[]): string[] {
  return messages.map((m) => {
    const tc = m['targetChange'] as JsonObject | undefined;
    if (tc) {
      const ids = (tc['targetIds'] as number[] | undefined) ?? [];
      if (ids.length === 0 && !tc['targetChangeType']) return 'SNAPSHOT';
      const cause = tc['cause'] as JsonObject | undefined;
      return `${tc['targetChangeType'] as string} ${ids.join(',')}${cause ? ` cause ${cause['code'] as number}` : ''}`;
    }
    const short = (n: unknown): string => String(n).slice(ROOT.length + 1);
    if (m['documentChange']) {
      const dc = m['documentChange'] as JsonObject;
      return `change ${short((dc['document'] as JsonObject)['name'])} [${(dc['targetIds'] as number[]).join(',')}]`;
    }
    if (m['documentDelete']) return `delete ${short((m['documentDelete'] as JsonObject)['document'])}`;
    if (m['documentRemove']) return `remove ${short((m['documentRemove'] as JsonObject)['document'])}`;
    return JSON.stringify(m);
  });
}

interface Listener {
  c: Collector;
  last: JsonObject[];
  add: (id: number, target: JsonObject) => string[];
  remove: (id: number) => string[];
  close: () => void;
}

function listen(caller = OWNER): Listener {
  const c = collector();
  const stream = b.openStream('Listen', caller, c.sink);
  const l: Listener = {
    c,
    last: [],
    add: (id, target) => {
      stream.receive({ database: DB, addTarget: { targetId: id, ...target } });
      l.last = c.take();
      return summarize(l.last);
    },
    remove: (id) => {
      stream.receive({ database: DB, removeTarget: id });
      return summarize(c.take());
    },
    close: () => stream.close(),
  };
  return l;
}

const queryTarget = (sq: JsonObject): JsonObject => ({ query: { parent: ROOT, structuredQuery: sq } });
const order = (fieldPath: string, direction = 'ASCENDING'): JsonObject => ({ field: { fieldPath }, direction });

describe('documents targets', () => {
  it('sends ADD, the document, CURRENT and a snapshot; then changes and deletes', async () => {
    await setDoc(b, 'c/a', { n: 1 });
    const l = listen();
    expect(l.add(1, { documents: { documents: [docName('c/a'), docName('c/missing')] } })).toEqual([
      'ADD 1',
      'change c/a [1]',
      'CURRENT 1',
      'SNAPSHOT',
    ]);
    await setDoc(b, 'c/a', { n: 2 });
    expect(summarize(l.c.take())).toEqual(['change c/a [1]', 'SNAPSHOT']);
    await setDoc(b, 'c/missing', { n: 2 });
    await commit(b, [{ delete: docName('c/a') }]);
    expect(summarize(l.c.take())).toEqual(['change c/missing [1]', 'SNAPSHOT', 'delete c/a', 'SNAPSHOT']);
    await setDoc(b, 'c/other', {});
    expect(l.c.take()).toEqual([]);
    expect(l.remove(1)).toEqual(['REMOVE 1']);
    await setDoc(b, 'c/a', {});
    expect(l.c.take()).toEqual([]);
  });

  it('carries resume tokens and read times in CURRENT and snapshots', async () => {
    const l = listen();
    l.add(1, { documents: { documents: [docName('c/a')] } });
    const r = await setDoc(b, 'c/a', {});
    l.c.take();
    await setDoc(b, 'c/a', { x: 1 });
    const snap = l.c.messages.length ? l.c.take() : [];
    const marker = snap.at(-1)?.['targetChange'] as JsonObject;
    expect(typeof marker['resumeToken']).toBe('string');
    expect((marker['readTime'] as string) > (r['commitTime'] as string)).toBe(true);
  });
});

describe('query targets', () => {
  it('adds, changes, removes (left the query) and deletes documents', async () => {
    await setDoc(b, 'c/a', { n: 1 });
    await setDoc(b, 'c/b', { n: 5 });
    const l = listen();
    expect(l.add(2, queryTarget({ from: [{ collectionId: 'c' }], where: fieldFilter('n', 'GREATER_THAN', 2) }))).toEqual([
      'ADD 2',
      'change c/b [2]',
      'CURRENT 2',
      'SNAPSHOT',
    ]);
    await setDoc(b, 'c/a', { n: 3 });
    expect(summarize(l.c.take())).toEqual(['change c/a [2]', 'SNAPSHOT']);
    await setDoc(b, 'c/a', { n: 0 });
    expect(summarize(l.c.take())).toEqual(['remove c/a', 'SNAPSHOT']);
    await setDoc(b, 'c/a', { n: -1 });
    expect(l.c.take()).toEqual([]);
    await commit(b, [{ delete: docName('c/b') }, { update: { name: docName('c/z'), fields: toFields({ n: 9 }) } }]);
    expect(summarize(l.c.take())).toEqual(['change c/z [2]', 'delete c/b', 'SNAPSHOT']);
    await setDoc(b, 'd/z', { n: 9 });
    expect(l.c.take()).toEqual([]);
  });

  it('keeps limit queries right as documents move in and out', async () => {
    for (const [id, n] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      await setDoc(b, `c/${id}`, { n });
    const l = listen();
    expect(l.add(4, queryTarget({ from: [{ collectionId: 'c' }], orderBy: [order('n')], limit: 2 }))).toEqual([
      'ADD 4',
      'change c/a [4]',
      'change c/b [4]',
      'CURRENT 4',
      'SNAPSHOT',
    ]);
    await setDoc(b, 'c/e', { n: 0 }); // enters, pushes b out
    expect(summarize(l.c.take())).toEqual(['change c/e [4]', 'remove c/b', 'SNAPSHOT']);
    await commit(b, [{ delete: docName('c/e') }]); // leaves, b comes back
    expect(summarize(l.c.take())).toEqual(['change c/b [4]', 'delete c/e', 'SNAPSHOT']);
    await setDoc(b, 'c/a', { n: 10 }); // moves to the end: c comes in
    expect(summarize(l.c.take())).toEqual(['change c/c [4]', 'remove c/a', 'SNAPSHOT']);
    await setDoc(b, 'c/b', { n: 2, extra: true }); // changes inside the window
    expect(summarize(l.c.take())).toEqual(['change c/b [4]', 'SNAPSHOT']);
    await setDoc(b, 'c/z', { n: 100 }); // beyond the window: nothing
    expect(l.c.take()).toEqual([]);
  });

  it('serves limitToLast as a reversed order with a limit', async () => {
    for (const [id, n] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await setDoc(b, `c/${id}`, { n });
    const l = listen();
    expect(l.add(6, queryTarget({ from: [{ collectionId: 'c' }], orderBy: [order('n', 'DESCENDING')], limit: 2 }))).toEqual([
      'ADD 6',
      'change c/c [6]',
      'change c/b [6]',
      'CURRENT 6',
      'SNAPSHOT',
    ]);
    await setDoc(b, 'c/c', { n: -5 });
    expect(summarize(l.c.take())).toEqual(['change c/a [6]', 'remove c/c', 'SNAPSHOT']);
  });

  it('serves collection-group targets and offsets', async () => {
    const l = listen();
    l.add(8, queryTarget({ from: [{ collectionId: 'msgs', allDescendants: true }] }));
    l.add(10, queryTarget({ from: [{ collectionId: 'x' }], orderBy: [order('n')], offset: 1 }));
    await setDoc(b, 'rooms/r1/msgs/m1', { t: 'hi' });
    expect(summarize(l.c.take())).toEqual(['change rooms/r1/msgs/m1 [8]', 'SNAPSHOT']);
    await setDoc(b, 'x/1', { n: 1 });
    expect(l.c.take()).toEqual([]);
    await setDoc(b, 'x/0', { n: 0 });
    expect(summarize(l.c.take())).toEqual(['change x/1 [10]', 'SNAPSHOT']);
  });
});

describe('resume and errors', () => {
  it('resumes with a token: nothing when unchanged, RESET and documents after changes', async () => {
    await setDoc(b, 'c/a', { n: 1 });
    const l1 = listen();
    l1.add(2, queryTarget({ from: [{ collectionId: 'c' }] }));
    const token = ((l1.last.at(-1) ?? {})['targetChange'] as JsonObject | undefined)?.['resumeToken'];
    expect(typeof token).toBe('string');
    l1.close();
    const l2 = listen();
    expect(l2.add(2, { ...queryTarget({ from: [{ collectionId: 'c' }] }), resumeToken: token ?? '' })).toEqual([
      'ADD 2',
      'CURRENT 2',
      'SNAPSHOT',
    ]);
    l2.close();
    await setDoc(b, 'other/x', { n: 2 }); // a change elsewhere does not invalidate the token
    const l2b = listen();
    expect(l2b.add(2, { ...queryTarget({ from: [{ collectionId: 'c' }] }), resumeToken: token ?? '' })).toEqual([
      'ADD 2',
      'CURRENT 2',
      'SNAPSHOT',
    ]);
    l2b.close();
    await setDoc(b, 'c/b', { n: 2 });
    const l3 = listen();
    expect(l3.add(2, { ...queryTarget({ from: [{ collectionId: 'c' }] }), resumeToken: token ?? '' })).toEqual([
      'ADD 2',
      'RESET 2',
      'change c/a [2]',
      'change c/b [2]',
      'CURRENT 2',
      'SNAPSHOT',
    ]);
    // A token from another emulator instance (or garbage) always gets a RESET.
    const l4 = listen();
    expect(l4.add(2, { ...queryTarget({ from: [{ collectionId: 'c' }] }), resumeToken: 'Z2FyYmFnZQ==' })[1]).toBe('RESET 2');
  });

  it('removes a denied target with cause 7 and an invalid query with cause 3', () => {
    b.setAuthorizer((req) => (req.path.startsWith('open') ? { allowed: true } : { allowed: false, message: 'no' }));
    const l = listen(ALICE);
    expect(l.add(2, queryTarget({ from: [{ collectionId: 'secret' }] }))).toEqual(['REMOVE 2 cause 7']);
    expect(l.add(4, { documents: { documents: [docName('secret/x')] } })).toEqual(['REMOVE 4 cause 7']);
    expect(l.add(6, queryTarget({ from: [{ collectionId: 'open' }], where: fieldFilter('n', 'IN', []) }))).toEqual([
      'REMOVE 6 cause 3',
    ]);
    expect(l.add(8, queryTarget({ from: [{ collectionId: 'open' }] }))).toEqual(['ADD 8', 'CURRENT 8', 'SNAPSHOT']);
    expect(b.stats().listenTargets).toBe(1);
  });

  it('fails the stream on a malformed request', () => {
    const c = collector();
    const s = b.openStream('Listen', OWNER, c.sink);
    s.receive({ addTarget: { targetId: 1, documents: { documents: [] } } });
    expect(c.errors[0]?.code).toBe(Code.INVALID_ARGUMENT);
  });
});

describe('write streams', () => {
  it('handshakes, acknowledges writes before the listen update, and fails on a denied write', () => {
    const order: string[] = [];
    const l = collector();
    const ls = b.openStream('Listen', ALICE, {
      ...l.sink,
      send: (m) => order.push(m['documentChange'] ? 'listen-change' : 'listen'),
    });
    ls.receive({ database: DB, addTarget: { targetId: 2, documents: { documents: [docName('c/a')] } } });
    order.length = 0;
    const w = collector();
    const ws = b.openStream('Write', ALICE, { ...w.sink, send: (m) => (order.push('ack'), w.sink.send(m)) });
    ws.receive({ database: DB });
    const hello = w.take()[0];
    expect(typeof hello?.['streamId']).toBe('string');
    expect(typeof hello?.['streamToken']).toBe('string');
    order.length = 0;
    ws.receive({
      streamToken: hello?.['streamToken'] ?? '',
      writes: [{ update: { name: docName('c/a'), fields: toFields({ n: 1 }) } }],
    });
    const ack = w.take()[0];
    expect((ack?.['writeResults'] as JsonObject[]).length).toBe(1);
    expect(typeof ack?.['commitTime']).toBe('string');
    expect(order).toEqual(['ack', 'listen-change', 'listen']);
    ws.receive({ streamToken: ack?.['streamToken'] ?? '' });
    expect(w.take()).toEqual([]);
    b.setAuthorizer(() => ({ allowed: false, message: 'no' }));
    ws.receive({ streamToken: 'x', writes: [{ delete: docName('c/a') }] });
    expect(w.errors[0]?.code).toBe(Code.PERMISSION_DENIED);
  });
});

describe('fan-out', () => {
  it('notifies every one of 200 listeners of each write', async () => {
    const sinks = Array.from({ length: 200 }, () => {
      const l = listen();
      l.add(
        2,
        queryTarget({
          from: [{ collectionId: 'feed' }],
          where: fieldFilter('live', 'EQUAL', true),
          orderBy: [order('at', 'DESCENDING')],
          limit: 20,
        }),
      );
      l.c.take();
      return l.c;
    });
    for (let i = 0; i < 30; i++) await setDoc(b, `warm/p${i}`, { live: true, at: i });
    for (let i = 0; i < 30; i++) await setDoc(b, `feed/p${i}`, { live: true, at: i });
    // Speed is measured by the benchmark (npm run bench -w @punter/emulator), not here.
    expect(sinks.every((c) => c.messages.filter((m) => m['documentChange']).length === 30)).toBe(true);
  });
});

describe('a change sent to many listeners', () => {
  it('is judged for every listener at the time of its commit, however long the fan-out takes', async () => {
    // Each reading of the clock is a second later: a fan-out that read it per listener would judge the
    // hundredth listener 100 s after the commit (and a subscription ending in between would refuse it).
    let now = 1_767_225_600_000_000_000n;
    const timed = createBackend({ clock: () => (now += 1_000_000_000n) });
    const times: string[] = [];
    timed.setAuthorizer((req) => {
      times.push(req.time);
      return { allowed: true };
    });
    const sinks = Array.from({ length: 100 }, () => {
      const c = collector();
      timed
        .openStream('Listen', ALICE, c.sink)
        .receive({ database: DB, addTarget: { targetId: 2, ...queryTarget({ from: [{ collectionId: 'feed' }] }) } });
      return c;
    });
    times.length = 0;
    await commit(timed, [{ update: { name: docName('feed/a'), fields: toFields({ n: 1 }) } }]);
    const sent = sinks.map((c) => c.take().find((m) => m['documentChange']));
    const updateTime = ((sent[0]?.['documentChange'] as JsonObject)['document'] as JsonObject)['updateTime'];
    expect(sent.every((m) => m !== undefined)).toBe(true);
    expect(times).toHaveLength(100);
    expect(new Set(times)).toEqual(new Set([updateTime]));
  });
});

describe('several targets on one stream', () => {
  it('sends one message per document with all its target ids', async () => {
    await setDoc(b, 'c/a', { n: 1 });
    const l = listen();
    l.add(2, queryTarget({ from: [{ collectionId: 'c' }], where: fieldFilter('n', 'GREATER_THAN', 0) }));
    l.add(4, queryTarget({ from: [{ collectionId: 'c' }], where: fieldFilter('n', 'LESS_THAN', 5) }));
    l.add(6, { documents: { documents: [docName('c/a')] } });
    await setDoc(b, 'c/a', { n: 2 });
    expect(summarize(l.c.take())).toEqual(['change c/a [2,4,6]', 'SNAPSHOT']);
    await setDoc(b, 'c/a', { n: 9 }); // leaves target 4, stays in 2 and 6
    const [m] = l.c.take();
    expect((m?.['documentChange'] as JsonObject)['targetIds']).toEqual([2, 6]);
    expect((m?.['documentChange'] as JsonObject)['removedTargetIds']).toEqual([4]);
    await commit(b, [{ delete: docName('c/a') }]);
    expect(summarize(l.c.take())).toEqual(['delete c/a', 'SNAPSHOT']);
  });
});

describe('one stream, targets added one after another (the SDK re-listening to documents it has)', () => {
  /** The readTime of every global snapshot marker among the messages. */
  const markerTimes = (messages: JsonObject[]): string[] =>
    messages.flatMap((m) => {
      const tc = m['targetChange'] as JsonObject | undefined;
      const ids = (tc?.['targetIds'] as number[] | undefined) ?? [];
      return tc && !tc['targetChangeType'] && ids.length === 0 ? [tc['readTime'] as string] : [];
    });

  it('answers a re-added target in full, and its snapshot read times never go back', async () => {
    await setDoc(b, 'orders/a1', { owner: 'alice' });
    const l = listen();
    const all: JsonObject[] = [];
    const owned = queryTarget({ from: [{ collectionId: 'orders' }], where: fieldFilter('owner', 'EQUAL', 'alice'), limit: 10 });
    expect(l.add(1002, owned)).toEqual(['ADD 1002', 'change orders/a1 [1002]', 'CURRENT 1002', 'SNAPSHOT']);
    all.push(...l.last);
    const firstToken = ((l.last.at(-1) ?? {})['targetChange'] as JsonObject)['resumeToken'];
    expect(l.remove(1002)).toEqual(['REMOVE 1002']);
    // No commit in between: the document target gets the document again, CURRENT and a consistent snapshot.
    expect(l.add(1004, { documents: { documents: [docName('orders/a1')] } })).toEqual([
      'ADD 1004',
      'change orders/a1 [1004]',
      'CURRENT 1004',
      'SNAPSHOT',
    ]);
    all.push(...l.last);
    const sent = (l.last[1]?.['documentChange'] as JsonObject)['document'] as JsonObject;
    const before = (all[1]?.['documentChange'] as JsonObject)['document'] as JsonObject;
    expect(sent['updateTime']).toBe(before['updateTime']);
    // The same query again with the first token: the client's data is current, so no documents and no RESET.
    expect(l.add(1006, { ...owned, resumeToken: firstToken as string })).toEqual(['ADD 1006', 'CURRENT 1006', 'SNAPSHOT']);
    all.push(...l.last);
    await setDoc(b, 'orders/a1', { owner: 'alice', n: 2 });
    all.push(...l.c.take());
    expect(l.add(1008, owned)).toEqual(['ADD 1008', 'change orders/a1 [1008]', 'CURRENT 1008', 'SNAPSHOT']);
    all.push(...l.last);
    // The SDK drops a global snapshot older than the last one it applied (remote_store.ts, raiseWatchSnapshot).
    const times = markerTimes(all);
    expect(times).toHaveLength(5);
    expect([...times].sort()).toEqual(times);
    expect((times[4] as string) > (times[0] as string)).toBe(true);
  });
});
