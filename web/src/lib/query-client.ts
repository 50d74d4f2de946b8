/**
 * The provider's answers cached per screen-independent key (TanStack Query, ADR 0007): the balance
 * read on /dashboard is shown again on /transactions and /profile without another request while it
 * is fresh, and every money move marks it stale (see the mutation hooks in features/<name>/api/).
 *
 * One client for the page, handed to each hook (useQuery(options, queryClient)) instead of through a
 * QueryClientProvider: a provider would sit in app/ and bring TanStack Query into the entry chunk, so
 * /login (which reads nothing through the cache) would download it too. This way only the screens
 * that use the cache load it.
 */
import { QueryClient } from '@tanstack/react-query';
import { localStore, persistQueries, restoreQueries } from '@/lib/query-persist';
import { getProfile, onProfileChange } from '@/lib/session';

/** How long an answer counts as fresh: moving between screens within it sends no request. */
export const FRESH_FOR_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failure shows at once with 'Try again' (as before the cache): no silent retries.
      queries: { staleTime: FRESH_FOR_MS, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
// The last known balance and transactions, for a reload without a connection (ADR 0024).
restoreQueries(queryClient, localStore(), getProfile()?.data.id ?? null, Date.now());
persistQueries(queryClient, localStore, () => getProfile()?.data.id ?? null);
// What QueryClientProvider would do on mount: refetch stale answers when the tab regains focus or the network returns.
queryClient.mount();
// A session that ends (logout, expiry) leaves no answers behind in memory for whoever uses the tab next.
onProfileChange(() => {
  if (!getProfile()) queryClient.clear();
});

/**
 * Query keys, shared so one feature can refresh what another shows without importing it (saving a bank
 * refreshes the wallet's bank list). Each key ends with the user's id: a new session never shows the
 * previous user's answers, even for one render. Invalidate with the prefix (for example queryKeys.wallet).
 */
export const queryKeys = {
  /** Everything a money move changes: balance and transaction lists. */
  wallet: ['wallet'] as const,
  balance: (uid: string) => ['wallet', 'balance', uid] as const,
  recentTransactions: (uid: string) => ['wallet', 'transactions', 'recent', uid] as const,
  transactions: (uid: string) => ['wallet', 'transactions', 'all', uid] as const,
  savedBanks: ['saved-banks'] as const,
  savedBanksOf: (uid: string) => ['saved-banks', uid] as const,
  bankList: (uid: string) => ['bank-list', uid] as const,
  referrals: (uid: string) => ['referrals', uid] as const,
};
