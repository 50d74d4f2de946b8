/**
 * The naira wallet's calls, by resource (wallet/): the balance and statement, banks, top-up (credits
 * once per payment transaction_id), withdrawals (PENDING debit, then payout or admin approval; a
 * failed payout is reversed by a new entry), the monthly subscription, and the referral and
 * notification lists. Money moves only through ledger.ts.
 */
import type { Accounts } from './accounts';
import { KeyedMutex, type ProviderDeps } from './context';
import { header } from './http';
import { createActivity } from './wallet/activity';
import { createBanks } from './wallet/banks';
import { createFunding } from './wallet/funding';
import { createStatement } from './wallet/statement';
import { createSubscription } from './wallet/subscription';
import { createWithdrawals } from './wallet/withdrawals';

export function createWallet(deps: ProviderDeps, accounts: Accounts) {
  // One queue per wallet for the calls of this module that debit or credit it.
  const walletLocks = new KeyedMutex();
  return {
    ...createStatement(deps),
    ...createActivity(deps),
    ...createBanks(deps),
    ...createFunding(deps, walletLocks),
    ...createWithdrawals(deps, accounts, walletLocks),
    ...createSubscription(deps, walletLocks),

    idempotencyKey(req: Parameters<typeof header>[0]) {
      return header(req, 'idempotency-key');
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
