import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SaveBankPage } from '@/features/bank/components/save-bank-page';
import { fakeApi, ok } from '@/testing/fake-api';
import { testSavedBank } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const BANKS = [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '057', name: 'Zenith Bank' },
];

function renderPage() {
  fakeApi.answer('banks', ok(BANKS));
  return renderWithApp(
    <Routes>
      <Route path="/save-bank" element={<SaveBankPage />} />
      <Route path="/dashboard" element={<p>Dashboard here</p>} />
    </Routes>,
    { path: '/save-bank' },
  );
}

const accountNumber = () => screen.getByLabelText<HTMLInputElement>('Account number');
const accountName = () => screen.getByLabelText<HTMLInputElement>('Account name');
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save Bank' });

describe('SaveBankPage', () => {
  it('narrows the bank list by a search', async () => {
    const { user } = renderPage();
    await user.type(await screen.findByLabelText('Search bank'), 'TRUST');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Select your bank', 'Guaranty Trust Bank']);
    await user.clear(screen.getByLabelText('Search bank'));
    await user.type(screen.getByLabelText('Search bank'), 'kuda');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['No bank matches your search']);
  });

  it('resolves the account name only after 10 digits, locks the number, and keeps digits only', async () => {
    fakeApi.answer('bankVerify', ok({ account_name: 'ADA OKAFOR', account_number: '0123456789' }));
    const { user } = renderPage();
    await user.selectOptions(await screen.findByLabelText('Bank'), '044');
    await user.type(accountNumber(), '01234-5678');
    expect(accountNumber().value).toBe('012345678');
    expect(fakeApi.countOf('bankVerify')).toBe(0);
    expect(saveButton().disabled).toBe(true);
    await user.type(accountNumber(), '9');
    await waitFor(() => expect(accountName().value).toBe('ADA OKAFOR'));
    expect(fakeApi.callsTo('bankVerify')[0]?.body).toEqual({ account_number: '0123456789', bank_code: '044' });
    expect(accountNumber().disabled).toBe(true);
    expect(saveButton().disabled).toBe(false);
  });

  it('a failed verification leaves the number locked, shows no message and cannot be saved', async () => {
    fakeApi.fail('bankVerify', ['Could not resolve account']);
    const { user } = renderPage();
    await user.selectOptions(await screen.findByLabelText('Bank'), '058');
    await user.type(accountNumber(), '0123456789');
    await waitFor(() => expect(fakeApi.countOf('bankVerify')).toBe(1));
    await waitFor(() => expect(accountName().value).toBe(''));
    expect(accountNumber().disabled).toBe(true);
    expect(screen.queryByText('Could not resolve account')).toBeNull();
    expect(saveButton().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Change account number' }));
    expect(accountNumber().disabled).toBe(false);
    expect(accountNumber().value).toBe('');
  });

  it("shows the server's refusal in red and stays on the page", async () => {
    fakeApi.answer('bankVerify', ok({ account_name: 'ADA OKAFOR', account_number: '0123456789' }));
    fakeApi.fail('bankAdd', ['You can save at most 5 banks']);
    const { user } = renderPage();
    await user.selectOptions(await screen.findByLabelText('Bank'), '044');
    await user.type(accountNumber(), '0123456789');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('You can save at most 5 banks');
    expect(screen.queryByText('Dashboard here')).toBeNull();
  });

  it('saves the resolved bank, toasts, refreshes the saved banks and goes to the dashboard', async () => {
    fakeApi.answer('bankVerify', ok({ account_name: 'ADA OKAFOR', account_number: '0123456789' }));
    fakeApi.answer('bankAdd', ok(testSavedBank()));
    const { user, client } = renderPage();
    client.setQueryData(['saved-banks', 'u1'], []);
    await user.selectOptions(await screen.findByLabelText('Bank'), '044');
    await user.type(accountNumber(), '0123456789');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    expect(await screen.findByText('Bank details saved succesfully')).toBeTruthy();
    expect(screen.getByText('Dashboard here')).toBeTruthy();
    expect(fakeApi.callsTo('bankAdd')[0]?.body).toEqual({
      code: '044',
      bank_name: 'Access Bank',
      account_number: '0123456789',
      account_name: 'ADA OKAFOR',
    });
    expect(client.getQueryState(['saved-banks', 'u1'])?.isInvalidated).toBe(true);
  });

  it('an account in another name needs an explicit confirmation, which is sent with the save (issue 34 point 8)', async () => {
    fakeApi.answer('bankVerify', ok({ account_name: 'BELLO MUSA', account_number: '0123456789', holder_match: false }));
    fakeApi.answer('bankAdd', ok(testSavedBank()));
    const { user } = renderPage();
    await user.selectOptions(await screen.findByLabelText('Bank'), '044');
    await user.type(accountNumber(), '0123456789');
    await waitFor(() => expect(accountName().value).toBe('BELLO MUSA'));
    expect(screen.getByText(/This account is not in your registered name/)).toBeTruthy();
    const confirm = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'I confirm that my withdrawals may be paid to BELLO MUSA, an account that is not in my name.',
    });
    expect(confirm.checked).toBe(false);
    expect(saveButton().disabled).toBe(true);
    await user.click(confirm);
    expect(saveButton().disabled).toBe(false);
    await user.click(saveButton());
    expect(await screen.findByText('Dashboard here')).toBeTruthy();
    expect(fakeApi.callsTo('bankAdd')[0]?.body).toEqual({
      code: '044',
      bank_name: 'Access Bank',
      account_number: '0123456789',
      account_name: 'BELLO MUSA',
      confirm_other_name: true,
    });
  });

  it('an account in the holder name asks for no confirmation', async () => {
    fakeApi.answer('bankVerify', ok({ account_name: 'OKAFOR ADA', account_number: '0123456789', holder_match: true }));
    const { user } = renderPage();
    await user.selectOptions(await screen.findByLabelText('Bank'), '044');
    await user.type(accountNumber(), '0123456789');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText(/not in your registered name/)).toBeNull();
  });

  it("a bank list that fails to load says why and 'Try again' loads it", async () => {
    fakeApi.failOnce('banks', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Bank')).toBeTruthy();
    expect(fakeApi.countOf('banks')).toBe(2);
  });
});
