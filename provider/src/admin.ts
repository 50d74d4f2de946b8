/**
 * Admin calls of SPEC section 7 (and its "defined but unused" admin paths), by resource (admin/).
 * Each is for role 1 only (403 for anyone else, checked by the router, which also writes the refusal
 * to the audit log) and each is written to the audit log (provider_audit); a call that changes
 * something writes its audit entry in the same transaction as the change, so neither exists without the other.
 */
import { createAudit } from './admin/audit';
import { createAdminBatches } from './admin/batches';
import { createAdminContent } from './admin/content';
import { createAdminGiftCards } from './admin/giftcards';
import { createAdminHub } from './admin/hub';
import { createAdminPots } from './admin/pots';
import { createAdminReports } from './admin/reports';
import { createAdminTransactions } from './admin/transactions';
import { createAdminUsers } from './admin/users';
import type { ProviderDeps, UserDoc } from './context';
import type { Wallet } from './wallet';

export function createAdmin(deps: ProviderDeps, wallet: Wallet) {
  const audit = createAudit(deps);
  return {
    audit: audit.audit,
    auditRefused: audit.auditRefused,
    logs: (admin: UserDoc, query: unknown) => audit.logs(admin, query),
    ...createAdminUsers(deps, audit),
    ...createAdminBatches(deps, audit),
    ...createAdminContent(deps, audit),
    ...createAdminGiftCards(deps, audit),
    ...createAdminTransactions(deps, wallet, audit),
    ...createAdminReports(deps, audit),
    ...createAdminPots(deps, audit),
    ...createAdminHub(deps, audit),
  };
}
