/**
 * The admin audit log (provider_audit): reads are audited after they happen; a change writes its audit
 * entry in the same transaction as the change, so neither exists without the other; refused calls too.
 */
import { auditActionKeys } from '@punter/core/api/admin';
import type { ApiCallName } from '@punter/core/api/calls';
import { audit as auditLog, type AuditDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, parseBody, type ProviderResponse } from '../http';
import { adminLogsQuerySchema } from '../schemas';
import { newId, type QuerySpec, type Tx } from '../store';

export const iso = (ms: number) => new Date(ms).toISOString();

const DAY_MS = 24 * 60 * 60 * 1000;
/** The [start, end) epoch range of a from/to day filter (both days inclusive, UTC). */
export function dayRange(from: string | undefined, to: string | undefined): { start: number; end: number } {
  return {
    start: from ? Date.parse(`${from}T00:00:00Z`) : -Infinity,
    end: to ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : Infinity,
  };
}

/** One page of an already filtered and ordered list, with where the page stands. */
export function pageOf<T>(list: readonly T[], query: { page: number; page_size: number }) {
  const start = (query.page - 1) * query.page_size;
  return {
    data: list.slice(start, start + query.page_size),
    paging: {
      page: query.page,
      page_size: query.page_size,
      total: list.length,
      has_more: start + query.page_size < list.length,
    },
  };
}

/**
 * Refused admin calls by one user are counted in windows of this length: one entry per user and window, its
 * `count` raised by each refusal (issue 31 item 8), so a flood of refusals is one line of the log, not a page.
 */
export const REFUSED_AUDIT_WINDOW_MS = 15 * 60 * 1000;

/** A page's cursor: the last entry's created_at and id ('1763798400000_abc'). */
const encodeCursor = (doc: AuditDoc) => `${doc.created_at}_${doc.id}`;
function decodeCursor(cursor: string): { value: number; id: string } {
  const at = cursor.indexOf('_');
  return { value: Number(cursor.slice(0, at)), id: cursor.slice(at + 1) };
}

export function createAudit(deps: ProviderDeps) {
  const auditDoc = (adminId: string, action: string, target: string | null, extra: Partial<AuditDoc> = {}): AuditDoc => ({
    id: newId(),
    admin_id: adminId,
    action,
    ...auditActionKeys(action),
    target,
    created_at: deps.now(),
    ...extra,
  });

  /** Audits a read (after it happened). */
  async function audit(admin: UserDoc, action: string, target: string | null): Promise<void> {
    const doc = auditDoc(admin.id, action, target);
    await auditLog.set(deps.store, doc.id, doc);
  }
  /** Audits a change inside the transaction that makes it. */
  function auditIn(tx: Tx, admin: UserDoc, action: string, target: string | null): void {
    const doc = auditDoc(admin.id, action, target);
    auditLog.create(tx, doc.id, doc);
  }
  /**
   * Counts a refused admin call (403: the caller is not role 1) in the caller's entry for the current window:
   * the first refusal of a window writes it (created_at is the window's start), every other one raises its
   * `count` and says which call came last. One atomic increment, no transaction: a burst does not contend.
   */
  async function auditRefused(caller: UserDoc, call: ApiCallName, method: string, path: string): Promise<void> {
    const now = deps.now();
    const start = Math.floor(now / REFUSED_AUDIT_WINDOW_MS) * REFUSED_AUDIT_WINDOW_MS;
    const id = `refused-${caller.id}-${start}`;
    const doc: Omit<AuditDoc, 'count'> = {
      ...auditDoc(caller.id, call, null, { refused: true, method, path }),
      id,
      created_at: start,
      last_at: now,
    };
    await deps.store.increment(auditLog.path, id, 'count', 1, doc);
  }
  /** Writes one document and its audit entry in one transaction. */
  async function writeAudited(admin: UserDoc, action: string, target: string, write: (tx: Tx) => void): Promise<void> {
    await deps.store.runTransaction((tx) => {
      write(tx);
      auditIn(tx, admin, action, target);
      return Promise.resolve();
    });
  }

  return {
    audit,
    auditIn,
    auditRefused,
    writeAudited,

    /** The log newest first, filtered by who (admin_id), what (action or its start), to whom (target) and when. */
    /**
     * The log newest first, one page read from Firestore (a query with its filters, a limit and a cursor or an
     * offset; the total is a count aggregation): the collection is never read whole. `action` is one action
     * ('user.suspend') or a group ('user.'), case-insensitive.
     */
    async logs(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminLogsQuerySchema, rawQuery);
      const action = query.action?.toLowerCase();
      const spec: QuerySpec = {
        where: [
          ...(query.admin_id ? [['admin_id', '==', query.admin_id] as const] : []),
          ...(query.target ? [['target', '==', query.target] as const] : []),
          ...(action ? [[action.endsWith('.') ? 'action_group' : 'action_key', '==', action] as const] : []),
          ...(query.from ? [['created_at', '>=', dayRange(query.from, undefined).start] as const] : []),
          ...(query.to ? [['created_at', '<', dayRange(undefined, query.to).end] as const] : []),
        ],
        orderBy: { field: 'created_at', direction: 'desc' },
      };
      const [total, docs] = await Promise.all([
        deps.store.count(auditLog.path, spec),
        auditLog.query(deps.store, {
          ...spec,
          limit: query.page_size + 1,
          ...(query.cursor ? { startAfter: decodeCursor(query.cursor) } : { offset: (query.page - 1) * query.page_size }),
        }),
      ]);
      await audit(admin, 'logs.list', null);
      const data = docs.slice(0, query.page_size).map((d) => d.data);
      const hasMore = docs.length > query.page_size;
      const last = data[data.length - 1];
      const list = data.map((l) => ({
        id: l.id,
        admin_id: l.admin_id,
        action: l.action,
        target: l.target,
        ...(l.refused === true ? { refused: true } : {}),
        ...(l.count !== undefined ? { count: l.count } : {}),
        ...(l.last_at !== undefined ? { lastAt: iso(l.last_at) } : {}),
        ...(l.reason !== undefined ? { reason: l.reason } : {}),
        createdAt: iso(l.created_at),
      }));
      const paging = {
        page: query.page,
        page_size: query.page_size,
        total,
        has_more: hasMore,
        ...(hasMore && last ? { next_cursor: encodeCursor(last) } : {}),
      };
      return ok({ message: 'Logs fetched', data: list, paging });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
