/**
 * The admin audit log (provider_audit): reads are audited after they happen; a change writes its audit
 * entry in the same transaction as the change, so neither exists without the other; refused calls too.
 */
import type { ApiCallName } from '@punter/core/api/calls';
import { audit as auditLog, type AuditDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, parseBody, type ProviderResponse } from '../http';
import { adminLogsQuerySchema } from '../schemas';
import { newId, type Tx } from '../store';

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

export function createAudit(deps: ProviderDeps) {
  const auditDoc = (adminId: string, action: string, target: string | null, extra: Partial<AuditDoc> = {}): AuditDoc => ({
    id: newId(),
    admin_id: adminId,
    action,
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
  /** Writes a refused admin call (403: the caller is not role 1): who, which call, when. */
  async function auditRefused(caller: UserDoc, call: ApiCallName, method: string, path: string): Promise<void> {
    const doc = auditDoc(caller.id, call, null, { refused: true, method, path });
    await auditLog.set(deps.store, doc.id, doc);
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
    async logs(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminLogsQuerySchema, rawQuery);
      const docs = await auditLog.query(deps.store, {
        where: [
          ...(query.admin_id ? [['admin_id', '==', query.admin_id] as const] : []),
          ...(query.target ? [['target', '==', query.target] as const] : []),
        ],
      });
      await audit(admin, 'logs.list', null);
      const { start, end } = dayRange(query.from, query.to);
      const action = query.action?.toLowerCase();
      const matching = docs
        .map((d) => d.data)
        .filter((l) => l.created_at >= start && l.created_at < end)
        .filter((l) => !action || l.action.toLowerCase() === action || l.action.toLowerCase().startsWith(action))
        .sort((a, b) => b.created_at - a.created_at);
      const { data, paging } = pageOf(matching, query);
      const list = data.map((l) => ({
        id: l.id,
        admin_id: l.admin_id,
        action: l.action,
        target: l.target,
        ...(l.refused === true ? { refused: true } : {}),
        createdAt: iso(l.created_at),
      }));
      return ok({ message: 'Logs fetched', data: list, paging });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
