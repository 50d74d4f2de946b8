import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StakeCalculatorPage } from '@/features/calculators/components/stake-calculator-page';
import { renderWithApp } from '@/testing/render';

const status = () => screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent;

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
});
