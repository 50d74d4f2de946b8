import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MyGame } from '@/features/punters-hub/api/my-games';
import { MyGamesView } from '@/features/punters-hub/components/my-games-view';
import { fakeApi, ok } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const bought: MyGame = {
  id: 'alice_g1',
  game_id: 'g1',
  title: 'Sunday banker',
  punter_name: 'tunde',
  status: 'Cut',
  amount: 200,
  platform: 'bet9ja',
  game_code: 'B9-1',
  odd: 2.5,
  at: Date.parse('2026-11-24T10:00:00.000Z'),
};

async function openDispute() {
  const { user } = renderWithApp(<MyGamesView games={[bought]} loading={false} more={false} onMore={() => undefined} />, {
    profile: { id: 'alice' },
  });
  await user.click(await screen.findByRole('button', { name: /^Sunday banker/ }));
  const dialog = within(screen.getByRole('dialog', { name: 'Sunday banker' }));
  await user.click(dialog.getByRole('button', { name: 'Dispute this code' }));
  return { user, dialog };
}

describe('a dispute from My Games', () => {
  it('sends a reason of 10 characters or more for this code, once', async () => {
    fakeApi.answer('gameDispute', {
      ...ok({
        id: 'alice_g1',
        game_id: 'g1',
        game_title: 'Sunday banker',
        punter_name: 'tunde',
        user_id: 'alice',
        user_email: 'alice@example.com',
        reason: 'Cut before the first match started',
        status: 'open' as const,
        note: null,
        created_at: '2026-11-24T11:00:00.000Z',
        resolved_at: null,
        resolved_by: null,
      }),
      message: 'Your dispute has been sent. We will get back to you.',
    });
    const { user, dialog } = await openDispute();
    await user.type(dialog.getByLabelText('What is wrong with this code?'), 'bad');
    await user.click(dialog.getByRole('button', { name: 'Send dispute' }));
    expect(dialog.getByText('Reason must be at least 10 characters')).toBeTruthy();
    expect(fakeApi.callsTo('gameDispute')).toEqual([]);
    await user.clear(dialog.getByLabelText('What is wrong with this code?'));
    await user.type(dialog.getByLabelText('What is wrong with this code?'), 'Cut before the first match started');
    await user.click(dialog.getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText('Your dispute has been sent. We will get back to you.')).toBeTruthy();
    expect(fakeApi.callsTo('gameDispute')).toEqual([{ body: { game_id: 'g1', reason: 'Cut before the first match started' } }]);
    expect(dialog.queryByRole('button', { name: 'Send dispute' })).toBeNull();
  });

  it("shows the provider's refusal of a second dispute", async () => {
    fakeApi.fail('gameDispute', ['You have already opened a dispute for this code'], 'already-exists');
    const { user, dialog } = await openDispute();
    await user.type(dialog.getByLabelText('What is wrong with this code?'), 'Cut before the first match started');
    await user.click(dialog.getByRole('button', { name: 'Send dispute' }));
    expect(await dialog.findByText('You have already opened a dispute for this code')).toBeTruthy();
  });
});
