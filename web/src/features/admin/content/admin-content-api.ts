/**
 * The console's reports and content calls (issue 16): the wallet report and the per-day series, blogs, gift
 * cards and their categories, batches, ads and crypto rates. Reads share the console's cache key, so every
 * change refreshes them (refreshAdmin); a 403 ends the session as on every console call (adminCall).
 */
import type { ApiCallName, ApiRequestInput, ApiResponse } from '@punter/core/api/calls';
import type { CallOptions } from '@/lib/api';
import { useApiQuery, type QueryState } from '@/lib/use-api-query';
import { adminCall, refreshAdmin } from '../api/admin-api';

export type WalletReport = ApiResponse<'walletReport'>['data'];
export type DailyReport = ApiResponse<'dailyReport'>['data'];
export type Blog = ApiResponse<'allBlogs'>['data'][number];
export type GiftCardCategory = ApiResponse<'giftCardCategories'>['data'][number];
export type Batch = ApiResponse<'todayBatch'>['data'][number];
export type Ad = ApiResponse<'allAds'>['data'][number];
export type CryptoRate = ApiResponse<'cryptoRates'>['data'][number];

/** A console read, under the console's cache key. */
const useAdminRead = <T>(part: string, load: () => Promise<T>, ...more: unknown[]): QueryState<T> =>
  useApiQuery((uid) => ['admin', part, uid, ...more], load);

export const useWalletReport = () => useAdminRead('wallet-report', async () => (await adminCall('walletReport')).data);
/** A range of UTC days (YYYY-MM-DD, both or neither); none: the last 30 days. */
export interface DayRange {
  from?: string;
  to?: string;
}
export const useDailyReport = (range: DayRange) =>
  useAdminRead('daily-report', async () => (await adminCall('dailyReport', { query: { ...range } })).data, range);
export const useBlogs = () => useAdminRead('blogs', async () => (await adminCall('allBlogs')).data);
export const useGiftCardCategories = () =>
  useAdminRead('gift-card-categories', async () => (await adminCall('giftCardCategories')).data);
export const useTodayBatches = () => useAdminRead('batches', async () => (await adminCall('todayBatch')).data);
export const useAds = () => useAdminRead('ads', async () => (await adminCall('allAds')).data);
export const useCryptoRates = () => useAdminRead('crypto', async () => (await adminCall('cryptoRates')).data);

/** One change: the provider's message (SPEC section 8's toasts come from it), then the console refreshed. */
async function change<N extends ApiCallName>(name: N, options: CallOptions<N>): Promise<string> {
  const answer = (await adminCall(name, options)) as { message: string };
  await refreshAdmin();
  return answer.message;
}

export const createBlog = (body: ApiRequestInput<'blogCreate'>) => change('blogCreate', { body });
export const updateBlog = (body: ApiRequestInput<'blogUpdate'>) => change('blogUpdate', { body });
/** SPEC section 7: the blog id travels in an `id` header. */
export const deleteBlog = (id: string) => change('blogDelete', { headers: { id } });
export const createGiftCard = (body: ApiRequestInput<'giftCardCreate'>) => change('giftCardCreate', { body });
export const updateGiftCard = (body: ApiRequestInput<'giftCardUpdate'>) => change('giftCardUpdate', { body });
export const deleteGiftCard = (id: string) => change('giftCardDelete', { body: { id } });
export const saveGiftCardCategory = (body: ApiRequestInput<'giftCardCategoryUpdate'>) =>
  change('giftCardCategoryUpdate', { body });
export const createBatch = (body: ApiRequestInput<'batchCreate'>) => change('batchCreate', { body });
export const updateCryptoRate = (body: ApiRequestInput<'cryptoUpdate'>) => change('cryptoUpdate', { body });
