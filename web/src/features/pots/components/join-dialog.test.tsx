import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TradingPot } from '@/features/pots/api/pots-data';
import { JoinDialog } from '@/features/pots/components/join-dialog';
import { renderWithApp } from '@/testing/render';

const callFunction = vi.fn<(name: string, payload: unknown) => Promise<unknown>>();
vi.mock('@/lib/firebase-session', () => ({ callFunction: (name: string, payload: unknown) => callFunction(name, payload) }));

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

beforeEach(() => {
  callFunction.mockReset();
});

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
    expect(callFunction).not.toHaveBeenCalled();
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
    expect(callFunction).not.toHaveBeenCalled();
  });

  it('a first join needs the risk disclosure accepted, then sends it once with an idempotency key; Loading.... while busy', async () => {
    let finish: (value: unknown) => void = () => undefined;
    callFunction.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user, dialog, type, onClose } = renderDialog({ firstJoin: true });
    await type('10000');
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    expect(await dialog().findByText('Please read and accept the risk disclosure before your first join')).toBeTruthy();
    expect(callFunction).not.toHaveBeenCalled();
    await user.click(dialog().getByRole('checkbox'));
    await user.click(dialog().getByRole('button', { name: 'Join now' }));
    const busy = await dialog().findByRole<HTMLButtonElement>('button', { name: 'Loading....' });
    expect(busy.disabled).toBe(true);
    expect(callFunction).toHaveBeenCalledTimes(1);
    const [name, payload] = callFunction.mock.calls[0]!;
    expect(name).toBe('joinPot');
    expect(payload).toMatchObject({ pot_id: 'pot-1', amount: 10_000, acceptRisk: true });
    expect(typeof (payload as { idempotencyKey?: unknown }).idempotencyKey).toBe('string');
    finish({ message: 'Pot joined' });
    expect(await screen.findByText('Pot joined')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
