/** Banks: the list, account-name lookup, and the user's saved accounts (at most 5). */
import banksData from '../data/banks.json';
import { banks as savedBanksCollection, users, type SavedBankDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { badRequest, conflict, notFound, ok, parseBody, type ProviderResponse } from '../http';
import { bankAddBody, bankVerifyBody } from '../schemas';
import { sha256 } from '../secrets';

export interface Bank {
  name: string;
  code: string;
  nip_code?: string;
}
export const BANKS: readonly Bank[] = banksData;

const MAX_SAVED_BANKS = 5;

export function savedBankView(b: SavedBankDoc) {
  return { id: b.id, account_name: b.account_name, account_number: b.account_number, bank_name: b.bank_name, code: b.code };
}

export function createBanks(deps: ProviderDeps) {
  return {
    banks(): ProviderResponse {
      return ok({ message: 'Banks fetched', data: BANKS.map((b) => ({ code: b.code, name: b.name })) });
    },

    async verifyBank(_user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(bankVerifyBody, body);
      if (!BANKS.some((b) => b.code === input.bank_code)) throw badRequest('Please choose a valid bank');
      const name = await deps.bankResolver.resolve(input.account_number, input.bank_code);
      if (!name) throw notFound('We could not find this account number at the selected bank');
      return ok({
        message: 'Account resolved',
        data: { account_name: name, account_number: input.account_number, bank_code: input.bank_code },
      });
    },

    async addBank(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(bankAddBody, body);
      const bank = BANKS.find((b) => b.code === input.code);
      if (!bank) throw badRequest('Please choose a valid bank');
      const resolved = await deps.bankResolver.resolve(input.account_number, input.code);
      if (!resolved) throw notFound('We could not find this account number at the selected bank');
      if (resolved.trim().toLowerCase() !== input.account_name.trim().toLowerCase()) {
        throw badRequest("The account name does not match the bank's records");
      }
      const id = sha256(`${user.id}:${input.code}:${input.account_number}`).slice(0, 20);
      const doc: SavedBankDoc = {
        id,
        user_id: user.id,
        bank_name: bank.name,
        account_name: resolved,
        account_number: input.account_number,
        code: input.code,
        created_at: deps.now(),
      };
      await deps.store.runTransaction(async (tx) => {
        const existing = await savedBanksCollection.get(tx, id);
        if (existing) throw conflict('This bank account is already saved');
        const owner = await users.get(tx, user.id);
        const saved = owner?.saved_banks ?? 0;
        if (saved >= MAX_SAVED_BANKS) throw badRequest(`You can save at most ${MAX_SAVED_BANKS} bank accounts`);
        savedBanksCollection.create(tx, id, doc);
        users.update(tx, user.id, { saved_banks: saved + 1 });
      });
      return ok({ message: 'Bank details saved succesfully', data: savedBankView(doc) });
    },

    async savedBanks(user: UserDoc): Promise<ProviderResponse> {
      const docs = await savedBanksCollection.query(deps.store, { where: [['user_id', '==', user.id]] });
      const list = docs
        .map((d) => d.data)
        .sort((a, b) => a.created_at - b.created_at)
        .map(savedBankView);
      return ok({ message: 'Banks fetched', data: list });
    },
  };
}
