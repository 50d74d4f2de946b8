import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OverTwoFivePage } from '@/features/calculators/components/over-two-five-page';
import { renderWithApp } from '@/testing/render';

/** Each losing run as its title and figures, e.g. ['3 losses in a row', '₦8,000 8% of capital', '₦7,000 7% of capital', '12.5% about 1 in 8']. */
function riskRows(odd: string): string[][] {
  const list = screen.getByRole('list', { name: `Losing runs at odd ${odd}` });
  return within(list)
    .getAllByRole('listitem')
    .map((run) => [
      within(run).getByRole('heading').textContent ?? '',
      ...Array.from(run.querySelectorAll('dd'), (figure) => figure.textContent ?? ''),
    ]);
}

/** Setup with capital ₦100,000, target ₦1,500 and the first options: stop loss 5 %, split in 2 after 4 losses. */
async function setUp(user: UserEvent, maxStake = ''): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Setup' }));
  const dialog = screen.getByRole('dialog', { name: 'Setup' });
  await user.type(within(dialog).getByLabelText('Capital (₦)'), '100000');
  await user.type(within(dialog).getByLabelText('Winning target per game (₦)'), '1500');
  if (maxStake) await user.type(within(dialog).getByLabelText('Maximum stake (₦, optional)'), maxStake);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Session configured successfully')).toBeTruthy();
}

describe('OverTwoFivePage risk', () => {
  it('shows what 3, 5 and 8 losses in a row cost under the split plan, with the share of capital and the chance', async () => {
    const { user } = renderWithApp(<OverTwoFivePage />);
    expect(screen.queryByRole('heading', { name: 'Risk if you keep losing' })).toBeNull();
    await setUp(user);
    expect(screen.getByText('Type an odd to see how big the stakes get if you keep losing.')).toBeTruthy();
    await user.type(screen.getByLabelText('Over 2.5 odd'), '2');
    // stake = loss + 1,500 at odd 2; the 4th and 8th losses halve the accumulated loss (the rest is remembered):
    // 1,500, 3,000, 6,000, 12,000 (after 3), 12,750, 25,500 (after 5), 51,000, 102,000, 102,750 (after 8)
    expect(riskRows('2')).toEqual([
      ['3 losses in a row', '₦12,000 12% of capital', '₦10,500 10.5% of capital', '12.5% about 1 in 8'],
      ['5 losses in a row', '₦25,500 25.5% of capital', '₦35,250 35.25% of capital', '3.13% about 1 in 32'],
      [
        '8 losses in a row',
        '₦102,750 102.75% of capital: more than you have',
        '₦213,750 213.75% of capital: more than you have',
        '0.39% about 1 in 256',
      ],
    ]);
    expect(screen.getByText(/ignore the bookmaker's margin/)).toBeTruthy();
  });

  it('a maximum stake set in Setup stops the session instead of asking for a bigger stake', async () => {
    const { user } = renderWithApp(<OverTwoFivePage />);
    await setUp(user, '5000');
    // odd 2: 1,500 and 3,000 lost (4,500); the next would be 6,000
    for (let i = 0; i < 2; i += 1) {
      await user.type(screen.getByLabelText('Over 2.5 odd'), '2');
      await user.click(screen.getByRole('button', { name: 'Calculate' }));
      await user.click(await screen.findByRole('button', { name: 'Loss' }));
    }
    const stop =
      'Session stopped: winning back your ₦4,500 loss would need a stake of ₦6,000, above your maximum stake of ₦5,000. Stop here and accept the loss; a bigger stake only risks more.';
    await user.type(screen.getByLabelText('Over 2.5 odd'), '2');
    const oddsPanel = screen.getByRole('region', { name: 'Enter odds' });
    expect(within(oddsPanel).getByRole('alert').textContent).toBe(stop);
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await waitFor(() => expect(screen.getAllByText(stop)).toHaveLength(2));
    expect(screen.getByText('No game is going on.')).toBeTruthy();
  });
});
