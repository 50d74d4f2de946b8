/**
 * One betting code in the Hub's list (SPEC section 3): title, platform, total odds, price, punter,
 * punting_power with its arrow (up above 50), buyers and the start and end. The card is a button
 * that opens the detail.
 */
import { memo } from 'react';
import { MIN_RECORD_SAMPLE, platformHasIcon, puntingPowerArrow, type Platform } from '@punter/core/punters-hub';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import type { HubGame } from '@/features/punters-hub/api/games-feed';

const PLATFORM_MARKS: Record<Exclude<Platform, 'nairabet'>, string> = { sportybet: 'S', bet9ja: '9ja', '1xbet': '1x' };

/**
 * An icon for sportybet, bet9ja and 1xbet (a disc in the brand's colour with its short mark, styles.css);
 * a text badge for nairabet, which has none (SPEC section 9). One element, not an SVG: the Hub renders a
 * page of these on every tab switch.
 */
export function PlatformMark({ platform }: { platform: Platform }) {
  if (!platformHasIcon(platform) || platform === 'nairabet') {
    return <span className="badge platform-badge">{platform}</span>;
  }
  return (
    <span className={`platform-icon platform-${platform}`} role="img" aria-label={platform}>
      {PLATFORM_MARKS[platform]}
    </span>
  );
}

export function priceLabel(amountNaira: number): string {
  return amountNaira === 0 ? 'Free' : formatApiNaira(amountNaira);
}

export function PuntingPower({ value }: { value: number }) {
  const up = puntingPowerArrow(value) === 'up';
  return (
    <span className={up ? 'power power-up' : 'power power-down'} aria-label={`Punting power ${value}, ${up ? 'up' : 'down'}`}>
      {up ? '▲' : '▼'} {value}
    </span>
  );
}

/** The punter's verified record in a few words: 'New punter' below the minimum sample, else Booms of settled codes. */
function RecordNote({ game }: { game: Pick<HubGame, 'game_count' | 'won_count'> }) {
  if (game.game_count === undefined) return null;
  if (game.game_count < MIN_RECORD_SAMPLE) return <span className="pill status-orange">New punter</span>;
  return (
    <span>
      {game.won_count ?? 0} of {game.game_count} landed
    </span>
  );
}

/** Memoised: a new snapshot of the list re-renders only the cards whose code changed. */
export const GameCard = memo(function GameCard({ game, onOpen }: { game: HubGame; onOpen: (id: string) => void }) {
  return (
    <li>
      <button
        type="button"
        className="game-card"
        onClick={() => onOpen(game.id)}
        aria-label={`${game.title} by ${game.punter_name}`}
      >
        <span className="game-card-head">
          <PlatformMark platform={game.platform} />
          <strong className="game-title">{game.title}</strong>
          <span className="game-price">{priceLabel(game.amount)}</span>
        </span>
        <span className="game-card-meta">
          <span>Odds {game.odd.toFixed(2)}</span>
          <span>{game.punter_name}</span>
          <PuntingPower value={game.punting_power} />
          <RecordNote game={game} />
          <span>
            {game.buyers_count} {game.buyers_count === 1 ? 'buyer' : 'buyers'}
          </span>
        </span>
        <span className="game-card-dates muted">
          {formatDateTime(game.startDate)} to {formatDateTime(game.endDate)}
        </span>
      </button>
    </li>
  );
});
