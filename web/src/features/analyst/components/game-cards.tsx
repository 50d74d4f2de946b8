/** The top-games list and the grid of game cards of the main card. */
import type { AnalystGame } from '@punter/core/api/analyst';

function kickoffTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  // Lagos time (UTC+1 all year).
  const d = new Date(ms + 3_600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

export function GameCard({ game }: { game: AnalystGame }) {
  const time = kickoffTime(game.kickoff);
  const home = game.homeTeam ?? 'Home';
  const away = game.awayTeam ?? 'Away';
  return (
    <li className="analyst-game" aria-label={`${home} ${game.homeScore}-${game.awayScore} ${away}`}>
      <span className="muted analyst-small">{[time, game.country].filter(Boolean).join(' · ')}</span>
      <span className="analyst-game-score">
        <span>{home}</span>
        <span className="strong">
          {game.homeScore} - {game.awayScore}
        </span>
        <span>{away}</span>
      </span>
    </li>
  );
}

export function GameGrid({ games, label }: { games: readonly AnalystGame[]; label: string }) {
  return (
    <ul className="plain-list analyst-games" aria-label={label}>
      {games.map((g) => (
        <GameCard key={g.id} game={g} />
      ))}
    </ul>
  );
}
