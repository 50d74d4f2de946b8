import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TradingPot } from '@/features/pots/api/pots-data';
import { JoinDialog } from '@/features/pots/components/join-dialog';
import { UNREACHABLE_MESSAGE } from '@/lib/api';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const STEP_UP = 'Please enter your transaction PIN to confirm this payment.';
const joined = () =>
  ok(
    {
      transaction: testTransaction({ type: 'JOIN_AUTO_TRADA', amount: 10_000, old_balance: 100_000, new_balance: 90_000 }),
      balance: 90_000,
    },
    'Pot joined',
  );

const POT: TradingPot & { docId: string } = {
  docId: 'pot-1',
  id: 'pot-1',
  pot_volume: 1_000_000,
  raised_amount: 980_000,
  investors_count: 3,
  percentage: 10,
  status: 'Raising',
  timestamp: 0,
  raising_to: 0,
  trade_from: 0,
  trade_to: 0,
  duration: 2,
  type: 'Over 1.5',
  manager: 'Musa',
  terms: 'Terms',
  managers_number: '08031110003',
};

function renderDialog(options: { balance?: number; firstJoin?: boolean; pot?: Partial<TradingPot> } = {}) {
  const onClose = vi.fn();
  const rendered = renderWithApp(
    <JoinDialog
      open
      onClose={onClose}
      pot={{ ...POT, ...options.pot }}
      balanceNaira={options.balance ?? 100_000}
      firstJoin={options.firstJoin ?? false}
    />,
  );
  const dialog = () => within(screen.getByRole('dialog', { name: '5% referral bonus' }));
  const type = async (text: string) => {
    await rendered.user.clear(dialog().getByLabelText('Trading amount'));
    if (text) await rendered.user.type(dialog().getByLabelText('Trading amount'), text);
  };
  return { ...rendered, onClose, dialog, type };
}

describe('JoinDialog', () => {
  it("SPEC's checks in order, before anything is sent: balance first, then the minimum, then what is left", async () => {
    const { user, dialog, type } = renderDialog({ balance: 30_000 });
    expect(dialog().getByText('Minimum of ₦10,000')).toBeTruthy();
    expect(dialog().getByRole<HTMLButtonElement>('button', { name: 'Join now' }).disabled).toBe(true);
    const tries: Array<[string, string]> = [
      ['40000', 'Insufficient funds'],
      ['5000', 'Minimum amount to join with is ₦10,000'],
      ['25000', 'Amount can only be ₦20,000 or less'],
    ];
    for (const [amount, message] of tries) {
      await type(amount);
      await user.click(dialog().getByRole('button', { name: 'Join now' }));
      expect(await dialog().findByText(message)).toBeTruthy();
    }
    expect(fakeApi.countOf('joinAutoTrada')).toBe(0);
  });

  it('shows the expected ROI (percentage x duration) and the total as the user types', async () => {
    const { dialog, type } = renderDialog();
    await type('10000');
    expect(dialog().getByText('Expected ROI: ₦2,000 · Total: ₦12,000')).toBeTruthy();
  });

  it('a join above ₦50,000 goes to support, not to the provider', async () => {
    const { user, dialog, type } = renderDialog({ balance: 200_000, pot: { raised_amount: 0 } });
    await type('60000');
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    expect((await dialog().findByRole('link', { name: 'Contact support' })).getAttribute('href')).toBe(
      'https://wa.me/2348031110003',
    );
    expect(fakeApi.countOf('joinAutoTrada')).toBe(0);
  });

  it('a first join needs the risk disclosure accepted, then sends it once with an idempotency key; Loading.... while busy', async () => {
    const finish = fakeApi.hold('joinAutoTrada');
    const { user, dialog, type, onClose } = renderDialog({ firstJoin: true });
    await type('10000');
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    expect(await dialog().findByText('Please read and accept the risk disclosure before your first join')).toBeTruthy();
    expect(fakeApi.countOf('joinAutoTrada')).toBe(0);
    await user.click(dialog().getByRole('checkbox'));
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    const busy = await dialog().findByRole<HTMLButtonElement>('button', { name: 'Loading....' });
    expect(busy.disabled).toBe(true);
    const [sent] = fakeApi.callsTo('joinAutoTrada');
    expect(fakeApi.countOf('joinAutoTrada')).toBe(1);
    expect(sent?.body).toEqual({ pot_id: 'pot-1', amount: 10_000, acceptRisk: true });
    expect(sent?.headers?.['Idempotency-Key']).toMatch(/.{8,}/);
    finish(joined());
    expect(await screen.findByText('Pot joined')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a retry after a lost answer sends the same join with the same key', async () => {
    fakeApi.failOnce('joinAutoTrada', [UNREACHABLE_MESSAGE], 'unavailable');
    fakeApi.answer('joinAutoTrada', joined());
    const { user, dialog, type, onClose } = renderDialog();
    await type('10000');
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    expect(await dialog().findByText(UNREACHABLE_MESSAGE)).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, retry] = fakeApi.callsTo('joinAutoTrada');
    expect(retry?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
  });

  it("the PIN step-up: the provider's message and a PIN field, then the same join with the PIN under the same key", async () => {
    fakeApi.failOnce('joinAutoTrada', [STEP_UP], 'permission-denied');
    fakeApi.failOnce('joinAutoTrada', ['Incorrect PIN. You have 4 attempts left.'], 'invalid-argument');
    fakeApi.answer('joinAutoTrada', joined());
    const { user, dialog, type, onClose } = renderDialog();
    expect(dialog().queryByLabelText('Transaction PIN')).toBeNull();
    await type('10000');
    await user.click(dialog().getByRole('button', { name: 'Join now' }));

    expect(await dialog().findByText(STEP_UP)).toBeTruthy();
    // The step-up is a question, not an error: no red alert.
    expect(dialog().queryByRole('alert')).toBeNull();
    const join = dialog().getByRole<HTMLButtonElement>('button', { name: 'Join now' });
    expect(join.disabled).toBe(true);
    await user.type(dialog().getByLabelText('Transaction PIN'), '12ab3');
    expect(join.disabled).toBe(true);
    await user.type(dialog().getByLabelText('Transaction PIN'), '5');
    await user.click(join);
    expect(await dialog().findByText('Incorrect PIN. You have 4 attempts left.')).toBeTruthy();
    await user.clear(dialog().getByLabelText('Transaction PIN'));
    await user.type(dialog().getByLabelText('Transaction PIN'), '1357');
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const [first, wrong, right] = fakeApi.callsTo('joinAutoTrada');
    expect(first?.body).toEqual({ pot_id: 'pot-1', amount: 10_000 });
    expect(wrong?.body).toEqual({ pot_id: 'pot-1', amount: 10_000, pin: '1235' });
    expect(right?.body).toEqual({ pot_id: 'pot-1', amount: 10_000, pin: '1357' });
    const key = first?.headers?.['Idempotency-Key'];
    expect([wrong, right].map((call) => call?.headers?.['Idempotency-Key'])).toEqual([key, key]);
  });
});
