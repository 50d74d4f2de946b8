import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { BettingCode } from '@punter/core/api/punters-hub';
import type { HubGame } from '@/features/punters-hub/api/games-feed';
import { FIRST_FRAME_CARDS, HubView, UNLOCKED_CODES_KEY } from '@/features/punters-hub/components/hub-view';
import { getProfile } from '@/lib/session';
import { fakeApi, ok } from '@/testing/fake-api';
import { testTransaction } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));
const callFunction = vi.fn<(name: string, payload: unknown) => Promise<unknown>>();
vi.mock('@/lib/firebase-session', () => ({ callFunction: (name: string, payload: unknown) => callFunction(name, payload) }));

function game(overrides: Partial<HubGame> = {}): HubGame {
  return {
    id: 'g1',
    title: 'Sure two odds',
    odd: 2.5,
    platform: 'sportybet',
    amount: 0,
    startDate: '2026-11-24T15:00:00.000Z',
    endDate: '2026-11-24T17:00:00.000Z',
    status: 'Active',
    punter_name: 'tunde',
    user_id: 'punter',
    punting_power: 62,
    buyers_count: 3,
    possible_profit: 600,
    createdAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** The provider's answer to buy-or-get: the game with its code. */
function bought(g: HubGame, code: string, price = 0) {
  const full: BettingCode = {
    ...g,
    game_code: code,
    game_count: 0,
    win_count: 0,
    lost_count: 0,
    won_count: 0,
    earliest_game_time: g.startDate,
  };
  return ok({
    game: full,
    transaction:
      price > 0 ? testTransaction({ type: 'BUY_GAME', amount: price, old_balance: 1000, new_balance: 1000 - price }) : null,
  });
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => within(screen.getByRole('tabpanel'));
const storedCodes = () => JSON.parse(window.localStorage.getItem(UNLOCKED_CODES_KEY) ?? '{}') as Record<string, string>;

// The callable module is imported on first use (lazy in the app); load the mock before the clock runs.
beforeAll(async () => {
  await import('@/lib/firebase-session');
});
beforeEach(() => callFunction.mockReset());
afterEach(() => vi.restoreAllMocks());

describe('Punters Hub', () => {
  it("shows each tab's codes, and SPEC's empty state for a tab with none", async () => {
    const games = [
      game(),
      game({ id: 'g2', title: 'Weekend banker', status: 'Boom', platform: 'nairabet', amount: 200, punting_power: 50 }),
    ];
    const { user } = renderWithApp(<HubView games={games} />);
    const card = panel().getByRole('button', { name: 'Sure two odds by tunde' });
    expect(card.textContent).toContain('Free');
    expect(card.textContent).toContain('Odds 2.50');
    expect(card.textContent).toContain('3 buyers');
    expect(within(card).getByRole('img', { name: 'sportybet' })).toBeTruthy();
    expect(within(card).getByLabelText('Punting power 62, up')).toBeTruthy();
    expect(panel().queryByText('Weekend banker')).toBeNull();

    await user.click(tab('Boom'));
    const boom = panel().getByRole('button', { name: 'Weekend banker by tunde' });
    expect(boom.textContent).toContain('₦200');
    // nairabet has no icon: a text badge; 50 is not above 50, so the arrow points down.
    expect(within(boom).queryByRole('img')).toBeNull();
    expect(within(boom).getByText('nairabet')).toBeTruthy();
    expect(within(boom).getByLabelText('Punting power 50, down')).toBeTruthy();

    await user.click(tab('Cut'));
    expect(panel().getByText('Waiting for games with bigger Odds')).toBeTruthy();
    await user.click(tab('Ended'));
    expect(panel().getByText('Sorry, no betting codes posted yet for this category. Check again later.')).toBeTruthy();
  });

  it("shows the punter's verified record on the card: 'New punter' below 10 settled codes", () => {
    renderWithApp(
      <HubView
        games={[
          game({ game_count: 12, won_count: 9 }),
          game({ id: 'g2', title: 'Fresh tips', punter_name: 'bola', game_count: 3, won_count: 3 }),
        ]}
      />,
    );
    expect(panel().getByRole('button', { name: 'Sure two odds by tunde' }).textContent).toContain('9 of 12 landed');
    const fresh = panel().getByRole('button', { name: 'Fresh tips by bola' });
    expect(within(fresh).getByText('New punter')).toBeTruthy();
    expect(fresh.textContent).not.toContain('landed');
  });

  it("shows a tab's first 20 codes, 20 more per 'Show more codes', and a tab switch starts at the first page again", async () => {
    const games = [
      ...Array.from({ length: 45 }, (_, i) => game({ id: `a${i}`, title: `Active ${i}` })),
      ...Array.from({ length: 3 }, (_, i) => game({ id: `b${i}`, title: `Boom ${i}`, status: 'Boom' })),
    ];
    const { user } = renderWithApp(<HubView games={games} />);
    const cards = () => panel().queryAllByRole('button', { name: / by tunde$/ });
    expect(cards()).toHaveLength(20);
    expect(cards()[0]?.getAttribute('aria-label')).toBe('Active 0 by tunde');
    await user.click(panel().getByRole('button', { name: 'Show more codes (25 more)' }));
    expect(cards()).toHaveLength(40);
    await user.click(panel().getByRole('button', { name: 'Show more codes (5 more)' }));
    expect(cards()).toHaveLength(45);
    expect(panel().queryByRole('button', { name: /Show more codes/ })).toBeNull();

    await user.click(tab('Boom'));
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(['Boom 0 by tunde', 'Boom 1 by tunde', 'Boom 2 by tunde']);
    // A click as the browser dispatches it (not wrapped in act, which would also run the deferred render): the
    // click's own render paints the cards a screen holds first; the rest of the page follows in a later task.
    tab('Active').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await Promise.resolve();
    expect(cards()).toHaveLength(FIRST_FRAME_CARDS);
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('true');
    expect(panel().queryByRole('button', { name: /Show more codes/ })).toBeNull();
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(cards()[19]?.getAttribute('aria-label')).toBe('Active 19 by tunde');
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('false');
    expect(panel().getByRole('button', { name: 'Show more codes (25 more)' })).toBeTruthy();
  });

  it('hides the code until the user gets it, then shows and keeps it; a retry uses the same Idempotency-Key', async () => {
    fakeApi.failOnce('buyOrGetGame', ['The service is unreachable. Check your connection and try again.'], 'unavailable');
    fakeApi.answer('buyOrGetGame', bought(game(), 'SB-XYZ'));
    const { user } = renderWithApp(<HubView games={[game()]} />);
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    expect(dialog.queryByText('SB-XYZ')).toBeNull();
    expect(dialog.queryByText('Expected Profit')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Get code' }));
    await screen.findByText('The service is unreachable. Check your connection and try again.');
    await user.click(dialog.getByRole('button', { name: 'Get code' }));
    expect((await dialog.findByLabelText('Game code')).textContent).toBe('SB-XYZ');
    await screen.findByText('Game code retrieved successfully');
    const [first, retry] = fakeApi.callsTo('buyOrGetGame');
    expect(first?.body).toEqual({ game_id: 'g1', amount: 0 });
    expect(retry?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
    expect(storedCodes()).toEqual({ g1: 'SB-XYZ' });
  });

  it("a priced code says 'Game bought successfully'; a refusal shows the server's message", async () => {
    const priced = game({ amount: 500 });
    fakeApi.failOnce('buyOrGetGame', ['Insufficient funds']);
    fakeApi.answer('buyOrGetGame', bought(priced, 'B9-123', 500));
    const { user } = renderWithApp(<HubView games={[priced]} />);
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    // Within 15 minutes of the login the provider needs no PIN: none is asked.
    expect(dialog.queryByLabelText('Transaction PIN')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Buy code for ₦500' }));
    await screen.findByText('Insufficient funds');
    expect(dialog.queryByLabelText('Game code')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Buy code for ₦500' }));
    await screen.findByText('Game bought successfully');
    expect(dialog.getByLabelText('Game code').textContent).toBe('B9-123');
    expect(fakeApi.callsTo('buyOrGetGame')[1]?.body).toEqual({ game_id: 'g1', amount: 500 });
  });

  it('the PIN step-up on a paid code: the message and a PIN field, then the same purchase with the PIN and key', async () => {
    const priced = game({ amount: 500 });
    fakeApi.failOnce('buyOrGetGame', ['Please enter your transaction PIN to confirm this payment.'], 'permission-denied');
    fakeApi.answer('buyOrGetGame', bought(priced, 'B9-123', 500));
    const { user } = renderWithApp(<HubView games={[priced]} />);
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    await user.click(dialog.getByRole('button', { name: 'Buy code for ₦500' }));
    expect(await dialog.findByText('Please enter your transaction PIN to confirm this payment.')).toBeTruthy();
    const buy = dialog.getByRole<HTMLButtonElement>('button', { name: 'Buy code for ₦500' });
    expect(buy.disabled).toBe(true);
    await user.type(dialog.getByLabelText('Transaction PIN'), '1234');
    expect(buy.disabled).toBe(false);
    await user.click(buy);
    await screen.findByText('Game bought successfully');
    expect(dialog.getByLabelText('Game code').textContent).toBe('B9-123');
    const [first, withPin] = fakeApi.callsTo('buyOrGetGame');
    expect(first?.body).toEqual({ game_id: 'g1', amount: 500 });
    expect(withPin?.body).toEqual({ game_id: 'g1', amount: 500, pin: '1234' });
    expect(withPin?.headers?.['Idempotency-Key']).toBe(first?.headers?.['Idempotency-Key']);
    // The step-up was a question, never an error toast.
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it('an expired token clears the session and goes to /login', async () => {
    fakeApi.fail('buyOrGetGame', ['Token is expired or invalid.'], 'unauthenticated');
    const { user } = renderWithApp(
      <Routes>
        <Route path="/" element={<HubView games={[game()]} />} />
        <Route path="/login" element={<h1>Login page</h1>} />
      </Routes>,
    );
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('heading', { name: 'Login page' });
    await screen.findByText('Token is expired or invalid.');
    expect(getProfile()).toBeNull();
  });

  it("offers no Get or Buy on a code that is not Active: 'Game has ended'", async () => {
    const { user } = renderWithApp(<HubView games={[game({ status: 'Cut' })]} />);
    await user.click(tab('Cut'));
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    expect(dialog.getByText('Game has ended')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Get code|Buy code/ })).toBeNull();
  });

  it("the owner of a priced code is never offered 'Buy code', and his free fetch never says 'Game bought successfully'", async () => {
    const priced = game({ amount: 500 });
    // The provider charges an owner nothing: no BUY_GAME entry in the answer.
    fakeApi.answer('buyOrGetGame', bought(priced, 'B9-OWN', 0));
    const { user } = renderWithApp(<HubView games={[priced]} />, { profile: { id: 'punter', can_post_game: true } });
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    expect(dialog.queryByRole('button', { name: /Buy code|Get code/ })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Show my code' }));
    await screen.findByText('Game code retrieved successfully');
    expect(screen.queryByText('Game bought successfully')).toBeNull();
    expect(dialog.getByLabelText('Game code').textContent).toBe('B9-OWN');
  });

  it('the owner sees Expected Profit', async () => {
    const { user } = renderWithApp(<HubView games={[game()]} />, { profile: { id: 'punter', can_post_game: true } });
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sure two odds' }));
    expect(dialog.getByText('Expected Profit').nextElementSibling?.textContent).toBe('₦600');
  });

  it('a stored code is shown without a call, and dropped once its game has Ended', async () => {
    window.localStorage.setItem(UNLOCKED_CODES_KEY, JSON.stringify({ g1: 'SB-XYZ', g2: 'OLD-1' }));
    const { user } = renderWithApp(<HubView games={[game(), game({ id: 'g2', title: 'Old one', status: 'Ended' })]} />);
    await waitFor(() => expect(storedCodes()).toEqual({ g1: 'SB-XYZ' }));
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    expect(screen.getByLabelText('Game code').textContent).toBe('SB-XYZ');
    expect(fakeApi.callsTo('buyOrGetGame')).toHaveLength(0);
  });

  it("copies the code: 'Code copied', or 'Failed to copy code'", async () => {
    window.localStorage.setItem(UNLOCKED_CODES_KEY, JSON.stringify({ g1: 'SB-XYZ' }));
    const { user } = renderWithApp(<HubView games={[game()]} />);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(panel().getByRole('button', { name: 'Sure two odds by tunde' }));
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await screen.findByText('Code copied');
    expect(writeText).toHaveBeenCalledWith('SB-XYZ');
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await screen.findByText('Failed to copy code');
  });

  it("a user without can_post_game gets 'Become a punter' and its explanation, no Add Game and no Clear Games", async () => {
    const { user } = renderWithApp(<HubView games={[]} />);
    expect(screen.queryByRole('button', { name: 'Add Game' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear Games' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Become a punter' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Become a punter' }));
    expect(dialog.getByText(/10 settled codes give you a record buyers can judge/)).toBeTruthy();
  });

  it('Add Game: submit stays disabled until every field is valid; bad odds say so; posts and toasts', async () => {
    fakeApi.answer('createCode', (request) => {
      const body = request.body;
      return ok({
        ...bought(game(), body?.game_code ?? '').data.game,
        title: body?.title ?? '',
        amount: 200,
      });
    });
    const { user } = renderWithApp(<HubView games={[]} />, {
      profile: { id: 'punter', can_post_game: true, can_monetize_game: true },
    });
    await user.click(screen.getByRole('button', { name: 'Add Game' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Game' }));
    const submit = dialog.getByRole('button', { name: 'Post game' });
    await user.type(dialog.getByLabelText('Game code'), 'SB-NEW');
    await user.type(dialog.getByLabelText('Total odds'), '3,5');
    expect(dialog.getByText('Please enter a valid float value (e.g., 3.50)')).toBeTruthy();
    await user.clear(dialog.getByLabelText('Total odds'));
    await user.type(dialog.getByLabelText('Total odds'), '3.50');
    expect(dialog.queryByText('Please enter a valid float value (e.g., 3.50)')).toBeNull();
    await user.type(dialog.getByLabelText('Title'), 'Evening treble');
    expect(dialog.getAllByRole('option').map((o) => o.textContent)).toContain('₦500');
    await user.selectOptions(dialog.getByLabelText('Price'), '200');
    await user.type(dialog.getByLabelText('Starts'), '2026-11-25T18:00');
    await user.type(dialog.getByLabelText('Ends'), '2026-11-25T20:00');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(dialog.getByLabelText('Platform'), 'bet9ja');
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);
    await screen.findByText('Game posted successfully');
    expect(fakeApi.callsTo('createCode')[0]?.body).toMatchObject({
      game_code: 'SB-NEW',
      odd: '3.50',
      title: 'Evening treble',
      amount: 200,
      platform: 'bet9ja',
    });
  });

  it('a punter without can_monetize_game can only post free codes', async () => {
    const { user } = renderWithApp(<HubView games={[]} />, { profile: { can_post_game: true } });
    await user.click(screen.getByRole('button', { name: 'Add Game' }));
    const price = within(screen.getByRole('dialog', { name: 'Add Game' })).getByLabelText('Price');
    expect(
      within(price)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Free']);
  });

  it("role 1 clears games only after confirming; SPEC's toasts", async () => {
    callFunction.mockRejectedValueOnce({ code: 'functions/permission-denied', message: 'Only admins can clear games' });
    callFunction.mockResolvedValueOnce({ deleted: 4, message: 'All documents successfully deleted!' });
    const { user } = renderWithApp(<HubView games={[game()]} />, { profile: { role: 1 } });
    await user.click(screen.getByRole('button', { name: 'Clear Games' }));
    expect(callFunction).not.toHaveBeenCalled();
    const dialog = within(screen.getByRole('dialog', { name: 'Clear Games' }));
    await user.click(dialog.getByRole('button', { name: 'Clear all games' }));
    await screen.findByText('Error deleting documents: Only admins can clear games');
    await user.click(dialog.getByRole('button', { name: 'Clear all games' }));
    await screen.findByText('All documents successfully deleted!');
    expect(callFunction).toHaveBeenLastCalledWith('clearGames', {});
  });
});
