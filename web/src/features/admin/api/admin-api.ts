/**
 * The operator console's calls (SPEC section 7's admin calls, role 1 only) and the hooks its screens use.
 * Lists page and filter on the server (the filters travel as the query string); every change refreshes
 * the console's lists. A 403 shows 'Your session has expired !' and clears the profile (SPEC section 6).
 */
import type { AdminTransaction, AdminUsersQuery, AdminTransactionsQuery, AdminLogsQuery, Paging } from '@punter/core/api/admin';
import type { ApiCallName, ApiResponse } from '@punter/core/api/calls';
import { ApiFailure, callApi, logout, type CallOptions } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { showToast } from '@/lib/notify';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';

export type { AdminTransaction };
export type AdminUser = ApiResponse<'allUsers'>['data'][number];
export type AdminAccount = ApiResponse<'admins'>['data'][number];
export type AuditEntry = ApiResponse<'allLogs'>['data'][number];
export type UserLedger = ApiResponse<'userLedger'>['data'];
export interface Page<T> {
  items: T[];
  paging: Paging;
}

/** SPEC section 8's message for a 403 on an admin call. */
export const ADMIN_SESSION_EXPIRED = 'Your session has expired !';

/** One admin call; a 403 (no longer an admin, or the session is not one) ends the session as SPEC says. */
export async function adminCall<N extends ApiCallName>(name: N, options: CallOptions<N> = {}): Promise<ApiResponse<N>> {
  try {
    return await callApi(name, options);
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 'permission-denied') {
      showToast('error', ADMIN_SESSION_EXPIRED, 'admin-session');
      await logout();
    }
    throw error;
  }
}

const ADMIN_KEY = 'admin';
/** Everything the console shows, refreshed after each change. */
export function refreshAdmin(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
}

type Filters = Record<string, string | number | undefined>;

// ---------------------------------------------------------------------------------------------
// Reads

export function usePendingWithdrawals(): QueryState<AdminTransaction[]> {
  return useApiQuery(
    (uid) => [ADMIN_KEY, 'pending', uid],
    async () => (await adminCall('pendingTransactions')).data,
  );
}

export function useAdminUsers(filters: AdminUsersQuery): QueryState<Page<AdminUser>> {
  return useApiQuery(
    (uid) => [ADMIN_KEY, 'users', uid, filters],
    async () => {
      const answer = await adminCall('allUsers', { query: filters as Filters });
      return { items: answer.data, paging: answer.paging };
    },
  );
}

export function useUserLedger(userId: string): QueryState<UserLedger> {
  return useApiQuery(
    (uid) => [ADMIN_KEY, 'ledger', uid, userId],
    async () => (await adminCall('userLedger', { params: { id: userId } })).data,
  );
}

export function useAdmins(): QueryState<AdminAccount[]> {
  return useApiQuery(
    (uid) => [ADMIN_KEY, 'admins', uid],
    async () => (await adminCall('admins')).data,
  );
}

export function useAdminTransactions(filters: AdminTransactionsQuery): QueryState<Page<AdminTransaction>> {
  return useApiQuery(
    (uid) => [ADMIN_KEY, 'transactions', uid, filters],
    async () => {
      const answer = await adminCall('allTransactions', { query: filters as Filters });
      return { items: answer.data, paging: answer.paging };
    },
  );
}

export function useAuditLog(filters: AdminLogsQuery): QueryState<Page<AuditEntry>> {
  return useApiQuery(
    (uid) => [ADMIN_KEY, 'audit', uid, filters],
    async () => {
      const answer = await adminCall('allLogs', { query: filters as Filters });
      return { items: answer.data, paging: answer.paging };
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Changes: each answers the provider's message (SPEC section 8's toasts) and refreshes the lists.

async function change<N extends ApiCallName>(name: N, options: CallOptions<N>): Promise<string> {
  const answer = (await adminCall(name, options)) as { message: string };
  await refreshAdmin();
  return answer.message;
}

export const settleWithdrawal = (
  transactionId: string,
  decision: { action: 'approve' } | { action: 'decline'; reason: string },
) => change('approveTransaction', { body: { transaction_id: transactionId, ...decision } });
export const suspendUser = (userId: string) => change('suspendAccount', { body: { user_id: userId } });
export const activateUser = (userId: string) => change('activateAccount', { body: { user_id: userId } });
export const updateUser = (body: {
  user_id: string;
  can_post_signal?: boolean;
  can_post_game?: boolean;
  can_monetize_game?: boolean;
  must_change_password?: true;
}) => change('userUpdate', { body });
export const addAdmin = (email: string) => change('adminCreate', { body: { email } });
export const removeAdmin = (userId: string) => change('adminDelete', { body: { user_id: userId } });
