/**
 * The main card's figures, all from core (core/src/analyst.ts): the summary, the 28 correct scores,
 * a team's form and over 2.5 at the chosen time slot across the league days. Every figure says how
 * many games it comes from; none is a prediction.
 */
import {
  correctScoreCounts,
  roundKickoff,
  slotRound,
  summarizeGames,
  teamForm,
  timeSlotOver25,
  type AnalystGame,
} from '@punter/core/analyst';
import type { AnalystGame as WireGame } from '@punter/core/api/analyst';
import { ErrorMessages } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import type { SlotDays } from '@/features/analyst/api/analyst-api';

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="analyst-stat">
      <dt className="muted">{label}</dt>
      <dd>
        <span className="analyst-stat-value">{value}</span> <span className="muted analyst-small">{detail}</span>
      </dd>
    </div>
  );
}

export function SummaryStats({ games }: { games: readonly AnalystGame[] }) {
  const s = summarizeGames(games);
  const count = (n: number, pct: string) => `${n} of ${s.games} (${pct}%)`;
  return (
    <div className="stack" data-testid="analyst-summary">
      <p className="muted analyst-small">From {s.games} games</p>
      <dl className="analyst-stats">
        <Stat label="Average goals" value={s.averageGoals.text} detail={`${s.totalGoals} goals`} />
        <Stat label="Average home goals" value={s.averageHomeGoals.text} detail={`${s.homeGoals} goals`} />
        <Stat label="Average away goals" value={s.averageAwayGoals.text} detail={`${s.awayGoals} goals`} />
        <Stat label="Over 4.5" value={`${s.percent.over45.text}%`} detail={count(s.over45, s.percent.over45.text)} />
        <Stat label="Over 2.5" value={`${s.percent.over25.text}%`} detail={count(s.over25, s.percent.over25.text)} />
        <Stat label="Under 0.5" value={`${s.percent.under05.text}%`} detail={count(s.under05, s.percent.under05.text)} />
        <Stat
          label="Both teams scored"
          value={`${s.percent.bothTeamsScored.text}%`}
          detail={count(s.bothTeamsScored, s.percent.bothTeamsScored.text)}
        />
        <Stat label="No goal" value={`${s.percent.noGoal.text}%`} detail={count(s.noGoal, s.percent.noGoal.text)} />
      </dl>
    </div>
  );
}

export function CorrectScores({ games }: { games: readonly AnalystGame[] }) {
  const scores = correctScoreCounts(games);
  const shown = scores.reduce((sum, s) => sum + s.count, 0);
  return (
    <details className="disclosure">
      <summary>Correct scores (28, up to 6 goals)</summary>
      <p className="muted analyst-small">
        {shown} of {games.length} games ended with one of these scores
      </p>
      <ul className="plain-list analyst-scores" aria-label="Correct scores">
        {scores.map((s) => (
          <li key={s.label} className={s.count > 0 ? '' : 'muted'}>
            <span className="strong">{s.label}</span> <span>{s.count}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function TeamFormPanel({ games, team }: { games: readonly WireGame[]; team: string | null }) {
  if (!team) return <p className="muted analyst-small">Choose a team to see its form.</p>;
  const form = teamForm(games, team);
  return (
    <div data-testid="analyst-form">
      <h3 className="analyst-h3">{form.team} form</h3>
      {form.games === 0 ? (
        <p className="muted analyst-small">No game of {form.team} in these rounds.</p>
      ) : (
        <>
          <p className="analyst-form" aria-label={`Form: ${form.results.join(' ')}`}>
            {form.results.map((r, i) => (
              <span key={i} className={`analyst-form-${r}`}>
                {r}
              </span>
            ))}
          </p>
          <p className="muted analyst-small">
            Last {form.games} games, newest first: {form.won} won, {form.drawn} drawn, {form.lost} lost, {form.points} points,
            goals {form.goalsFor}-{form.goalsAgainst}
          </p>
        </>
      )}
    </div>
  );
}

export function TimeSlotPanel({ slot, hour, minute }: { slot: SlotDays; hour: number; minute: number }) {
  const kickoff = roundKickoff(slotRound(hour, minute));
  if (slot.error)
    return (
      <div className="stack">
        <ErrorMessages messages={slot.error.messages} />
        <button type="button" className="button button-small" onClick={slot.reload}>
          Try again
        </button>
      </div>
    );
  if (slot.loading) return <Spinner label="Loading the time slot" />;
  const rate = timeSlotOver25(slot.days.map((d) => ({ date: d.date, games: d.games ?? [] })));
  return (
    <div data-testid="analyst-slot">
      <h3 className="analyst-h3">Over 2.5 at {kickoff}, last 10 days</h3>
      <p>
        <span className="analyst-stat-value">{rate.percent.text}%</span>{' '}
        <span className="muted analyst-small">
          {rate.over25} of {rate.games} games on {rate.daysPlayed} days
        </span>
      </p>
    </div>
  );
}
