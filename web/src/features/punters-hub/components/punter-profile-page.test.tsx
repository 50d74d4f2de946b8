import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { BettingCodeListEntry, PunterRecordView } from '@punter/core/api/punters-hub';
import { ApiFailure } from '@/lib/api';
import { NO_ACTIVE_CODES_MESSAGE, PunterProfilePage } from '@/features/punters-hub/components/punter-profile-page';
import { PUNTERS_OFFLINE_NOTICE } from '@/features/punters-hub/components/punters-page';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
afterEach(() => vi.unstubAllGlobals());

function record(overrides: Partial<PunterRecordView> = {}): PunterRecordView {
  return {
    username: 'tunde',
    games: 12,
    won: 9,
    lost: 3,
    win_rate: 75,
    roi: -12.5,
    paid_games: 6,
    streak: -1,
    punting_power: 64,
    is_new: false,
    ...overrides,
  };
}

function code(overrides: Partial<BettingCodeListEntry> = {}): BettingCodeListEntry {
  return {
    id: 'g1',
    title: 'Sure two odds',
    odd: 2.5,
    platform: 'bet9ja',
    amount: 200,
    startDate: '2099-11-24T15:00:00.000Z',
    endDate: '2099-11-24T17:00:00.000Z',
    status: 'Active',
    punter_name: 'tunde',
    user_id: 'punter',
    game_count: 12,
    win_count: 9,
    won_count: 9,
    lost_count: 3,
    punting_power: 64,
    buyers_count: 4,
    possible_profit: 800,
    createdAt: '2026-11-24T10:00:00.000Z',
    earliest_game_time: '2099-11-24T15:00:00.000Z',
    ...overrides,
  };
}

function renderProfile(username = 'tunde', profile: Parameters<typeof renderWithApp>[1] = {}) {
  return renderWithApp(
    <Routes>
      <Route path="/punter/:username" element={<PunterProfilePage />} />
    </Routes>,
    { path: `/punter/${username}`, ...profile },
  );
}

const recordSection = () => within(screen.getByRole('region', { name: 'Record' }));
const onSale = () => within(screen.getByRole('region', { name: 'Codes on sale' }));
const term = (name: string) => recordSection().getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/punter/{username}', () => {
  it('shows the verified record in words and only the codes on sale now', async () => {
    fakeApi.answer(
      'punterProfile',
      ok({ record: record(), games: [code(), code({ id: 'g2', title: 'Old banker', status: 'Cut' })] }),
    );
    renderProfile();
    await screen.findByRole('region', { name: 'Record' });
    expect(fakeApi.callsTo('punterProfile')[0]?.params).toEqual({ id: 'tunde' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('tunde');
    expect(term('Win rate')).toBe('75%');
    expect(term('Sample')).toBe('12 settled codes (9 Boom, 3 Cut)');
    expect(term('Current streak')).toBe('1 Cut in a row');
    expect(term("Buyer's return")).toBe('-12.5% over 6 paid codes');
    expect(recordSection().queryByText('New punter')).toBeNull();
    expect(onSale().getByRole('button', { name: 'Sure two odds by tunde' }).textContent).toContain('₦200');
    expect(onSale().queryByText('Old banker')).toBeNull();
  });

  it('marks a punter below the minimum sample as new', async () => {
    fakeApi.answer(
      'punterProfile',
      ok({ record: record({ games: 2, won: 2, lost: 0, win_rate: 100, streak: 2, is_new: true }), games: [] }),
    );
    renderProfile();
    await screen.findByRole('region', { name: 'Record' });
    expect(recordSection().getByText('New punter')).toBeTruthy();
    expect(recordSection().getByText(/too few to judge by yet/)).toBeTruthy();
    expect(onSale().getByText(NO_ACTIVE_CODES_MESSAGE)).toBeTruthy();
  });

  it("buys a code from the profile and shows it, as the Hub's detail does", async () => {
    fakeApi.answer('punterProfile', ok({ record: record(), games: [code()] }));
    const { game_code: _none, ...rest } = code();
    fakeApi.answer(
      'buyOrGetGame',
      ok({
        game: { ...rest, game_code: 'B9-777', buyers_count: 5 },
        transaction: testTransaction({ type: 'BUY_GAME', amount: 200, old_balance: 1000, new_balance: 800 }),
      }),
    );
    const { user } = renderProfile();
    await screen.findByRole('region', { name: 'Codes on sale' });
    await user.click(onSale().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    expect(dialog.queryByLabelText('Game code')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Buy code for ₦200' }));
    await screen.findByText('Game bought successfully');
    expect(dialog.getByLabelText('Game code').textContent).toBe('B9-777');
    expect(fakeApi.callsTo('buyOrGetGame')[0]?.body).toEqual({ game_id: 'g1', amount: 200 });
  });

  it('shows the code the provider sends to a buyer without asking to buy again', async () => {
    fakeApi.answer('punterProfile', ok({ record: record(), games: [code({ game_code: 'B9-OWNED' })] }));
    const { user } = renderProfile();
    await screen.findByRole('region', { name: 'Codes on sale' });
    await user.click(onSale().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    expect(dialog.getByLabelText('Game code').textContent).toBe('B9-OWNED');
    expect(dialog.queryByRole('button', { name: /Buy code/ })).toBeNull();
  });

  it("an unknown punter shows the provider's 'Punter not found' with Try again", async () => {
    fakeApi.fail('punterProfile', ['Punter not found'], 'not-found');
    renderProfile('nobody');
    expect(await screen.findByText('Punter not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Record' })).toBeNull();
  });

  it('a failed load, then Try again, shows the profile; offline says so', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fakeApi.failOnce('punterProfile', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    fakeApi.answer('punterProfile', ok({ record: record(), games: [] }));
    const { user } = renderProfile();
    expect(screen.getByText(PUNTERS_OFFLINE_NOTICE)).toBeTruthy();
    expect(screen.getByText('Loading punter...')).toBeTruthy();
    await screen.findByText('The service is unreachable. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Record' })).toBeTruthy();
  });

  it('the owner settles an ended code Cut behind a confirmation; before its end there is nothing to settle', async () => {
    const ended = code({ id: 'g9', title: 'Finished banker', endDate: '2020-01-01T17:00:00.000Z', game_code: 'MINE' });
    fakeApi.answer('punterProfile', ok({ record: record(), games: [ended, code()] }));
    fakeApi.answer('settleGame', ok({ game_id: 'g9', status: 'Cut', refunded: 4, released: 0 }, 'Game settled as Cut'));
    const { user } = renderProfile('tunde', { profile: { id: 'punter', can_post_game: true } });
    await screen.findByRole('region', { name: 'Codes on sale' });
    await user.click(onSale().getByRole('button', { name: 'Sure two odds by tunde' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    expect(dialog.queryByRole('button', { name: /Settle as/ })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Close' }));

    await user.click(onSale().getByRole('button', { name: 'Finished banker by tunde' }));
    dialog = within(screen.getByRole('dialog', { name: 'Finished banker' }));
    await user.click(dialog.getByRole('button', { name: 'Settle as Cut' }));
    expect(dialog.getByText(/Every buyer gets their money back/)).toBeTruthy();
    expect(fakeApi.countOf('settleGame')).toBe(0);
    await user.click(dialog.getByRole('button', { name: 'Confirm Cut' }));
    await screen.findByText('Game settled as Cut');
    expect(fakeApi.callsTo('settleGame')[0]?.body).toEqual({ game_id: 'g9', status: 'Cut' });
  });

  it("the owner's Boom of his paid code says, in the toast and the detail, until when its sales are held for disputes", async () => {
    const ended = code({ id: 'g9', title: 'Finished banker', endDate: '2020-01-01T17:00:00.000Z', game_code: 'MINE' });
    fakeApi.answer('punterProfile', ok({ record: record(), games: [ended] }));
    fakeApi.answer(
      'settleGame',
      ok(
        { game_id: 'g9', status: 'Boom', refunded: 0, released: 0, held_until: '2026-11-30T23:30:00.000Z' },
        'Game settled as Boom',
      ),
    );
    const { user } = renderProfile('tunde', { profile: { id: 'punter' } });
    await screen.findByRole('region', { name: 'Codes on sale' });
    await user.click(onSale().getByRole('button', { name: 'Finished banker by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Finished banker' }));
    await user.click(dialog.getByRole('button', { name: 'Settle as Boom' }));
    expect(
      dialog.getByText(
        'Mark this code Boom? Its sales are held for 24 hours so buyers can dispute the result, then paid to your wallet, and it counts as a win in your record.',
      ),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Confirm Boom' }));
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(
      await screen.findByText(
        'Game settled as Boom. Your sales are held until 1 Dec 2026, 00:30 (Lagos time) so buyers can dispute the result, then paid to your wallet.',
      ),
    ).toBeTruthy();
    expect(
      dialog.getByText(
        'Your sales of this code are held until 1 Dec 2026, 00:30 (Lagos time) so buyers can dispute the result. If nobody disputes it, they are paid to your wallet then.',
      ),
    ).toBeTruthy();
  });

  it('a Boom with nothing held (a free code, an admin settling) keeps the plain message', async () => {
    const ended = code({ id: 'g9', title: 'Finished banker', amount: 0, endDate: '2020-01-01T17:00:00.000Z' });
    fakeApi.answer('punterProfile', ok({ record: record(), games: [ended] }));
    fakeApi.answer(
      'settleGame',
      ok({ game_id: 'g9', status: 'Boom', refunded: 0, released: 0, held_until: null }, 'Game settled as Boom'),
    );
    const { user } = renderProfile('tunde', { profile: { id: 'admin', role: 1 } });
    await screen.findByRole('region', { name: 'Codes on sale' });
    await user.click(onSale().getByRole('button', { name: 'Finished banker by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Finished banker' }));
    await user.click(dialog.getByRole('button', { name: 'Settle as Boom' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Boom' }));
    expect(await screen.findByText('Game settled as Boom')).toBeTruthy();
    expect(screen.queryByText(/held until/)).toBeNull();
  });

  it("a refused settlement shows the provider's message", async () => {
    const ended = code({ id: 'g9', title: 'Finished banker', endDate: '2020-01-01T17:00:00.000Z' });
    fakeApi.answer('punterProfile', ok({ record: record(), games: [ended] }));
    fakeApi.answer('settleGame', () =>
      Promise.reject(new ApiFailure(['This code is already settled; an admin can correct it'], 'conflict')),
    );
    const { user } = renderProfile('tunde', { profile: { id: 'punter' } });
    await screen.findByRole('region', { name: 'Codes on sale' });
    await user.click(onSale().getByRole('button', { name: 'Finished banker by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Finished banker' }));
    await user.click(dialog.getByRole('button', { name: 'Settle as Boom' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Boom' }));
    expect(await screen.findByText('This code is already settled; an admin can correct it')).toBeTruthy();
  });
});
