import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { MyGame } from '@/features/punters-hub/api/my-games';
import { MyGamesView } from '@/features/punters-hub/components/my-games-view';
import { renderWithApp } from '@/testing/render';

function myGame(i: number, overrides: Partial<MyGame> = {}): MyGame {
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
    ...overrides,
  };
}

const titles = () =>
  within(screen.getByRole('region', { name: 'All my games' }))
    .queryAllByRole('button', { name: /^Code \d+/ })
    .map((b) => b.textContent?.match(/^Code \d+/)?.[0]);

/** What the live listener hands the view: the newest `pages` pages of `total` purchases, 5 a page. */
function Paged({ total }: { total: number }) {
  const [pages, setPages] = useState(1);
  const all = Array.from({ length: total }, (_, i) => myGame(i));
  const shown = all.slice(0, pages * 5);
  return <MyGamesView games={shown} loading={false} more={shown.length >= pages * 5} onMore={() => setPages((p) => p + 1)} />;
}

describe('My Games', () => {
  it("shows 5 at a time; 'Load more games' only while a full page came back", async () => {
    const { user } = renderWithApp(<Paged total={12} />, { profile: { id: 'alice' } });
    expect(titles()).toEqual(['Code 0', 'Code 1', 'Code 2', 'Code 3', 'Code 4']);
    await user.click(screen.getByRole('button', { name: 'Load more games' }));
    expect(titles()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more games' }));
    expect(titles()).toHaveLength(12);
    // The last page had 2: no more button.
    expect(screen.queryByRole('button', { name: 'Load more games' })).toBeNull();
  });

  it('opens a purchase with its code', async () => {
    const { user } = renderWithApp(<MyGamesView games={[myGame(0)]} loading={false} more={false} onMore={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /^Code 0/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Code 0' }));
    expect(dialog.getByText('B9-0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more games' })).toBeNull();
  });

  it('a code settled Cut while the list and its detail are open changes its status in both, without a reload', async () => {
    let settle: (games: MyGame[]) => void = () => undefined;
    function Live() {
      const [games, setGames] = useState([myGame(1), myGame(2)]);
      settle = setGames;
      return <MyGamesView games={games} loading={false} more={false} onMore={() => undefined} />;
    }
    const { user } = renderWithApp(<Live />);
    await user.click(screen.getByRole('button', { name: /^Code 1/ }));
    const status = () =>
      within(screen.getByRole('dialog', { name: 'Code 1' })).getByText('Status', { selector: 'dt' }).nextElementSibling
        ?.textContent;
    expect(status()).toBe('Active');
    // The listener brings the provider's settlement: the same purchase, now Cut.
    act(() => settle([myGame(1, { status: 'Cut' }), myGame(2)]));
    expect(status()).toBe('Cut');
    expect(screen.getByRole('button', { name: /^Code 1/, hidden: true }).textContent).toContain('Cut');
  });

  it('says so while loading and when there is nothing yet', () => {
    const { unmount } = renderWithApp(<MyGamesView games={[]} loading more={false} onMore={() => undefined} />);
    expect(screen.getByText('Loading games...')).toBeTruthy();
    expect(screen.queryByText('You have not got or bought any code yet.')).toBeNull();
    unmount();
    renderWithApp(<MyGamesView games={[]} loading={false} more={false} onMore={() => undefined} />);
    expect(screen.getByText('You have not got or bought any code yet.')).toBeTruthy();
  });
});
