import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WithdrawModal } from '@/features/wallet/components/withdraw-modal';
import { deviceId } from '@/lib/device-id';
import { fakeApi, ok } from '@/testing/fake-api';
import { testSavedBank, testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const ACCESS = testSavedBank({ id: 'bank-1', bank_name: 'Access Bank', account_number: '0123456789' });
const GTB = testSavedBank({ id: 'bank-2', bank_name: 'Guaranty Trust Bank', account_number: '0987654321', code: '058' });

function answerWithdrawal() {
  fakeApi.answer('pinVerify', { status: true, message: 'PIN verified' });
  fakeApi.answer('withdraw', ok({ transaction: testTransaction({ type: 'WITHDRAWAL', status: 'PENDING' }), balance: 3000 }));
}

function renderModal(options: { needsPin?: boolean } = {}) {
  const onDone = vi.fn();
  const rendered = renderWithApp(
    <WithdrawModal open needsPin={options.needsPin ?? false} onClose={() => undefined} onDone={onDone} />,
  );
  const dialog = () => within(screen.getByRole('dialog', { name: 'Withdraw' }));
  return { ...rendered, onDone, dialog };
}

async function fillAndSubmit(user: ReturnType<typeof renderModal>['user'], values: { amount?: string; pin?: string }) {
  if (values.amount !== undefined) {
    await user.clear(screen.getByLabelText('Amount (₦)'));
    if (values.amount) await user.type(screen.getByLabelText('Amount (₦)'), values.amount);
  }
  if (values.pin !== undefined) {
    await user.clear(screen.getByLabelText('Transaction PIN'));
    if (values.pin) await user.type(screen.getByLabelText('Transaction PIN'), values.pin);
  }
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
}

function sentKeys(): string[] {
  return fakeApi.callsTo('withdraw').map((call) => call.headers?.['Idempotency-Key'] ?? '');
}

describe('WithdrawModal', () => {
  it('refuses an empty amount and a short PIN with the form messages, sending nothing', async () => {
    fakeApi.answer('savedBanks', ok([ACCESS]));
    const { user } = renderModal();
    await screen.findByLabelText('Bank');
    await fillAndSubmit(user, { amount: '', pin: '12' });
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    expect(screen.getByText('PIN must be 4 digits')).toBeTruthy();
    await fillAndSubmit(user, { amount: '0', pin: '1234' });
    expect(await screen.findByText('Amount must be greater than 0')).toBeTruthy();
    expect(fakeApi.countOf('pinVerify') + fakeApi.countOf('withdraw')).toBe(0);
  });

  it('names each saved bank by bank and last four digits, short enough for a 360 px select, the full details below', async () => {
    const long = testSavedBank({ id: 'bank-3', bank_name: 'Nigeria Inter-Bank Settlement System', account_number: '0123457890' });
    fakeApi.answer('savedBanks', ok([ACCESS, long]));
    const { user } = renderModal();
    const select = await screen.findByLabelText('Bank');
    const [first, second] = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent ?? '');
    expect(first).toBe('Access Bank ••6789');
    expect(second).toMatch(/^Nigeria Inter-Bank.*••7890$/);
    expect(second?.length).toBeLessThanOrEqual(29);
    expect(screen.getByTestId('withdraw-bank-details').textContent).toBe('Access Bank · 0123456789 · Ada Okafor');
    await user.selectOptions(select, 'bank-3');
    expect(screen.getByTestId('withdraw-bank-details').textContent).toBe(
      'Nigeria Inter-Bank Settlement System · 0123457890 · Ada Okafor',
    );
  });

  it('with no saved bank links to /save-bank and cannot submit', async () => {
    fakeApi.answer('savedBanks', ok([]));
    renderModal();
    const link = await screen.findByRole('link', { name: 'You dont have any bank added, please add one here' });
    expect(link.getAttribute('href')).toBe('/save-bank');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Withdraw' }).disabled).toBe(true);
  });

  it('without a PIN yet it asks for one instead of showing the form', () => {
    renderModal({ needsPin: true });
    expect(screen.getByText('Create your transaction PIN before you withdraw.')).toBeTruthy();
    expect(screen.queryByLabelText('Amount (₦)')).toBeNull();
    expect(fakeApi.countOf('savedBanks')).toBe(0);
  });

  it('checks the PIN first: a wrong PIN shows the server message and withdraws nothing', async () => {
    fakeApi.answer('savedBanks', ok([ACCESS]));
    fakeApi.fail('pinVerify', ['Incorrect PIN']);
    const { user, dialog } = renderModal();
    await screen.findByLabelText('Bank');
    await fillAndSubmit(user, { amount: '2000', pin: '9999' });
    expect((await dialog().findByRole('alert')).textContent).toBe('Incorrect PIN');
    // The device token is this install's id (ADR 0051), not SPEC's fixed placeholder.
    expect(fakeApi.callsTo('pinVerify')[0]?.body).toEqual({ pin: '9999', device_token: deviceId() });
    expect(deviceId()).not.toBe('web-device-token');
    expect(fakeApi.countOf('withdraw')).toBe(0);
  });

  it('sends amount, PIN and the chosen bank, toasts the success and refreshes the balance', async () => {
    fakeApi.answer('savedBanks', ok([ACCESS, GTB]));
    fakeApi.answer('nairaWallet', ok({ balance: 5000 }));
    answerWithdrawal();
    const { user, onDone, client } = renderModal();
    client.setQueryData(['wallet', 'balance', 'u1'], 5000);
    await user.selectOptions(await screen.findByLabelText('Bank'), 'bank-2');
    await fillAndSubmit(user, { amount: '2000', pin: '1234' });
    expect(await screen.findByText('Congratulations!, Your withdrawal is successfully')).toBeTruthy();
    expect(fakeApi.callsTo('withdraw')[0]?.body).toEqual({ destination_account: 'bank-2', amount: 2000, pin: '1234' });
    expect(onDone).toHaveBeenCalledOnce();
    expect(client.getQueryState(['wallet', 'balance', 'u1'])?.isInvalidated).toBe(true);
  });

  it("shows the server's refusal and keeps the form", async () => {
    fakeApi.answer('savedBanks', ok([ACCESS]));
    fakeApi.answer('pinVerify', { status: true, message: 'PIN verified' });
    fakeApi.fail('withdraw', ['Insufficient balance']);
    const { user, onDone, dialog } = renderModal();
    await screen.findByLabelText('Bank');
    await fillAndSubmit(user, { amount: '900000', pin: '1234' });
    expect((await dialog().findByRole('alert')).textContent).toBe('Insufficient balance');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Amount (₦)').value).toBe('900000');
  });

  it('a retry of the same withdrawal sends the same idempotency key; the next withdrawal a new one', async () => {
    fakeApi.answer('savedBanks', ok([ACCESS]));
    fakeApi.answer('pinVerify', { status: true, message: 'PIN verified' });
    // The first answer is lost on the way back: the provider may have debited already.
    fakeApi.failOnce('withdraw', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    answerWithdrawal();
    const { user } = renderModal();
    await screen.findByLabelText('Bank');
    await fillAndSubmit(user, { amount: '2000', pin: '1234' });
    await screen.findByText('The service is unreachable. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('Congratulations!, Your withdrawal is successfully');
    await fillAndSubmit(user, {});
    await waitFor(() => expect(fakeApi.countOf('withdraw')).toBe(3));
    const [first, retry, next] = sentKeys();
    expect(first).toMatch(/\S{16,}/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('changing the amount after a failure makes it a new withdrawal with a new key', async () => {
    fakeApi.answer('savedBanks', ok([ACCESS]));
    fakeApi.answer('pinVerify', { status: true, message: 'PIN verified' });
    fakeApi.failOnce('withdraw', ['Insufficient balance']);
    answerWithdrawal();
    const { user } = renderModal();
    await screen.findByLabelText('Bank');
    await fillAndSubmit(user, { amount: '9000', pin: '1234' });
    await screen.findByText('Insufficient balance');
    await fillAndSubmit(user, { amount: '3000' });
    await screen.findByText('Congratulations!, Your withdrawal is successfully');
    const [first, second] = sentKeys();
    expect(second).not.toBe(first);
  });

  it("a running pot does not lock the wallet (ADR 0040): the form shows at once, and a refusal says the provider's words", async () => {
    const refusal = 'Insufficient balance';
    fakeApi.answer('savedBanks', ok([ACCESS]));
    fakeApi.answer('pinVerify', { status: true, message: 'PIN verified' });
    fakeApi.fail('withdraw', [refusal]);
    const { user, dialog } = renderModal();
    await screen.findByLabelText('Bank');
    expect(screen.getByLabelText('Amount (₦)')).toBeTruthy();
    await fillAndSubmit(user, { amount: '2000', pin: '1234' });
    expect((await dialog().findByRole('alert')).textContent).toBe(refusal);
    // The retired pot check (GET withdraw-block, always null since ADR 0040) is not asked.
    expect(fakeApi.countOf('withdrawBlock')).toBe(0);
  });
});
