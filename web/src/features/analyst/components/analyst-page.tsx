/**
 * /virtual-analyst (SPEC sections 2 and 9): four filter panels and the main card with the summary
 * statistics, the goals-per-game chart, the top games and the game cards. The filters are the URL's
 * (features/analyst/filters.ts). At 360 px everything is one column.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  FETCH_GAMES_FAILURE,
  FETCH_TOP_GAMES_FAILURE,
  formatFilterTime,
  goalsPerGameDistribution,
  lagosDate,
  leagueList,
} from '@punter/core/analyst';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { useGames, useSlotDays, useTopGames } from '@/features/analyst/api/analyst-api';
import { CorrectScores, SummaryStats, TeamFormPanel, TimeSlotPanel } from '@/features/analyst/components/analyst-stats';
import { CalendarPanel, CountryPanel, LeaguePanel, PlatformTeamPanel } from '@/features/analyst/components/filter-panels';
import { GameGrid } from '@/features/analyst/components/game-cards';
import { GoalsChart } from '@/features/analyst/components/goals-chart';
import { filtersFromSearch, searchFromFilters, type AnalystFilters } from '@/features/analyst/filters';
import { useOnline } from '@/lib/use-online';
import '@/features/analyst/analyst.css';

function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stack">
      <Alert>{message}</Alert>
      <button type="button" className="button button-small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

function TopGames() {
  const top = useTopGames();
  return (
    <section className="stack" aria-labelledby="analyst-top">
      <h3 id="analyst-top" className="analyst-h3">
        Top games today
      </h3>
      {top.status === 'error' ? <Failure message={FETCH_TOP_GAMES_FAILURE} onRetry={top.reload} /> : null}
      {top.status === 'loading' && top.data === undefined ? <Spinner label="Loading top games" /> : null}
      {top.data && top.data.length === 0 ? <p className="empty">No game has been played yet today.</p> : null}
      {top.data && top.data.length > 0 ? <GameGrid games={top.data} label="Top games" /> : null}
    </section>
  );
}

export function AnalystPage() {
  // Today is read once per visit: the league list and the default date stay put while the page is open.
  const [now] = useState(() => Date.now());
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search, lagosDate(now));
  const leagues = leagueList(now);
  const online = useOnline();
  const games = useGames(filters);
  const slot = useSlotDays(filters, now, games.status === 'success');
  const change = (patch: Partial<AnalystFilters>) => setSearch(searchFromFilters({ ...filters, ...patch }));
  const list = games.data;
  const time = formatFilterTime(filters.hour, filters.minute);

  return (
    <div className="stack-lg analyst">
      <h1>Virtual football analyst</h1>
      <p className="notice" data-testid="analyst-random-note">
        Virtual results are random: each game is drawn afresh, so past figures say nothing about the next game. Nothing here is a
        prediction or a tip.
      </p>
      {online ? null : (
        <p className="banner" role="status">
          You are offline. The figures below are the last ones loaded; they refresh when you are back online.
        </p>
      )}
      <div className="analyst-filters">
        <CountryPanel filters={filters} onChange={change} />
        <CalendarPanel key={`${filters.date}T${time}`} filters={filters} onChange={change} />
        <PlatformTeamPanel filters={filters} onChange={change} />
        <LeaguePanel filters={filters} leagues={leagues} onChange={change} />
      </div>
      <section className="card stack" aria-labelledby="analyst-main">
        <h2 id="analyst-main">
          {filters.country} · Leag-{filters.date} · up to {time}
          {filters.team ? ` · ${filters.team}` : ''}
        </h2>
        {games.status === 'error' ? <Failure message={FETCH_GAMES_FAILURE} onRetry={games.reload} /> : null}
        {games.status === 'loading' && list === undefined ? <Spinner label="Loading games" /> : null}
        {list && list.length === 0 ? (
          <p className="empty">No games were played in this league up to {time}. Pick an earlier time or another day.</p>
        ) : null}
        {list && list.length > 0 ? (
          <>
            <SummaryStats games={list} />
            <TeamFormPanel games={list} team={filters.team} />
            <TimeSlotPanel slot={slot} hour={filters.hour} minute={filters.minute} />
            <CorrectScores games={list} />
            <GoalsChart data={goalsPerGameDistribution(list)} games={list.length} />
          </>
        ) : null}
        <TopGames />
        {list && list.length > 0 ? (
          <section className="stack" aria-labelledby="analyst-games">
            <h3 id="analyst-games" className="analyst-h3">
              Games ({list.length})
            </h3>
            <GameGrid games={list} label="Games" />
          </section>
        ) : null}
      </section>
    </div>
  );
}
