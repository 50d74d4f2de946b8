/**
 * Withdrawals go only to an account in the holder's registered name, or to one the holder confirmed when saving
 * it, an audited confirmation (ADR 0046). Checked by the provider on what it stores, whatever the client sends.
 */
import { describe, expect, it } from 'vitest';
import { sandboxAccountName } from '../src/adapters/bank-resolver';
import { C } from '../src/collections';
import { createMemoryStore } from '../src/store-memory';
import { accountNameMatchesHolder } from '../src/wallet/banks';
import { client, makeProvider, onboardedUser, topUp } from './helpers';

const capitalised = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

/** An account number at Access Bank (044) whose sandbox name is `name`'s, and that name as first and last name. */
function ownAccount(seed: number): { account_number: string; first_name: string; last_name: string; account_name: string } {
  const account_number = `02${String(seed).padStart(8, '0')}`;
  const account_name = sandboxAccountName(account_number, '044');
  const [last = '', first = ''] = account_name.split(' ');
  return { account_number, account_name, first_name: capitalised(first), last_name: capitalised(last) };
}

const otherNumber = '0344556677';
const bankBody = (account_number: string, extra: Record<string, unknown> = {}) => ({
  bank_name: 'Access Bank',
  code: '044',
  account_number,
  account_name: sandboxAccountName(account_number, '044'),
  ...extra,
});

async function setUp() {
  const store = createMemoryStore();
  const provider = makeProvider({ store });
  const own = ownAccount(4242);
  const user = await onboardedUser(provider, { first_name: own.first_name, last_name: own.last_name });
  await topUp(provider, user.token, user.email, 10_000);
  const c = client(provider);
  const withdraw = (bankId: string, key: string) =>
    c.call('POST', '/api/v1/user/wallet/withdraw', { destination_account: bankId, amount: 1000, pin: '1234' }, user.token, {
      'idempotency-key': key,
    });
  const audits = async () =>
    (await store.query(C.audit))
      .map((d) => d.data as Record<string, unknown>)
      .filter((a) => a.action === 'bank.confirm_other_name');
  return { store, provider, c, user, own, withdraw, audits };
}

describe('bank accounts in the holder name (issue 34 point 8)', () => {
  it('compares names word by word, in any order, ignoring case and punctuation', () => {
    expect(accountNameMatchesHolder('OKAFOR ADA CHIOMA', { first_name: 'Ada', last_name: 'Okafor' })).toBe(true);
    expect(accountNameMatchesHolder('okafor, ada', { first_name: 'ADA', last_name: 'okafor' })).toBe(true);
    expect(accountNameMatchesHolder('OKAFOR ADAEZE', { first_name: 'Ada', last_name: 'Okafor' })).toBe(false);
    expect(accountNameMatchesHolder('BELLO MUSA', { first_name: 'Ada', last_name: 'Okafor' })).toBe(false);
    expect(accountNameMatchesHolder('BELLO MUSA', { first_name: '', last_name: '' })).toBe(false);
  });

  it('an account in the holder name: verify says so, it saves without a confirmation and withdrawals go through', async () => {
    const { c, user, own, withdraw, audits } = await setUp();
    const verified = await c.call(
      'POST',
      '/api/v1/user/bank/verify',
      { account_number: own.account_number, bank_code: '044' },
      user.token,
    );
    expect(verified.body.data).toMatchObject({ account_name: own.account_name, holder_match: true });
    const before = (await audits()).length;
    const saved = await c.call('POST', '/api/v1/user/bank/add', bankBody(own.account_number), user.token);
    expect(saved.status).toBe(200);
    expect(await audits()).toHaveLength(before);
    const w = await withdraw((saved.body.data as { id: string }).id, 'own-name-1');
    expect(w.status).toBe(200);
  });

  it('an account in another name is refused without the confirmation, saved and audited with it', async () => {
    const { c, user, withdraw, audits, store } = await setUp();
    const verified = await c.call(
      'POST',
      '/api/v1/user/bank/verify',
      { account_number: otherNumber, bank_code: '044' },
      user.token,
    );
    expect(verified.body.data).toMatchObject({ holder_match: false });
    const before = (await audits()).length;

    const refused = await c.call('POST', '/api/v1/user/bank/add', bankBody(otherNumber), user.token);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `This account is in the name of ${sandboxAccountName(otherNumber, '044')}, not yours. Confirm that your withdrawals may be paid to it.`,
    );
    const falsy = await c.call('POST', '/api/v1/user/bank/add', bankBody(otherNumber, { confirm_other_name: false }), user.token);
    expect(falsy.status).toBe(422);
    // Input is validated: a confirmation is a boolean, nothing else.
    const bad = await c.call('POST', '/api/v1/user/bank/add', bankBody(otherNumber, { confirm_other_name: 'yes' }), user.token);
    expect(bad.status).toBe(400);
    expect((await store.query(C.banks, { where: [['account_number', '==', otherNumber]] })).length).toBe(0);
    expect(await audits()).toHaveLength(before);

    const saved = await c.call('POST', '/api/v1/user/bank/add', bankBody(otherNumber, { confirm_other_name: true }), user.token);
    expect(saved.status).toBe(200);
    const bankId = (saved.body.data as { id: string }).id;
    const entries = (await audits()).filter((a) => a.target === bankId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      admin_id: user.id,
      action: 'bank.confirm_other_name',
      account: {
        bank_code: '044',
        account_number: otherNumber,
        account_name: sandboxAccountName(otherNumber, '044'),
        holder_name: expect.any(String) as unknown,
      },
    });
    expect(typeof entries[0]?.created_at).toBe('number');
    expect((await withdraw(bankId, 'other-name-1')).status).toBe(200);
  });

  it('a stored account in another name without a confirmation cannot be withdrawn to, until its holder confirms it', async () => {
    const { c, user, withdraw, store } = await setUp();
    // An account saved before the rule (or written around the API): in another name, never confirmed.
    await store.set(C.banks, 'legacy-bank-1', {
      id: 'legacy-bank-1',
      user_id: user.id,
      bank_name: 'Access Bank',
      account_name: sandboxAccountName(otherNumber, '044'),
      account_number: otherNumber,
      code: '044',
      created_at: Date.now(),
    });
    const balanceBefore = await c.call('GET', '/api/v1/user/naira-wallet', undefined, user.token);
    const refused = await withdraw('legacy-bank-1', 'legacy-1');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('not yours');
    const balanceAfter = await c.call('GET', '/api/v1/user/naira-wallet', undefined, user.token);
    expect(balanceAfter.body.data).toEqual(balanceBefore.body.data);
  });

  it('re-saving an unconfirmed account with the confirmation makes it payable, audited once', async () => {
    const { c, user, withdraw, store, audits } = await setUp();
    const saved = await c.call('POST', '/api/v1/user/bank/add', bankBody(otherNumber, { confirm_other_name: true }), user.token);
    const bankId = (saved.body.data as { id: string }).id;
    // Forget the confirmation, as an account saved before the rule would be.
    await store.update(C.banks, bankId, { other_name_confirmed_at: null });
    expect((await withdraw(bankId, 'upgrade-1')).status).toBe(422);
    const count = (await audits()).length;
    const again = await c.call('POST', '/api/v1/user/bank/add', bankBody(otherNumber, { confirm_other_name: true }), user.token);
    expect(again.status).toBe(200);
    expect(await audits()).toHaveLength(count + 1);
    expect((await withdraw(bankId, 'upgrade-2')).status).toBe(200);
    // Once confirmed, saving it again is a duplicate.
    const dup = await c.call('POST', '/api/v1/user/bank/add', bankBody(otherNumber, { confirm_other_name: true }), user.token);
    expect(dup.status).toBe(409);
    expect(await audits()).toHaveLength(count + 1);
  });
});
