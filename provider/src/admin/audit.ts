/**
 * The admin audit log (provider_audit): reads are audited after they happen; a change writes its audit
 * entry in the same transaction as the change, so neither exists without the other; refused calls too.
 */
import type { ApiCallName } from '@punter/core/api/calls';
import { audit as auditLog, type AuditDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, type ProviderResponse } from '../http';
import { newId, type Tx } from '../store';

export const iso = (ms: number) => new Date(ms).toISOString();

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

    async logs(admin: UserDoc): Promise<ProviderResponse> {
      const docs = await auditLog.query(deps.store);
      await audit(admin, 'logs.list', null);
      const list = docs
        .map((d) => d.data)
        .sort((a, b) => b.created_at - a.created_at)
        .slice(0, 500)
        .map((l) => ({
          id: l.id,
          admin_id: l.admin_id,
          action: l.action,
          target: l.target,
          ...(l.refused === true ? { refused: true } : {}),
          createdAt: iso(l.created_at),
        }));
      return ok({ message: 'Logs fetched', data: list });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
