import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { AdminUser } from '@/features/admin/api/admin-api';
import type { AdminGame, AdminPot, Dispute } from '@/features/admin/api/console-api';
import { CodesPage } from '@/features/admin/components/codes-page';
import { PotsPage } from '@/features/admin/components/pots-page';
import { SignalsPage } from '@/features/admin/components/signals-page';
import { UserPage } from '@/features/admin/components/user-page';
import { fakeApi, ok, paged } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
const callFunction = vi.fn<(name: string, payload: unknown) => Promise<unknown>>();
vi.mock('@/lib/firebase-session', () => ({ callFunction: (name: string, payload: unknown) => callFunction(name, payload) }));
beforeEach(() => callFunction.mockReset());

function pot(overrides: Partial<AdminPot> = {}): AdminPot {
  return {
    id: 'p1',
    status: 'Raising',
    pot_volume: 1_000_000,
    raised_amount: 0,
    investors_count: 0,
    percentage: 10,
    duration: 1,
    type: 'Over 1.5 auto-trade',
    manager: 'Musa Ibrahim',
    terms: 'Capital and result are paid on the due date.',
    managers_number: '2348031110003',
    created_at: '2026-11-20T10:00:00.000Z',
    raising_to: '2026-12-01T12:00:00.000Z',
    trade_from: '2026-12-02T12:00:00.000Z',
    trade_to: '2027-01-02T12:00:00.000Z',
    result_percent: null,
    editable: true,
    paid_count: 0,
    ...overrides,
  };
}

function user(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u2',
    first_name: 'Kemi',
    last_name: 'Ade',
    email: 'kemi@example.com',
    phone_number: '+2348031110002',
    role: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    username: 'kemi',
    suspended: false,
    phone_verified: true,
    must_change_password: false,
    can_post_signal: true,
    can_post_game: false,
    can_monetize_game: false,
    subscription_expires_at: null,
    ...overrides,
  };
}

const NO_LIMITS = { limits: [], pause: null };

describe('pots', () => {
  it('lists pots with their status and what moves them next; only a pot nobody joined can be edited', async () => {
    fakeApi.answer('autoTradaState', ok({ enabled: true, reason: '' }));
    fakeApi.answer(
      'adminPots',
      paged([
        pot(),
        pot({ id: 'p2', status: 'Trading', editable: false, investors_count: 3, raised_amount: 30_000 }),
        pot({ id: 'p3', status: 'Due', editable: false, investors_count: 2, result_percent: 5, paid_count: 1 }),
      ]),
    );
    const { user: u } = renderWithApp(<PotsPage />);
    const rows = await screen.findAllByTestId('pot-row');
    expect(within(rows[0]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Trading at .* or when full$/)).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(rows[1]!).getByText(/^Due at /)).toBeTruthy();
    expect(within(rows[2]!).getByText('1 of 2 paid out')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: 'Book result' })).toBeNull();

    await u.selectOptions(screen.getByLabelText('Status'), 'Due');
    await waitFor(() =>
      expect(fakeApi.callsTo('adminPots').map((c) => c.query)).toEqual([{ page: 1 }, { page: 1, status: 'Due' }]),
    );
  });

  it("creates a pot: the form checks every field with core's rules before sending", async () => {
    fakeApi.answer('autoTradaState', ok({ enabled: true, reason: '' }));
    fakeApi.answer('adminPots', paged([]));
    fakeApi.answer('potCreate', { ...ok({ id: 'p9' }), message: 'Pot created' });
    const { user: u } = renderWithApp(<PotsPage />);
    await u.click(await screen.findByRole('button', { name: 'Create pot' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create pot' }));
    await u.click(dialog.getByRole('button', { name: 'Create pot' }));
    expect(dialog.getByText('type is required')).toBeTruthy();
    expect(fakeApi.callsTo('potCreate')).toEqual([]);

    await u.type(dialog.getByLabelText('Type'), 'Over 1.5 auto-trade');
    await u.type(dialog.getByLabelText('Manager'), 'Musa Ibrahim');
    await u.type(dialog.getByLabelText("Manager's number"), '2348031110003');
    await u.type(dialog.getByLabelText('Volume (₦)'), '1000000');
    await u.type(dialog.getByLabelText('Percentage a month'), '10');
    await u.type(dialog.getByLabelText('Duration (months)'), '1');
    fireEvent.change(dialog.getByLabelText('Raising ends'), { target: { value: '2026-12-01T12:00' } });
    fireEvent.change(dialog.getByLabelText('Trading starts'), { target: { value: '2026-12-02T12:00' } });
    fireEvent.change(dialog.getByLabelText('Due date'), { target: { value: '2027-01-02T12:00' } });
    await u.type(dialog.getByLabelText('Terms'), 'Capital and result are paid on the due date.');
    await u.click(dialog.getByRole('button', { name: 'Create pot' }));
    expect(await screen.findByText('Pot created')).toBeTruthy();
    expect(fakeApi.callsTo('potCreate')).toEqual([
      {
        body: {
          type: 'Over 1.5 auto-trade',
          manager: 'Musa Ibrahim',
          managers_number: '2348031110003',
          terms: 'Capital and result are paid on the due date.',
          pot_volume: 1_000_000,
          percentage: 10,
          duration: 1,
          raising_to: '2026-12-01T11:00:00.000Z', // 12:00 in Lagos, whatever the test's time zone
          trade_from: '2026-12-02T11:00:00.000Z',
          trade_to: '2027-01-02T11:00:00.000Z',
        },
      },
    ]);
  });

  it('edits a pot with every field sent again', async () => {
    fakeApi.answer('autoTradaState', ok({ enabled: true, reason: '' }));
    fakeApi.answer('adminPots', paged([pot()]));
    fakeApi.answer('potUpdate', { ...ok(pot({ manager: 'Bola Ade' })), message: 'Pot updated' });
    const { user: u } = renderWithApp(<PotsPage />);
    await u.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit pot' }));
    expect(dialog.getByText(/once someone joins or raising ends it can no longer be edited/)).toBeTruthy();
    await u.clear(dialog.getByLabelText('Manager'));
    await u.type(dialog.getByLabelText('Manager'), 'Bola Ade');
    await u.click(dialog.getByRole('button', { name: 'Save pot' }));
    expect(await screen.findByText('Pot updated')).toBeTruthy();
    const sent = fakeApi.callsTo('potUpdate')[0]?.body;
    expect(sent?.pot_id).toBe('p1');
    expect(sent?.pot).toMatchObject({ manager: 'Bola Ade', pot_volume: 1_000_000, raising_to: '2026-12-01T12:00:00.000Z' });
  });

  it("books a due pot's result only after saying what money moves; lists participants with who they are", async () => {
    fakeApi.answer('autoTradaState', ok({ enabled: true, reason: '' }));
    fakeApi.answer('adminPots', paged([pot({ status: 'Due', editable: false, investors_count: 1, raised_amount: 10_000 })]));
    fakeApi.answer('potResult', { ...ok({ pot_id: 'p1', result: -4 }), message: 'Result booked' });
    fakeApi.answer(
      'adminPotParticipants',
      ok([
        {
          id: 's1',
          user_id: 'u2',
          user_email: 'kemi@example.com',
          name: 'Kemi Ade',
          amount: 10_000,
          status: 'Active',
          payout: null,
          created_at: '2026-11-21T10:00:00.000Z',
        },
      ]),
    );
    const { user: u } = renderWithApp(<PotsPage />);
    await u.click(await screen.findByRole('button', { name: 'Participants' }));
    const list = within(screen.getByRole('dialog', { name: 'Participants of Over 1.5 auto-trade' }));
    expect(await list.findByText('kemi@example.com')).toBeTruthy();
    expect(fakeApi.callsTo('adminPotParticipants')[0]?.params).toEqual({ id: 'p1' });
    await u.click(list.getByRole('button', { name: 'Close' }));

    await u.click(screen.getByRole('button', { name: 'Book result' }));
    const form = within(screen.getByRole('dialog', { name: "Book the manager's result" }));
    await u.type(form.getByLabelText('Result over the whole duration (% of the capital)'), '-4');
    await u.click(form.getByRole('button', { name: 'Continue' }));
    expect(fakeApi.callsTo('potResult')).toEqual([]);
    const confirm = within(await screen.findByRole('dialog', { name: "Book the manager's result" }));
    expect(confirm.getByText(/The loss goes from the pot to the house/)).toBeTruthy();
    await u.click(confirm.getByRole('button', { name: 'Book result' }));
    expect(await screen.findByText('Result booked')).toBeTruthy();
    expect(fakeApi.callsTo('potResult')).toEqual([{ body: { pot_id: 'p1', result_percent: -4 } }]);
  });

  it('turns Auto-Trada off only with a reason, after saying nobody can join', async () => {
    fakeApi.answer('autoTradaState', ok({ enabled: true, reason: '' }));
    fakeApi.answer('adminPots', paged([]));
    fakeApi.answer('autoTradaSwitch', { ...ok({ enabled: false, reason: 'Regulator review' }), message: 'Auto-Trada is off' });
    const { user: u } = renderWithApp(<PotsPage />);
    await u.click(await screen.findByRole('button', { name: 'Turn Auto-Trada off' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Turn Auto-Trada off' }));
    expect(dialog.getByText(/Nobody can join any pot until it is turned on again/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(dialog.getByText('Please give a reason')).toBeTruthy();
    await u.type(dialog.getByLabelText('Reason shown on the Auto-Trada page'), 'Regulator review');
    await u.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Auto-Trada is off')).toBeTruthy();
    expect(fakeApi.callsTo('autoTradaSwitch')).toEqual([{ body: { enabled: false, reason: 'Regulator review' } }]);
  });
});

const dispute: Dispute = {
  id: 'u2_g1',
  game_id: 'g1',
  game_title: 'Sunday banker',
  punter_name: 'tunde',
  user_id: 'u2',
  user_email: 'kemi@example.com',
  reason: 'The code was cut before it started',
  status: 'open',
  note: null,
  created_at: '2026-11-21T10:00:00.000Z',
  resolved_at: null,
  resolved_by: null,
};
const game: AdminGame = {
  id: 'g1',
  title: 'Sunday banker',
  punter_name: 'tunde',
  user_id: 'u9',
  platform: 'bet9ja',
  odd: 3.5,
  amount: 200,
  status: 'Boom',
  buyers_count: 4,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('betting codes', () => {
  it('resolves a dispute only with a note for the buyer', async () => {
    fakeApi.answerOnce('adminDisputes', paged([dispute]));
    fakeApi.answer('adminDisputes', paged([]));
    fakeApi.answer('adminGames', paged([game]));
    fakeApi.answer('disputeResolve', {
      ...ok({ ...dispute, status: 'resolved', note: 'Refunded' }),
      message: 'Dispute resolved',
    });
    const { user: u } = renderWithApp(<CodesPage />);
    const row = within((await screen.findAllByTestId('dispute-row'))[0]!);
    expect(row.getByText('The code was cut before it started')).toBeTruthy();
    await u.click(row.getByRole('button', { name: 'Resolve' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Resolve dispute' }));
    expect(dialog.getByText(/They are notified with your note/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(fakeApi.callsTo('disputeResolve')).toEqual([]);
    await u.type(dialog.getByLabelText('Note sent to the buyer'), 'Refunded');
    await u.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Dispute resolved')).toBeTruthy();
    expect(fakeApi.callsTo('disputeResolve')).toEqual([{ body: { dispute_id: 'u2_g1', note: 'Refunded' } }]);
    expect(await screen.findByText('No open dispute.')).toBeTruthy();
  });

  it('corrects a Boom to Cut after saying the buyers are refunded, and clears the games after a confirmation', async () => {
    fakeApi.answer('adminDisputes', paged([]));
    fakeApi.answer('adminGames', paged([game]));
    fakeApi.answer('settleGame', {
      ...ok({ game_id: 'g1', status: 'Cut' as const, refunded: 4, released: 0 }),
      message: 'Game settled as Cut',
    });
    callFunction.mockResolvedValueOnce({ deleted: 1, message: 'All documents successfully deleted!' });
    const { user: u } = renderWithApp(<CodesPage />);
    const row = within((await screen.findAllByTestId('code-row'))[0]!);
    expect(row.getByRole<HTMLButtonElement>('button', { name: 'Boom' }).disabled).toBe(true);
    await u.click(row.getByRole('button', { name: 'Cut' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Settle as Cut' }));
    expect(dialog.getByText(/every one of its 4 buyers is refunded/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Settle as Cut' }));
    expect(await screen.findByText('Game settled as Cut')).toBeTruthy();
    expect(fakeApi.callsTo('settleGame')).toEqual([{ body: { game_id: 'g1', status: 'Cut' } }]);

    await u.click(screen.getByRole('button', { name: 'Clear Games' }));
    const clear = within(screen.getByRole('dialog', { name: 'Clear Games' }));
    expect(clear.getByText(/Delete every code of the Punters Hub \(1 listed\)/)).toBeTruthy();
    expect(callFunction).not.toHaveBeenCalled();
    await u.click(clear.getByRole('button', { name: 'Delete every code' }));
    expect(await screen.findByText('All documents successfully deleted!')).toBeTruthy();
    expect(callFunction).toHaveBeenCalledWith('clearGames', {});
  });
});

describe('signals', () => {
  it('lists who may post (filtered on the server), revokes after confirming, and shows the feed history', async () => {
    fakeApi.answerOnce('allUsers', paged([user()]));
    fakeApi.answer('allUsers', paged([]));
    fakeApi.answer('userUpdate', { ...ok(user({ can_post_signal: false })), message: 'User updated successfully' });
    fakeApi.answer(
      'adminSignals',
      paged([
        {
          id: 's1',
          title: 'Over 2.5',
          details: 'ARS v CHE',
          group: 'All',
          status: 'Active',
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ]),
    );
    const { user: u } = renderWithApp(<SignalsPage />);
    expect(await screen.findByText('ARS v CHE')).toBeTruthy();
    expect(fakeApi.callsTo('allUsers')[0]?.query).toEqual({ permission: 'can_post_signal', page: 1 });
    const row = within((await screen.findAllByTestId('poster-row'))[0]!);
    await u.click(row.getByRole('button', { name: 'Revoke' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Revoke signal posting' }));
    expect(dialog.getByText(/can no longer post or clear signals, from now on/)).toBeTruthy();
    await u.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(fakeApi.callsTo('userUpdate')).toEqual([{ body: { user_id: 'u2', can_post_signal: false } }]);
    expect(await screen.findByText('Nobody may post signals.')).toBeTruthy();
  });
});

describe("a user's safer play", () => {
  it('shows a self-exclusion and limits, with no way to lift them', async () => {
    fakeApi.answer('userLedger', ok({ user: user(), balance: 0, entries: [], entries_sum: 0, consistent: true }));
    fakeApi.answer(
      'adminUserSaferPlay',
      ok({
        pause: { kind: 'exclusion' as const, until: '2027-05-20T10:00:00.000Z' },
        limits: [{ kind: 'spend' as const, period: 'day' as const, amount: 5000, pending: null, used: 1200 }],
      }),
    );
    renderWithApp(
      <Routes>
        <Route path="/admin/users/:id" element={<UserPage />} />
      </Routes>,
      { path: '/admin/users/u2' },
    );
    expect((await screen.findByTestId('safer-play-pause')).textContent).toMatch(/^Self-excluded until /);
    expect(screen.getByText(/the console cannot lift it/)).toBeTruthy();
    expect(screen.getByTestId('safer-play-limits').textContent).toBe('Spend limit a day: ₦5,000 (used ₦1,200)');
    expect(screen.queryByRole('button', { name: /lift|end break|remove/i })).toBeNull();
    expect(fakeApi.callsTo('adminUserSaferPlay')[0]?.params).toEqual({ id: 'u2' });
  });

  it('says so when there is no pause and no limit', async () => {
    fakeApi.answer('userLedger', ok({ user: user(), balance: 0, entries: [], entries_sum: 0, consistent: true }));
    fakeApi.answer('adminUserSaferPlay', ok(NO_LIMITS));
    renderWithApp(
      <Routes>
        <Route path="/admin/users/:id" element={<UserPage />} />
      </Routes>,
      { path: '/admin/users/u2' },
    );
    expect((await screen.findByTestId('safer-play-pause')).textContent).toBe('No break or self-exclusion');
    expect(screen.getByText('No limit set.')).toBeTruthy();
  });
});
