import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MyGame, MyGamesCursor, MyGamesLoader, MyGamesPage as Page } from '@/features/punters-hub/api/my-games';
import { MyGamesPage } from '@/features/punters-hub/components/my-games-page';
import { renderWithApp } from '@/testing/render';

function myGame(i: number): MyGame {
  return {
    id: `m${i}`,
    title: `Code ${i}`,
    punter_name: 'tunde',
    status: 'Active',
    amount: i % 2 === 0 ? 0 : 200,
    platform: 'bet9ja',
    game_code: `B9-${i}`,
    odd: 2.5,
    at: Date.parse('2026-11-24T10:00:00.000Z') - i * 60_000,
  };
}

/** A loader over `total` purchases, 5 a page; the cursor is the index where the next page starts. */
function pagedLoader(total: number) {
  const all = Array.from({ length: total }, (_, i) => myGame(i));
  const cursors: Array<MyGamesCursor | null> = [];
  const loader = vi.fn<MyGamesLoader>((_uid, after) => {
    const start = after === null ? 0 : cursors.indexOf(after) + 1;
    const games = all.slice(start, start + 5);
    // A stand-in for the last document snapshot; the screen only hands it back.
    const next = {} as MyGamesCursor;
    cursors[start + games.length - 1] = next;
    const page: Page = { games, count: games.length, next: games.length > 0 ? next : null };
    return Promise.resolve(page);
  });
  return loader;
}

const titles = () =>
  within(screen.getByRole('region', { name: 'All my games' }))
    .queryAllByRole('button', { name: /^Code \d+/ })
    .map((b) => b.textContent?.match(/^Code \d+/)?.[0]);

describe('My Games', () => {
  it("pages 5 at a time from the cursor; 'Load more games' only while a full page came back", async () => {
    const loader = pagedLoader(12);
    const { user } = renderWithApp(<MyGamesPage loader={loader} />, { profile: { id: 'alice' } });
    await screen.findByText('Code 4');
    expect(titles()).toEqual(['Code 0', 'Code 1', 'Code 2', 'Code 3', 'Code 4']);
    expect(loader).toHaveBeenLastCalledWith('alice', null);
    await user.click(screen.getByRole('button', { name: 'Load more games' }));
    await screen.findByText('Code 9');
    await user.click(screen.getByRole('button', { name: 'Load more games' }));
    await screen.findByText('Code 11');
    expect(titles()).toHaveLength(12);
    // The last page had 2: no more button.
    expect(screen.queryByRole('button', { name: 'Load more games' })).toBeNull();
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('opens a purchase with its code', async () => {
    const { user } = renderWithApp(<MyGamesPage loader={pagedLoader(1)} />);
    await user.click(await screen.findByRole('button', { name: /^Code 0/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Code 0' }));
    expect(dialog.getByText('B9-0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more games' })).toBeNull();
  });

  it("says 'Error loading games' when a page fails, and Try again loads it", async () => {
    const loader = vi.fn<MyGamesLoader>().mockRejectedValueOnce(new Error('permission-denied'));
    loader.mockResolvedValueOnce({ games: [myGame(0)], count: 1, next: null });
    const { user } = renderWithApp(<MyGamesPage loader={loader} />);
    await screen.findByText('Error loading games');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Code 0');
    expect(screen.queryByText('Error loading games')).toBeNull();
  });
});
