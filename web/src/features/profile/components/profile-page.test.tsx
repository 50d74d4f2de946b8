import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { referralLinkDisplay } from '@/features/profile/components/profile-labels';
import { fakeApi, ok } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const referrals = () => within(screen.getByRole('region', { name: 'My Referrals' }));

describe('ProfilePage', () => {
  it('lists referrals with their subscription in words', async () => {
    fakeApi.answer(
      'myReferrals',
      ok([
        { first_name: 'Bola', last_name: 'Ade', subscription: true, createdAt: '2026-11-20T10:00:00.000Z' },
        { first_name: 'Chi', last_name: 'Eze', subscription: false, createdAt: '2026-11-21T10:00:00.000Z' },
      ]),
    );
    renderWithApp(<ProfilePage walletPanel={null} />);
    const items = await referrals().findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Bola Ade', 'Chi Eze']);
    expect(items.map((item) => item.querySelector('.pill')?.textContent)).toEqual(['Subscribed', 'Not Subscribed']);
    expect(screen.getByTestId('referral-code').textContent).toBe('ADA123');
  });

  it('shows the referral link as SPEC section 5 says: its first 10 characters, lowercased, plus an ellipsis', async () => {
    fakeApi.answer('myReferrals', ok([]));
    renderWithApp(<ProfilePage walletPanel={null} />);
    expect(screen.getByText('Referral link', { selector: 'dt' })).toBeTruthy();
    // The stored link is 'http://127.0.0.1:8787/referral/ADA123'.
    expect(screen.getByTestId('referral-link').textContent).toBe('http://127...');
    expect(referralLinkDisplay('HTTPS://Punter.NG/referral/ADA123')).toBe('https://pu...');
    expect(referralLinkDisplay('ABC')).toBe('abc');
    expect(await referrals().findByText('You have no referral..')).toBeTruthy();
  });

  it('says when there is no referral yet', async () => {
    fakeApi.answer('myReferrals', ok([]));
    renderWithApp(<ProfilePage walletPanel={null} />);
    expect(await referrals().findByText('You have no referral..')).toBeTruthy();
  });

  it("a referral list that fails to load says why and 'Try again' loads it", async () => {
    fakeApi.failOnce('myReferrals', ['An error occurred'], 'internal');
    fakeApi.answer('myReferrals', ok([]));
    const { user } = renderWithApp(<ProfilePage walletPanel={null} />);
    await user.click(await referrals().findByRole('button', { name: 'Try again' }));
    expect(await referrals().findByText('You have no referral..')).toBeTruthy();
  });
});
