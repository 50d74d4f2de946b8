/**
 * Issue 31 item 8: any user could flood the audit log (300 refused admin calls, 301 entries, the console's
 * first page full of them), and the audit list read the whole collection before paging. Now refused calls by a
 * non-admin are counted per user and window, one entry per burst with its count, and the list is a query with
 * a limit and a cursor. On the memory store and on the project's emulator through firebase-admin.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import type { Doc, QuerySpec, Store } from '../src/store';
import { client, makeProvider, onboardedUser } from './helpers';
import { firestoreEnv, memoryEnv, type StoreEnv } from './stores';

interface Log {
  id: string;
  admin_id: string;
  action: string;
  refused?: boolean;
  count?: number;
  createdAt: string;
}

/** The store, counting how many audit documents its queries hand back. */
function counting(store: Store): Store & { auditDocsRead: () => number } {
  let read = 0;
  return {
    ...store,
    async query(collection: string, spec?: QuerySpec): Promise<Doc[]> {
      const docs = await store.query(collection, spec);
      if (collection === C.audit) read += docs.length;
      return docs;
    },
    auditDocsRead: () => read,
  };
}

const envs: Array<[string, () => Promise<StoreEnv>]> = [
  ['memory', memoryEnv],
  ['firestore emulator', firestoreEnv],
];
const started: StoreEnv[] = [];
afterAll(() => Promise.all(started.map((e) => e.stop())));

for (const [name, makeEnv] of envs) {
  describe(`the audit log cannot be flooded (issue 31 item 8, ${name})`, () => {
    it('300 refused admin calls by a user are one entry with a count of 300; the next window starts another', async () => {
      const env = await makeEnv();
      started.push(env);
      const [store] = env.clients(1) as [Store];
      const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
      const provider = makeProvider({ store, now: () => clock.now });
      const c = client(provider);
      const admin = await onboardedUser(provider);
      await store.update(C.users, admin.id, { role: 1 });
      const mallory = await onboardedUser(provider);

      // 300 refused calls, 20 at a time (a client hammering the API; all at once only measures this machine).
      const statuses = new Set<number>();
      for (let burst = 0; burst < 15; burst++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            i % 2 === 0
              ? c.call('GET', '/api/v1/admin/all-logs', undefined, mallory.token)
              : c.call('PUT', '/api/v1/users/suspend-account', { user_id: admin.id }, mallory.token),
          ),
        );
        for (const a of answers) statuses.add(a.status);
      }
      expect(statuses).toEqual(new Set([403]));

      const list = async () =>
        (await c.call('GET', `/api/v1/admin/all-logs?admin_id=${mallory.id}`, undefined, admin.token)).body.data as Log[];
      const first = await list();
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({ admin_id: mallory.id, refused: true, count: 300 });
      expect((await store.query(C.audit, { where: [['admin_id', '==', mallory.id]] })).length).toBe(1);

      // An hour later is another burst: a second entry, counted from 1.
      clock.now += 60 * 60 * 1000;
      expect((await c.call('GET', '/api/v1/admin/admins', undefined, mallory.token)).status).toBe(403);
      const second = await list();
      expect(second.map((l) => l.count)).toEqual([1, 300]);
    });

    it('the list pages on the server: a page reads its own entries, not the collection, and the cursor goes on', async () => {
      const env = await makeEnv();
      started.push(env);
      const [base] = env.clients(1) as [Store];
      const store = counting(base);
      const clock = { now: Date.parse('2026-11-22T08:00:00Z') };
      const provider = makeProvider({ store, now: () => clock.now });
      const c = client(provider);
      const admin = await onboardedUser(provider);
      await store.update(C.users, admin.id, { role: 1 });
      for (let i = 0; i < 120; i++) {
        await base.set(C.audit, `seeded-${String(i).padStart(3, '0')}`, {
          id: `seeded-${String(i).padStart(3, '0')}`,
          admin_id: admin.id,
          action: 'user.suspend',
          action_key: 'user.suspend',
          action_group: 'user.',
          target: 'someone',
          created_at: clock.now - (i + 1) * 1000,
        });
      }
      const before = store.auditDocsRead();
      const page1 = await c.call('GET', '/api/v1/admin/all-logs?action=user.&page_size=20', undefined, admin.token);
      expect(page1.status).toBe(200);
      expect(store.auditDocsRead() - before).toBeLessThanOrEqual(21);
      const data1 = page1.body.data as Log[];
      expect(data1.map((l) => l.id)).toEqual(Array.from({ length: 20 }, (_, i) => `seeded-${String(i).padStart(3, '0')}`));
      const paging1 = page1.body.paging as { total: number; has_more: boolean; next_cursor?: string };
      expect(paging1).toMatchObject({ page: 1, page_size: 20, total: 120, has_more: true });
      expect(typeof paging1.next_cursor).toBe('string');

      const page2 = await c.call(
        'GET',
        `/api/v1/admin/all-logs?action=user.&page_size=20&cursor=${encodeURIComponent(paging1.next_cursor ?? '')}`,
        undefined,
        admin.token,
      );
      expect((page2.body.data as Log[]).map((l) => l.id)).toEqual(
        Array.from({ length: 20 }, (_, i) => `seeded-${String(i + 20).padStart(3, '0')}`),
      );
      // Page numbers still work (the console's pager): page 6 is the last, nothing after it.
      const page6 = await c.call('GET', '/api/v1/admin/all-logs?action=user.&page_size=20&page=6', undefined, admin.token);
      expect((page6.body.data as Log[])[19]?.id).toBe('seeded-119');
      expect(page6.body.paging).toMatchObject({ has_more: false });
      const bad = await c.call('GET', '/api/v1/admin/all-logs?cursor=not-a-cursor', undefined, admin.token);
      expect([bad.status, bad.body.message]).toEqual([400, 'cursor: cursor is not valid']);
    });
  });
}
