/** Admin batches: a batch is credited to an existing admin; batch/today lists today's (UTC). */
import { batches, users } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { badRequest, notFound, ok, parseBody, type ProviderResponse } from '../http';
import { batchCreateBody } from '../schemas';
import { newId } from '../store';
import { iso, type Audit } from './audit';

export function createAdminBatches(deps: ProviderDeps, { audit, auditIn }: Audit) {
  return {
    async batchCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(batchCreateBody, body);
      const id = newId();
      const now = deps.now();
      await deps.store.runTransaction(async (tx) => {
        // The batch is credited to an admin: admin_id must name an existing account with role 1.
        const owner = await users.get(tx, input.admin_id);
        if (!owner) throw notFound('Admin not found');
        if (owner.role !== 1)
          throw badRequest('admin_id: This user is not an admin', [{ message: 'This user is not an admin', field: 'admin_id' }]);
        batches.set(tx, id, { id, ...input, created_at: now, day: iso(now).slice(0, 10) });
        auditIn(tx, admin, 'batch.create', id);
      });
      return ok({ message: 'Batch created successfully!', data: { id, ...input, createdAt: iso(now) } });
    },

    async todayBatch(admin: UserDoc): Promise<ProviderResponse> {
      const today = iso(deps.now()).slice(0, 10);
      const list = (await batches.query(deps.store))
        .map((d) => d.data)
        .filter((b) => b.day === today)
        .sort((a, b) => b.created_at - a.created_at);
      await audit(admin, 'batch.today', null);
      return ok({
        message: 'Batches fetched',
        data: list.map((b) => ({
          id: b.id,
          creator_name: b.creator_name,
          creator_email: b.creator_email,
          creator_phone_number: b.creator_phone_number,
          admin_id: b.admin_id,
          createdAt: iso(b.created_at),
        })),
      });
    },
  };
}
