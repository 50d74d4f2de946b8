import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PunterRecordView } from '@punter/core/api/punters-hub';
import { NO_PUNTERS_MESSAGE, PUNTERS_OFFLINE_NOTICE, PuntersPage } from '@/features/punters-hub/components/punters-page';
import { fakeApi, ok } from '@/testing/fake-api';
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
    roi: 32.5,
    paid_games: 8,
    streak: 3,
    punting_power: 64,
    is_new: false,
    ...overrides,
  };
}

const list = () => within(screen.getByRole('region', { name: 'Ranked punters' }));

describe('/punters', () => {
  it("lists punters in the provider's ranking with their record, each linking to the profile", async () => {
    fakeApi.answer(
      'punters',
      ok([
        record(),
        record({
          username: 'bola',
          games: 3,
          won: 1,
          lost: 2,
          win_rate: 33.3,
          roi: null,
          paid_games: 0,
          streak: -2,
          punting_power: 46,
          is_new: true,
        }),
      ]),
    );
    renderWithApp(<PuntersPage />);
    const [first, second] = await list().findAllByRole('link');
    expect(first?.getAttribute('aria-label')).toBe('1. tunde');
    expect(first?.getAttribute('href')).toBe('/punter/tunde');
    expect(first?.textContent).toContain('Win rate 75% of 12');
    expect(first?.textContent).toContain('3 Booms in a row');
    expect(first?.textContent).toContain('+32.5% over 8 paid codes');
    expect(within(first!).queryByText('New punter')).toBeNull();
    expect(within(first!).getByLabelText('Punting power 64, up')).toBeTruthy();

    expect(second?.getAttribute('aria-label')).toBe('2. bola');
    expect(second?.textContent).toContain('2 Cuts in a row');
    expect(second?.textContent).toContain('No paid code settled yet');
    // Below the minimum sample the punter is marked new.
    expect(within(second!).getByText('New punter')).toBeTruthy();
  });

  it('a punter with no settled code yet says so instead of a 0% win rate', async () => {
    fakeApi.answer(
      'punters',
      ok([
        record({ games: 0, won: 0, lost: 0, win_rate: 0, roi: null, paid_games: 0, streak: 0, punting_power: 50, is_new: true }),
      ]),
    );
    renderWithApp(<PuntersPage />);
    const row = await list().findByRole('link', { name: '1. tunde' });
    expect(row.textContent).toContain('No settled code yet');
    expect(row.textContent).toContain('No streak yet');
    expect(row.textContent).not.toContain('0%');
  });

  it('says so when nobody has posted a code yet', async () => {
    fakeApi.answer('punters', ok([]));
    renderWithApp(<PuntersPage />);
    expect(await screen.findByText(NO_PUNTERS_MESSAGE)).toBeTruthy();
    expect(list().queryAllByRole('link')).toHaveLength(0);
  });

  it('shows a spinner while loading, then a failure with Try again that loads the list', async () => {
    const answer = fakeApi.hold('punters');
    fakeApi.answer('punters', ok([record()]));
    const { user } = renderWithApp(<PuntersPage />);
    expect(screen.getByText('Loading punters...')).toBeTruthy();
    answer(
      new (await import('@/lib/api')).ApiFailure(
        ['The service is unreachable. Check your connection and try again.'],
        'unavailable',
      ),
    );
    await screen.findByText('The service is unreachable. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await list().findByRole('link', { name: '1. tunde' })).toBeTruthy();
  });

  it('offline: says so above what it has', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fakeApi.answer('punters', ok([record()]));
    renderWithApp(<PuntersPage />);
    expect(screen.getByText(PUNTERS_OFFLINE_NOTICE)).toBeTruthy();
    expect(await list().findByRole('link', { name: '1. tunde' })).toBeTruthy();
  });
});
