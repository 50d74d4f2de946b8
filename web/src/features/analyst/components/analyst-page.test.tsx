import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lagosDate, leagueList } from '@punter/core/analyst';
import type { AnalystGame } from '@punter/core/api/analyst';
import { useLocation } from 'react-router-dom';
import { AnalystPage } from '@/features/analyst/components/analyst-page';
import { fakeApi, ok } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

let seq = 0;
function g(homeTeam: string, homeScore: number, awayScore: number, awayTeam: string): AnalystGame {
  seq += 1;
  return { id: `g${seq}`, homeTeam, awayTeam, homeScore, awayScore, kickoff: '2026-11-22T17:35:00.000Z', country: 'England' };
}

/** England's games: 4 games, 10 goals (7 home, 3 away), over 2.5 in 2 (3-3, 3-0)... checked by hand below. */
const ENGLAND = [g('ASH', 3, 3, 'BLM'), g('CAS', 0, 0, 'ASH'), g('ASH', 3, 0, 'DUN'), g('EAS', 1, 0, 'FEN')];
/** Spain's: 2 games, 1-1 and 0-2. */
const SPAIN = [g('ASH', 1, 1, 'BLM'), g('CAS', 0, 2, 'DUN')];

/** Answers GET /games like the provider: the slot (rounds=1) is one 3-0 game; else by country. */
function answerGames() {
  fakeApi.answer('analystGames', (options) => {
    const query = options.query ?? {};
    if (query.rounds === '1') return ok([g('ASH', 3, 0, 'BLM')]);
    return ok(query.country === 'Spain' ? SPAIN : ENGLAND);
  });
  fakeApi.answer('topGames', ok([g('GLE', 5, 2, 'HAR')]));
}

const mainQueries = () => fakeApi.callsTo('analystGames').filter((c) => c.query?.rounds === undefined);
const lastQuery = () => mainQueries().at(-1)?.query;
const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';

function renderPage(path = '/virtual-analyst') {
  return renderWithApp(
    <>
      <AnalystPage />
      <Location />
    </>,
    { path },
  );
}

describe('AnalystPage', () => {
  beforeEach(() => {
    seq = 0;
  });

  it('shows the statistics of the default filters (England, today, 18:36) with their sample sizes', async () => {
    answerGames();
    renderPage();
    await screen.findByText('From 4 games');
    const today = lagosDate(Date.now());
    expect(lastQuery()).toEqual({ country: 'England', date: `${today}T18:36`, platform: 'platform-1' });
    // 10 goals in 4 games = 2.50; home 7 / 4 = 1.75; away 3 / 4 = 0.75.
    expect(stat('Average goals')).toBe('2.50 10 goals');
    expect(stat('Average home goals')).toBe('1.75 7 goals');
    expect(stat('Average away goals')).toBe('0.75 3 goals');
    // over 4.5: 3-3 -> 1 of 4; over 2.5: 3-3, 3-0 -> 2 of 4; under 0.5: 0-0; both scored: 3-3; no goal: the other 3.
    expect(stat('Over 4.5')).toBe('25.0% 1 of 4 (25.0%)');
    expect(stat('Over 2.5')).toBe('50.0% 2 of 4 (50.0%)');
    expect(stat('Under 0.5')).toBe('25.0% 1 of 4 (25.0%)');
    expect(stat('Both teams scored')).toBe('25.0% 1 of 4 (25.0%)');
    expect(stat('No goal')).toBe('75.0% 3 of 4 (75.0%)');
    // The slot: one 3-0 game on each of the 10 league days -> 10 of 10.
    const slot = within(await screen.findByTestId('analyst-slot'));
    expect(slot.getByText('Over 2.5 at 18:35, last 10 days')).toBeTruthy();
    expect(slot.getByText('10 of 10 games on 10 days')).toBeTruthy();
    const slotDates = fakeApi
      .callsTo('analystGames')
      .filter((c) => c.query?.rounds === '1')
      .map((c) => c.query?.date);
    expect(slotDates.sort()).toEqual(
      leagueList(Date.now())
        .map((l) => `${l.date}T18:36`)
        .sort(),
    );
    expect(screen.getByTestId('analyst-random-note').textContent).toMatch(/random.*Nothing here is a prediction/s);
    expect(within(screen.getByRole('list', { name: 'Top games' })).getByLabelText('GLE 5-2 HAR')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Games' })).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Choose a team to see its form.')).toBeTruthy();
  });

  it('asks for the time slot of the 10 days only once the main games are in', async () => {
    answerGames();
    const release = fakeApi.hold('analystGames');
    renderPage();
    await screen.findByText('Loading games');
    expect(fakeApi.callsTo('analystGames')).toHaveLength(1);
    release(ok(ENGLAND));
    await screen.findByText('From 4 games');
    await screen.findByTestId('analyst-slot');
    expect(fakeApi.callsTo('analystGames').filter((c) => c.query?.rounds === '1')).toHaveLength(10);
  });

  it('puts every filter in the URL and asks for the games it names', async () => {
    answerGames();
    const { user } = renderPage();
    await screen.findByText('From 4 games');

    await user.click(screen.getByRole('button', { name: 'Spain' }));
    await screen.findByText('From 2 games');
    expect(search().get('country')).toBe('Spain');
    expect(stat('Average goals')).toBe('2.00 4 goals');
    expect(lastQuery()?.country).toBe('Spain');

    await user.click(screen.getByRole('button', { name: 'Platform 3' }));
    expect(search().get('platform')).toBe('platform-3');
    expect(lastQuery()?.platform).toBe('platform-3');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'ASH');
    expect(search().get('team')).toBe('ASH');
    expect(lastQuery()?.team).toBe('ASH');
    // ASH drew 1-1 at home in Spain's list.
    expect(await screen.findByLabelText('Form: D')).toBeTruthy();

    const leagues = leagueList(Date.now());
    const older = leagues[3]!;
    await user.click(screen.getByRole('button', { name: older.name }));
    expect(search().get('date')).toBe(older.date);
    expect(lastQuery()?.date).toBe(`${older.date}T18:36`);

    // The calendar: a draft until DATE FILTER.
    await user.click(screen.getByRole('button', { name: 'Hour up' }));
    await user.click(screen.getByRole('button', { name: 'Minute down' }));
    await user.click(screen.getByRole('button', { name: 'Minute down' }));
    expect(search().get('time')).toBe('18:36');
    await user.click(screen.getByRole('button', { name: 'DATE FILTER' }));
    expect(search().get('time')).toBe('19:34');
    expect(lastQuery()).toEqual({ country: 'Spain', date: `${older.date}T19:34`, platform: 'platform-3', team: 'ASH' });
    // Many clicks on two shared cores.
  }, 20_000);

  it('picks a day of another month in the calendar', async () => {
    answerGames();
    const { user } = renderPage('/virtual-analyst?date=2026-11-22');
    await screen.findByText('From 4 games');
    expect(screen.getByText('November 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByText('October 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '31 October 2026' }));
    await user.click(screen.getByRole('button', { name: 'Hour down' }));
    await user.click(screen.getByRole('button', { name: 'DATE FILTER' }));
    expect(search().get('date')).toBe('2026-10-31');
    expect(search().get('time')).toBe('17:36');
    expect(lastQuery()?.date).toBe('2026-10-31T17:36');
  });

  it('reads the filters from the URL, and falls back to the defaults for values it does not know', async () => {
    answerGames();
    renderPage('/virtual-analyst?country=Spain&date=2026-11-20&time=07:05&platform=platform-2&team=ash');
    await screen.findByText('From 2 games');
    expect(lastQuery()).toEqual({ country: 'Spain', date: '2026-11-20T07:05', platform: 'platform-2', team: 'ASH' });
    expect(screen.getByRole('button', { name: 'Spain' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Hour' }).textContent).toContain('07');
  });

  it('ignores unknown filter values in the URL', async () => {
    answerGames();
    renderPage('/virtual-analyst?country=Narnia&date=2026-02-30&time=25:99&platform=bet9ja&team=XYZ');
    await screen.findByText('From 4 games');
    const today = lagosDate(Date.now());
    expect(lastQuery()).toEqual({ country: 'England', date: `${today}T18:36`, platform: 'platform-1' });
  });

  it("says 'Failed to fetch games' and 'Failed to fetch top games', and Retry loads them", async () => {
    fakeApi.failOnce('analystGames', ['Unknown platform']);
    fakeApi.failOnce('topGames', ['An error occurred']);
    answerGames();
    const { user } = renderPage();
    expect(await screen.findByText('Failed to fetch games')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch top games')).toBeTruthy();
    const [gamesRetry, topRetry] = screen.getAllByRole('button', { name: 'Retry' });
    await user.click(gamesRetry!);
    await screen.findByText('From 4 games');
    expect(screen.queryByText('Failed to fetch games')).toBeNull();
    await user.click(topRetry!);
    await screen.findByRole('list', { name: 'Top games' });
    expect(screen.queryByText('Failed to fetch top games')).toBeNull();
  });

  it('says when no game was played yet up to the chosen time', async () => {
    fakeApi.answer('analystGames', ok([]));
    fakeApi.answer('topGames', ok([]));
    renderPage();
    expect(await screen.findByText(/No games were played in this league up to 18:36/)).toBeTruthy();
    expect(await screen.findByText('No game has been played yet today.')).toBeTruthy();
    expect(screen.queryByTestId('goals-chart')).toBeNull();
  });

  it('says when the phone is offline', async () => {
    answerGames();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage();
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    online.mockRestore();
  });
});

describe('the goals-per-game chart', () => {
  const observers: { callback: IntersectionObserverCallback; observed: Element[]; observer: IntersectionObserver }[] = [];
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly root = null;
        readonly rootMargin = '';
        readonly thresholds = [];
        private readonly entry: { callback: IntersectionObserverCallback; observed: Element[]; observer: IntersectionObserver };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, observed: [], observer: this };
          observers.push(this.entry);
        }
        observe(element: Element) {
          this.entry.observed.push(element);
        }
        disconnect() {
          this.entry.observed.length = 0;
        }
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads its library only once it scrolls into view', async () => {
    answerGames();
    renderPage();
    const chart = await screen.findByTestId('goals-chart');
    expect(chart.getAttribute('data-loaded')).toBe('false');
    expect(chart.children).toHaveLength(0);
    // The observer starts in an effect, which may run after the first paint.
    const watching = await vi.waitFor(() => {
      const found = observers.find((o) => o.observed.includes(chart));
      if (!found) throw new Error('nothing watches the chart yet');
      return found;
    });
    act(() => {
      const rect = chart.getBoundingClientRect();
      const entry: IntersectionObserverEntry = {
        isIntersecting: true,
        target: chart,
        boundingClientRect: rect,
        intersectionRect: rect,
        intersectionRatio: 1,
        rootBounds: null,
        time: 0,
      };
      watching.callback([entry], watching.observer);
    });
    expect(chart.getAttribute('data-loaded')).toBe('true');
    expect(screen.getByText('Goals per game, home against away (4 games)')).toBeTruthy();
    // The numbers behind the bars, for screen readers: home scored 3,0,3,1 and away 3,0,0,0 (ENGLAND).
    const rows = within(screen.getByTestId('goals-chart-table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent).join(' '));
    expect(rows).toEqual(['0 1 3', '1 1 0', '2 0 0', '3 2 1', '4 0 0', '5 0 0', '6+ 0 0']);
  });
});
