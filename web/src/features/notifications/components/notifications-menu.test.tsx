import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { fakeApi, ok } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const at = '2026-11-29T10:00:00.000Z';

describe('NotificationsMenu', () => {
  it("labels the provider's held and owed money in plain words, never its type codes", async () => {
    fakeApi.answer(
      'notifications',
      ok([
        {
          id: 'n3',
          type: 'ESCROW_HELD',
          createdAt: at,
          meta_data: {
            amount: 800,
            game_id: 'g9',
            message: "Your sales of 'Finished banker' are held until 2026-11-30T23:30:00.000Z for buyers to dispute the result",
          },
        },
        {
          id: 'n2',
          type: 'ESCROW_OWED',
          createdAt: at,
          meta_data: {
            amount: 300,
            game_id: 'g8',
            message: "'Late goals' was corrected to Cut: you owe ₦300, taken from your next sales",
          },
        },
        {
          id: 'n1',
          type: 'FUNDING_HELD',
          createdAt: at,
          meta_data: {
            amount: 5000,
            message:
              'Your payment of ₦5,000 was not added to your wallet. This payment would pass your daily deposit limit. It is being refunded to you through the payment gateway.',
          },
        },
        { id: 'n0', type: 'FUNDING_HELD', createdAt: at, meta_data: {} },
      ]),
    );
    const { user } = renderWithApp(<NotificationsMenu />);
    await user.click(await screen.findByRole('button', { name: 'Notifications (new)' }));
    const list = within(await screen.findByRole('list'));
    const items = list.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Sales held for disputes')).toBeTruthy();
    expect(
      within(items[0]!).getByText(
        "Your sales of 'Finished banker' are held until 1 Dec 2026, 00:30 (Lagos time) for buyers to dispute the result",
      ),
    ).toBeTruthy();
    expect(within(items[1]!).getByText('Money you owe for a code corrected to Cut')).toBeTruthy();
    expect(
      within(items[1]!).getByText("'Late goals' was corrected to Cut: you owe ₦300, taken from your next sales"),
    ).toBeTruthy();
    expect(within(items[2]!).getByText('Payment not added to your wallet, being refunded')).toBeTruthy();
    expect(within(items[2]!).getByText(/This payment would pass your daily deposit limit/)).toBeTruthy();
    expect(within(items[3]!).getByText('Payment not added to your wallet, being refunded')).toBeTruthy();
    for (const code of [/ESCROW/i, /FUNDING HELD/i, /FUNDING_HELD/, /Escrow held/i, /T23:30/])
      expect(list.queryByText(code)).toBeNull();
  });
});
