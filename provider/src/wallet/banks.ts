/** Banks: the list, account-name lookup, and the user's saved accounts (at most 5). */
import { auditActionKeys } from '@punter/core/api/admin';
import banksData from '../data/banks.json';
import { audit as auditLog, banks as savedBanksCollection, users, type SavedBankDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ApiError, badRequest, conflict, notFound, ok, parseBody, type ProviderResponse } from '../http';
import { bankAddBody, bankVerifyBody } from '../schemas';
import { sha256 } from '../secrets';
import { newId } from '../store';

export interface Bank {
  name: string;
  code: string;
  nip_code?: string;
}
export const BANKS: readonly Bank[] = banksData;

const MAX_SAVED_BANKS = 5;

/** The audit action of a holder's confirmation of an account in another name (ADR 0046). */
export const BANK_OTHER_NAME_AUDIT_ACTION = 'bank.confirm_other_name';

/** A name as comparable words: upper case, letters only ('Okafor-Eze, ADA' -> OKAFOR, EZE, ADA). */
function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w.length > 0);
}

/**
 * Whether the bank's name for an account is the holder's registered name: every word of the first and the last
 * name appears in the bank's name, in any order (banks write 'OKAFOR ADA CHIOMA' for Ada Okafor).
 */
export function accountNameMatchesHolder(accountName: string, holder: Pick<UserDoc, 'first_name' | 'last_name'>): boolean {
  const bankWords = new Set(nameWords(accountName));
  const first = nameWords(holder.first_name);
  const last = nameWords(holder.last_name);
  if (first.length === 0 || last.length === 0) return false;
  return [...first, ...last].every((w) => bankWords.has(w));
}

export const holderName = (user: Pick<UserDoc, 'first_name' | 'last_name'>) => `${user.first_name} ${user.last_name}`.trim();

/** Why a bank account in another name is refused without the holder's confirmation. */
export function otherNameMessage(accountName: string): string {
  return `This account is in the name of ${accountName}, not yours. Confirm that your withdrawals may be paid to it.`;
}

/** Whether withdrawals may go to a saved account: in the holder's own name, or confirmed by the holder. */
export function bankPayable(bank: SavedBankDoc, holder: Pick<UserDoc, 'first_name' | 'last_name'>): boolean {
  return accountNameMatchesHolder(bank.account_name, holder) || (bank.other_name_confirmed_at ?? null) !== null;
}

export function savedBankView(b: SavedBankDoc) {
  return { id: b.id, account_name: b.account_name, account_number: b.account_number, bank_name: b.bank_name, code: b.code };
}

export function createBanks(deps: ProviderDeps) {
  return {
    banks(): ProviderResponse {
      return ok({ message: 'Banks fetched', data: BANKS.map((b) => ({ code: b.code, name: b.name })) });
    },

    async verifyBank(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(bankVerifyBody, body);
      if (!BANKS.some((b) => b.code === input.bank_code)) throw badRequest('Please choose a valid bank');
      const name = await deps.bankResolver.resolve(input.account_number, input.bank_code);
      if (!name) throw notFound('We could not find this account number at the selected bank');
      return ok({
        message: 'Account resolved',
        data: {
          account_name: name,
          account_number: input.account_number,
          bank_code: input.bank_code,
          holder_match: accountNameMatchesHolder(name, user),
        },
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
      // The server decides whether the account is the holder's, from the bank's answer and the registered name;
      // the client only carries the holder's consent (ADR 0046).
      const own = accountNameMatchesHolder(resolved, user);
      if (!own && input.confirm_other_name !== true) {
        throw new ApiError(422, otherNameMessage(resolved), [
          { message: otherNameMessage(resolved), field: 'confirm_other_name' },
        ]);
      }
      const id = sha256(`${user.id}:${input.code}:${input.account_number}`).slice(0, 20);
      const now = deps.now();
      const doc: SavedBankDoc = {
        id,
        user_id: user.id,
        bank_name: bank.name,
        account_name: resolved,
        account_number: input.account_number,
        code: input.code,
        created_at: now,
        other_name_confirmed_at: own ? null : now,
      };
      const saved = await deps.store.runTransaction(async (tx) => {
        const existing = await savedBanksCollection.get(tx, id);
        const owner = await users.get(tx, user.id);
        const confirmNow = !own && (existing?.other_name_confirmed_at ?? null) === null;
        if (confirmNow) {
          // Who, when and which account: written with the account it allows, in the same transaction.
          const entryId = newId();
          auditLog.create(tx, entryId, {
            id: entryId,
            admin_id: user.id,
            action: BANK_OTHER_NAME_AUDIT_ACTION,
            ...auditActionKeys(BANK_OTHER_NAME_AUDIT_ACTION),
            target: id,
            created_at: now,
            account: {
              bank_code: input.code,
              account_number: input.account_number,
              account_name: resolved,
              holder_name: holderName(owner ?? user),
            },
          });
        }
        if (existing) {
          // A saved account in another name, saved before the rule, becomes payable once its holder confirms it.
          if (!confirmNow) throw conflict('This bank account is already saved');
          const upgraded = { ...existing, other_name_confirmed_at: now };
          savedBanksCollection.set(tx, id, upgraded);
          return upgraded;
        }
        const count = owner?.saved_banks ?? 0;
        if (count >= MAX_SAVED_BANKS) throw badRequest(`You can save at most ${MAX_SAVED_BANKS} bank accounts`);
        savedBanksCollection.create(tx, id, doc);
        users.update(tx, user.id, { saved_banks: count + 1 });
        return doc;
      });
      return ok({ message: 'Bank details saved succesfully', data: savedBankView(saved) });
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
