import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StakeCalculatorPage } from '@/features/calculators/components/stake-calculator-page';
import { renderWithApp } from '@/testing/render';

const status = () => screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent;

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

describe('StakeCalculatorPage', () => {
  it("a fresh calculator says no game has been played, not 'Ended'; a game makes it Playing, a result Ended", async () => {
    const { user } = renderWithApp(<StakeCalculatorPage />);
    expect(status()).toBe('No game yet');
    expect(screen.queryByText('Ended')).toBeNull();

    await user.type(screen.getByLabelText('Game target (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Start Session' }));
    expect(await screen.findByText('Session configured successfully')).toBeTruthy();
    expect(status()).toBe('No game yet');

    await user.type(screen.getByLabelText('Option'), 'Over 1.5');
    await user.type(screen.getByLabelText('Odd'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Stake calculated successfully')).toBeTruthy();
    expect(status()).toBe('Playing');

    await user.click(screen.getByRole('button', { name: 'Win' }));
    expect(await screen.findByText('Congratulations boss')).toBeTruthy();
    expect(status()).toBe('Ended');
  });

  it('keeps the session across a reload of the page', async () => {
    const first = renderWithApp(<StakeCalculatorPage />);
    await first.user.type(screen.getByLabelText('Game target (₦)'), '2500');
    await first.user.click(screen.getByRole('button', { name: 'Start Session' }));
    const target = () => screen.getByText('Game target', { selector: 'dt' }).nextElementSibling?.textContent;
    const shown = target();
    expect(shown).toContain('2,500');
    first.unmount();
    renderWithApp(<StakeCalculatorPage />);
    expect(target()).toBe(shown);
  });

  it('shows the stakes, losses and chances of 3, 5 and 8 losses in a row at the typed odd, with the share of capital once given', async () => {
    const { user } = renderWithApp(<StakeCalculatorPage />);
    expect(screen.queryByRole('heading', { name: 'Risk if you keep losing' })).toBeNull();
    await user.type(screen.getByLabelText('Game target (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Start Session' }));
    expect(await screen.findByRole('heading', { name: 'Risk if you keep losing' })).toBeTruthy();
    expect(screen.getByText('Type an odd to see how big the stakes get if you keep losing.')).toBeTruthy();

    await user.type(screen.getByLabelText('Odd'), '2');
    // odd 2, target ₦1,000: stakes 1,000, 2,000, 4,000, then 8,000 after 3 losses (7,000 lost); chance (1/2)^3
    expect(riskRows('2')).toEqual([
      ['3 losses in a row', '₦8,000', '₦7,000', '12.5% about 1 in 8'],
      ['5 losses in a row', '₦32,000', '₦31,000', '3.13% about 1 in 32'],
      ['8 losses in a row', '₦256,000', '₦255,000', '0.39% about 1 in 256'],
    ]);
    expect(screen.getByText('Add your capital under Risk settings to see what share of it each stake is.')).toBeTruthy();
    expect(screen.getByText(/ignore the bookmaker's margin/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Worried about your betting? Get help' }).getAttribute('href')).toBe(
      '/safer-gambling',
    );

    await user.type(screen.getByLabelText('Capital (₦, optional)'), '100,000');
    await user.click(screen.getByRole('button', { name: 'Save risk settings' }));
    expect(await screen.findByText('Risk settings saved')).toBeTruthy();
    expect(riskRows('2')).toEqual([
      ['3 losses in a row', '₦8,000 8% of capital', '₦7,000 7% of capital', '12.5% about 1 in 8'],
      ['5 losses in a row', '₦32,000 32% of capital', '₦31,000 31% of capital', '3.13% about 1 in 32'],
      [
        '8 losses in a row',
        '₦256,000 256% of capital: more than you have',
        '₦255,000 255% of capital: more than you have',
        '0.39% about 1 in 256',
      ],
    ]);
    expect(screen.queryByText(/Add your capital/)).toBeNull();
  });

  it('a maximum stake stops the session with a message instead of asking for a bigger stake', async () => {
    const { user } = renderWithApp(<StakeCalculatorPage />);
    await user.type(screen.getByLabelText('Game target (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Start Session' }));
    await user.type(screen.getByLabelText('Maximum stake (₦, optional)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save risk settings' }));
    expect(await screen.findByText('Risk settings saved')).toBeTruthy();

    // odd 2: stakes 1,000, 2,000 and 4,000 are lost (7,000); the next would be 8,000
    for (let i = 0; i < 3; i += 1) {
      await user.type(screen.getByLabelText('Odd'), '2');
      await user.click(screen.getByRole('button', { name: 'Calculate' }));
      await user.click(await screen.findByRole('button', { name: 'Loss' }));
    }
    const stop =
      'Session stopped: winning back your ₦7,000 loss would need a stake of ₦8,000, above your maximum stake of ₦5,000. Stop here and accept the loss; a bigger stake only risks more.';
    expect(screen.queryByText(stop)).toBeNull();
    await user.type(screen.getByLabelText('Odd'), '2');
    // shown in the game panel as soon as the odd is typed, and as the refusal when Calculate is pressed
    const gamePanel = screen.getByRole('region', { name: 'Enter Game Details' });
    expect(within(gamePanel).getByRole('alert').textContent).toBe(stop);
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    await waitFor(() => expect(screen.getAllByText(stop)).toHaveLength(2));
    expect(status()).toBe('Ended');
    expect(screen.getByText('No game is going on.')).toBeTruthy();

    // the limit cannot be lifted to chase the loss
    await user.clear(screen.getByLabelText('Maximum stake (₦, optional)'));
    await user.type(screen.getByLabelText('Maximum stake (₦, optional)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Save risk settings' }));
    expect(await screen.findByText(/raise or remove your maximum stake only after a win or a reset/)).toBeTruthy();
    expect(screen.getByText('Maximum stake', { selector: 'dt' }).nextElementSibling?.textContent).toBe('₦5,000');
  });
});
