/** The wallet's balance and statement (SPEC section 3), read from the ledger. */
import { koboToNaira } from '@punter/core/money';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, type ProviderResponse } from '../http';
import { balanceKobo, statement, transactionView } from '../ledger';

export function createStatement(deps: ProviderDeps) {
  return {
    async balance(user: UserDoc): Promise<ProviderResponse> {
      const balance = koboToNaira(await balanceKobo(deps.store, user.id));
      return ok({ message: 'Wallet fetched', balance, data: { balance, currency: 'NGN' } });
    },

    async limitTransactions(user: UserDoc): Promise<ProviderResponse> {
      const list = await statement(deps.store, user.id, 5);
      return ok({ message: 'Transactions fetched', data: list.map(transactionView) });
    },

    async transactions(user: UserDoc): Promise<ProviderResponse> {
      const list = await statement(deps.store, user.id, 1000);
      return ok({ message: 'Transactions fetched', data: list.map(transactionView) });
    },
  };
}
