/**
 * The console's calls on pots, betting codes, disputes and signals (ADR 0022), beside admin-api.ts: the same
 * adminCall (a 403 ends the session), the same 'admin' cache refreshed after every change.
 */
import type { AdminDisputesQuery, AdminGamesQuery, AdminPotsQuery, AdminSignalsQuery } from '@punter/core/api/admin-console';
import type { PotCreateRequest } from '@punter/core/api/pots';
import type { ApiCallName, ApiResponse } from '@punter/core/api/calls';
import { clearResultSchema } from '@punter/core/bridge-schemas';
import { ApiFailure, toApiFailure, type CallOptions } from '@/lib/api';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';
import { adminCall, refreshAdmin, type Page } from './admin-api';

export type AdminPot = ApiResponse<'adminPots'>['data'][number];
export type AdminPotParticipant = ApiResponse<'adminPotParticipants'>['data'][number];
export type AdminGame = ApiResponse<'adminGames'>['data'][number];
export type Dispute = ApiResponse<'adminDisputes'>['data'][number];
export type AdminSignal = ApiResponse<'adminSignals'>['data'][number];
export type AutoTradaState = ApiResponse<'autoTradaState'>['data'];
export type SaferPlayState = ApiResponse<'adminUserSaferPlay'>['data'];
export type { PotCreateRequest };

const KEY = 'admin';
type Filters = Record<string, string | number | undefined>;

export function useAdminPots(filters: AdminPotsQuery): QueryState<Page<AdminPot>> {
  return useApiQuery(
    (uid) => [KEY, 'pots', uid, filters],
    async () => {
      const answer = await adminCall('adminPots', { query: filters as Filters });
      return { items: answer.data, paging: answer.paging };
    },
  );
}

export function useAdminGames(filters: AdminGamesQuery): QueryState<Page<AdminGame>> {
  return useApiQuery(
    (uid) => [KEY, 'games', uid, filters],
    async () => {
      const answer = await adminCall('adminGames', { query: filters as Filters });
      return { items: answer.data, paging: answer.paging };
    },
  );
}

export function useDisputes(filters: AdminDisputesQuery): QueryState<Page<Dispute>> {
  return useApiQuery(
    (uid) => [KEY, 'disputes', uid, filters],
    async () => {
      const answer = await adminCall('adminDisputes', { query: filters as Filters });
      return { items: answer.data, paging: answer.paging };
    },
  );
}

export function useSignalHistory(filters: AdminSignalsQuery): QueryState<Page<AdminSignal>> {
  return useApiQuery(
    (uid) => [KEY, 'signals', uid, filters],
    async () => {
      const answer = await adminCall('adminSignals', { query: filters as Filters });
      return { items: answer.data, paging: answer.paging };
    },
  );
}

export function usePotParticipants(potId: string): QueryState<AdminPotParticipant[]> {
  return useApiQuery(
    (uid) => [KEY, 'pot-participants', uid, potId],
    async () => (await adminCall('adminPotParticipants', { params: { id: potId } })).data,
  );
}

export function useAutoTrada(): QueryState<AutoTradaState> {
  return useApiQuery(
    (uid) => [KEY, 'auto-trada', uid],
    async () => (await adminCall('autoTradaState')).data,
  );
}

export function useUserSaferPlay(userId: string): QueryState<SaferPlayState> {
  return useApiQuery(
    (uid) => [KEY, 'safer-play', uid, userId],
    async () => (await adminCall('adminUserSaferPlay', { params: { id: userId } })).data,
  );
}

/** A change: the provider's message for the toast, then every console list refreshed. */
async function change<N extends ApiCallName>(name: N, options: CallOptions<N>): Promise<string> {
  const answer = (await adminCall(name, options)) as { message: string };
  await refreshAdmin();
  return answer.message;
}

export const createPot = (pot: PotCreateRequest) => change('potCreate', { body: pot });
export const updatePot = (potId: string, pot: PotCreateRequest) => change('potUpdate', { body: { pot_id: potId, pot } });
export const bookPotResult = (potId: string, resultPercent: number) =>
  change('potResult', { body: { pot_id: potId, result_percent: resultPercent } });
export const switchAutoTrada = (enabled: boolean, reason: string) =>
  change('autoTradaSwitch', { body: enabled ? { enabled } : { enabled, reason } });
export const settleCode = (gameId: string, status: 'Boom' | 'Cut') => change('settleGame', { body: { game_id: gameId, status } });
export const resolveDispute = (disputeId: string, note: string) =>
  change('disputeResolve', { body: { dispute_id: disputeId, note } });
export const setSignalPermission = (userId: string, allowed: boolean) =>
  change('userUpdate', { body: { user_id: userId, can_post_signal: allowed } });

/** Clear Games: the clearGames callable (role 1, checked again by the function) deletes every code of the Hub. */
export async function clearAllGames(): Promise<string> {
  let raw: unknown;
  try {
    raw = await (await import('@/lib/firebase-session')).callFunction('clearGames', {});
  } catch (error) {
    throw toApiFailure(error);
  }
  const result = clearResultSchema.safeParse(raw);
  if (!result.success) throw new ApiFailure(['An error occurred'], 'bad-answer');
  await refreshAdmin();
  return result.data.message;
}
