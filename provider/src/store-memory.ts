/**
 * An in-memory Store for unit tests. Transactions run one at a time (a queue), so they are
 * trivially serializable; the Firestore store is what the concurrency tests exercise.
 */
import type { Data, Doc, QuerySpec, Store, Tx } from './store';

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

export function matches(data: Data, spec: QuerySpec): boolean {
  for (const [field, op, value] of spec.where ?? []) {
    const actual = data[field];
    if (actual === undefined) return false;
    const c = compare(actual, value);
    if (op === '==' && actual !== value) return false;
    if (op === '<' && !(c < 0)) return false;
    if (op === '<=' && !(c <= 0)) return false;
    if (op === '>' && !(c > 0)) return false;
    if (op === '>=' && !(c >= 0)) return false;
  }
  return true;
}

export function createMemoryStore(): Store & { dump(): Map<string, Data> } {
  const docs = new Map<string, Data>();
  let queue: Promise<unknown> = Promise.resolve();
  const key = (collection: string, id: string) => `${collection}\u0000${id}`;
  const clone = (data: Data): Data => structuredClone(data);

  const store: Store & { dump(): Map<string, Data> } = {
    dump: () => docs,
    get(collection, id) {
      const found = docs.get(key(collection, id));
      return Promise.resolve(found ? clone(found) : null);
    },
    query(collection, spec = {}) {
      const prefix = `${collection}\u0000`;
      let out: Doc[] = [];
      for (const [k, data] of docs) {
        if (!k.startsWith(prefix)) continue;
        const id = k.slice(prefix.length);
        if (id.includes('\u0000') || !matches(data, spec)) continue;
        out.push({ id, data: clone(data) });
      }
      if (spec.orderBy) {
        const { field, direction } = spec.orderBy;
        const sign = direction === 'asc' ? 1 : -1;
        const order = (a: { value: unknown; id: string }, b: { value: unknown; id: string }) =>
          sign * (compare(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        out = out.filter((d) => d.data[field] !== undefined);
        out.sort((a, b) => order({ value: a.data[field], id: a.id }, { value: b.data[field], id: b.id }));
        const after = spec.startAfter;
        if (after) out = out.filter((d) => order({ value: d.data[field], id: d.id }, after) > 0);
      }
      if (spec.offset !== undefined) out = out.slice(spec.offset);
      if (spec.limit !== undefined) out = out.slice(0, spec.limit);
      return Promise.resolve(out);
    },
    async count(collection, spec = {}) {
      const { where, orderBy } = spec;
      return (await store.query(collection, { ...(where ? { where } : {}), ...(orderBy ? { orderBy } : {}) })).length;
    },
    set(collection, id, data) {
      docs.set(key(collection, id), clone(data));
      return Promise.resolve();
    },
    update(collection, id, data) {
      const existing = docs.get(key(collection, id));
      if (!existing) return Promise.reject(new Error(`No document to update: ${collection}/${id}`));
      docs.set(key(collection, id), { ...existing, ...clone(data) });
      return Promise.resolve();
    },
    delete(collection, id) {
      docs.delete(key(collection, id));
      return Promise.resolve();
    },
    increment(collection, id, field, by, fields = {}) {
      const existing = docs.get(key(collection, id)) ?? {};
      const current = typeof existing[field] === 'number' ? existing[field] : 0;
      const value = current + by;
      docs.set(key(collection, id), { ...existing, ...clone(fields), [field]: value });
      return Promise.resolve(value);
    },
    runTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const run = async (): Promise<T> => {
        const writes: Array<() => void> = [];
        let wrote = false;
        const tx: Tx = {
          get: (collection, id) => {
            if (wrote) return Promise.reject(new Error('Transaction reads must come before writes'));
            return store.get(collection, id);
          },
          create: (collection, id, data) => {
            wrote = true;
            writes.push(() => {
              if (docs.has(key(collection, id))) throw new Error(`Document already exists: ${collection}/${id}`);
              docs.set(key(collection, id), clone(data));
            });
          },
          set: (collection, id, data) => {
            wrote = true;
            writes.push(() => docs.set(key(collection, id), clone(data)));
          },
          update: (collection, id, data) => {
            wrote = true;
            writes.push(() => {
              const existing = docs.get(key(collection, id));
              if (!existing) throw new Error(`No document to update: ${collection}/${id}`);
              docs.set(key(collection, id), { ...existing, ...clone(data) });
            });
          },
          delete: (collection, id) => {
            wrote = true;
            writes.push(() => docs.delete(key(collection, id)));
          },
        };
        const result = await fn(tx);
        // Apply atomically: check creates first by applying onto a snapshot.
        const snapshot = new Map(docs);
        try {
          for (const write of writes) write();
        } catch (error) {
          docs.clear();
          for (const [k, v] of snapshot) docs.set(k, v);
          throw error;
        }
        return result;
      };
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => Promise.resolve(),
  };
  return store;
}
