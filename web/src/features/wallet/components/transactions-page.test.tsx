import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TransactionsPage } from '@/features/wallet/components/transactions-page';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const list = () => within(screen.getByRole('region', { name: 'All transactions' }));
const rows = () => list().queryAllByRole('button', { name: /₦/ });

function transactions(count: number) {
  return Array.from({ length: count }, (_, i) =>
    testTransaction({ id: `tx-${i}`, amount: 100 * (i + 1), new_balance: 100 * (i + 1) }),
  );
}

describe('TransactionsPage', () => {
  it("names a seller's sales taken back for his buyers' refunds apart from a refund to the user", async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 200 }));
    fakeApi.answer(
      'transactions',
      ok([
        testTransaction({
          id: 'back',
          type: 'REFUND',
          amount: 800,
          old_balance: 1000,
          new_balance: 200,
          narration: "Payout of 'Finished banker' returned for its buyers' refunds (corrected to Cut)",
        }),
        testTransaction({ id: 'in', type: 'REFUND', amount: 500, old_balance: 500, new_balance: 1000 }),
      ]),
    );
    const { user } = renderWithApp(<TransactionsPage />);
    const [taken, refunded] = await list().findAllByRole('button', { name: /₦/ });
    expect(taken?.textContent).toContain("Sales returned for buyers' refunds");
    expect(taken?.textContent).toContain('-₦800');
    expect(refunded?.textContent).toContain('Refunded');
    expect(refunded?.textContent).toContain('+₦500');
    await user.click(taken!);
    const detail = within(screen.getByRole('dialog', { name: 'Transaction details' }));
    expect(detail.getByText('Type', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      "Sales returned for buyers' refunds",
    );
  });

  it("reads the pot referral bonus as 'Referral bonus', never the API's MC_DASAINT_BONUS", async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 250 }));
    fakeApi.answer(
      'transactions',
      ok([testTransaction({ id: 'bonus', type: 'MC_DASAINT_BONUS', amount: 250, old_balance: 0, new_balance: 250 })]),
    );
    const { user } = renderWithApp(<TransactionsPage />);
    const [bonus] = await list().findAllByRole('button', { name: /₦/ });
    expect(bonus?.textContent).toContain('Referral bonus');
    expect(screen.queryByText(/dasaint/i)).toBeNull();
    await user.click(bonus!);
    const detail = within(screen.getByRole('dialog', { name: 'Transaction details' }));
    expect(detail.getByText('Type', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Referral bonus');
  });

  it('shows each row in words, not the API enums, and the detail on a click', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 4000 }));
    fakeApi.answer(
      'transactions',
      ok([
        testTransaction({
          id: 'a',
          type: 'JOIN_AUTO_TRADA',
          status: 'PENDING',
          amount: 1500,
          old_balance: 5500,
          new_balance: 4000,
        }),
        testTransaction({ id: 'b', type: 'FUNDING', status: 'SUCCESS', amount: 5500, old_balance: 0, new_balance: 5500 }),
      ]),
    );
    const { user } = renderWithApp(<TransactionsPage />);
    const [debit, credit] = await list().findAllByRole('button', { name: /₦/ });
    expect(debit?.textContent).toContain('Joined an Auto-Trada pot');
    expect(debit?.textContent).toContain('-₦1,500');
    expect(debit?.textContent).toContain('Pending');
    expect(credit?.textContent).toContain('Funding');
    expect(credit?.textContent).toContain('+₦5,500');
    expect(credit?.textContent).toContain('Succesfull');
    expect(screen.queryByText(/JOIN_AUTO_TRADA|FUNDING|SUCCESS|PENDING/)).toBeNull();

    await user.click(credit!);
    const detail = within(screen.getByRole('dialog', { name: 'Transaction details' }));
    expect(detail.getByTestId('tx-detail-status').textContent).toBe('Succesfull');
    expect(detail.getByText('Type', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Funding');
    expect(detail.getByText('Wallet top up')).toBeTruthy();
  });

  it('shows 5, then 5 more per Load More +, then says that is all', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 0 }));
    fakeApi.answer('transactions', ok(transactions(12)));
    const { user } = renderWithApp(<TransactionsPage />);
    await list().findAllByRole('button', { name: /₦/ });
    expect(rows()).toHaveLength(5);
    expect(screen.queryByText('Thats all your transactions')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load More +' }));
    expect(rows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load More +' }));
    expect(rows()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load More +' })).toBeNull();
    expect(screen.getByText('Thats all your transactions')).toBeTruthy();
    // Paging shows more of the answer it has: it does not ask again.
    expect(fakeApi.countOf('transactions')).toBe(1);
  });

  it('with no transaction shows the empty state, not the end message', async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 0 }));
    fakeApi.answer('transactions', ok([]));
    renderWithApp(<TransactionsPage />);
    expect(await screen.findByText('You have no transaction at the moment..')).toBeTruthy();
    expect(screen.queryByText('Thats all your transactions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load More +' })).toBeNull();
  });

  it("a list that fails to load says why and 'Try again' loads it", async () => {
    fakeApi.answer('nairaWallet', ok({ balance: 0 }));
    fakeApi.failOnce('transactions', ['An error occurred'], 'internal');
    fakeApi.answer('transactions', ok(transactions(2)));
    const { user } = renderWithApp(<TransactionsPage />);
    expect(await list().findByText('An error occurred')).toBeTruthy();
    await user.click(list().getByRole('button', { name: 'Try again' }));
    expect(await list().findAllByRole('button', { name: /₦/ })).toHaveLength(2);
    expect(screen.getByText('Thats all your transactions')).toBeTruthy();
  });
});
