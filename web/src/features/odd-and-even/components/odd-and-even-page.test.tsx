import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OddAndEvenPage } from '@/features/odd-and-even/components/odd-and-even-page';
import { renderWithApp } from '@/testing/render';

describe('OddAndEvenPage', () => {
  it('says the calculator is coming soon and links to what is ready', () => {
    renderWithApp(<OddAndEvenPage />, { path: '/odd-and-even' });
    expect(screen.getByRole('heading', { level: 1, name: 'Odd and even calculator' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/stake-calculator',
      '/overtwofivecalculator',
      '/how-to',
    ]);
  });
});
