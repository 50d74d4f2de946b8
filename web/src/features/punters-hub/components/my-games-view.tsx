/**
 * 'All my games' (SPEC sections 2 'My Games', 8, 9): the purchases the live listener hands in, 'Load more
 * games' while a full page came back, and a detail modal with the code. The modal shows the listed copy of
 * the open purchase, so a status the listener changes (a code settled Boom, or Cut and refunded) changes in
 * the open detail too.
 */
import { useState } from 'react';
import { LOAD_MORE_GAMES_LABEL, MY_GAMES_TITLE } from '@punter/core/punters-hub';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { DisputeForm } from '@/features/punters-hub/components/dispute-form';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import type { MyGame } from '@/features/punters-hub/api/my-games';

export function MyGamesView({
  games,
  loading,
  more,
  onMore,
}: {
  games: readonly MyGame[];
  /** A page is on its way (the first, or one more). */
  loading: boolean;
  /** A full page came back: there may be more. */
  more: boolean;
  onMore: () => void;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = games.find((game) => game.id === openId) ?? null;

  return (
    <section className="card stack" aria-labelledby="my-games-title">
      <h1 id="my-games-title">{MY_GAMES_TITLE}</h1>
      {games.length === 0 && !loading ? <p className="empty">You have not got or bought any code yet.</p> : null}
      <ul className="plain-list game-list">
        {games.map((game) => (
          <li key={game.id}>
            <button type="button" className="game-card" onClick={() => setOpenId(game.id)}>
              <span className="game-card-head">
                <strong className="game-title">{game.title}</strong>
                <span className="game-price">{game.amount === 0 ? 'Free' : formatApiNaira(game.amount)}</span>
              </span>
              <span className="game-card-meta">
                <span>{game.punter_name}</span>
                <span>{game.platform}</span>
                <span>{game.status}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {loading ? <Spinner label="Loading games..." /> : null}
      {more && !loading ? (
        <button type="button" className="button button-secondary" onClick={onMore}>
          {LOAD_MORE_GAMES_LABEL}
        </button>
      ) : null}
      <Modal open={open !== null} title={open?.title ?? 'Game'} onClose={() => setOpenId(null)}>
        {open ? (
          <dl className="details">
            <dt>Game code</dt>
            <dd>
              <code className="game-code">{open.game_code}</code>
            </dd>
            <dt>Punter</dt>
            <dd>{open.punter_name}</dd>
            <dt>Platform</dt>
            <dd>{open.platform}</dd>
            {open.odd !== null ? (
              <>
                <dt>Total odds</dt>
                <dd>{open.odd.toFixed(2)}</dd>
              </>
            ) : null}
            <dt>Price</dt>
            <dd>{open.amount === 0 ? 'Free' : formatApiNaira(open.amount)}</dd>
            <dt>Status</dt>
            <dd>{open.status}</dd>
            <dt>Got on</dt>
            <dd>{formatDateTime(new Date(open.at).toISOString())}</dd>
          </dl>
        ) : null}
        {open?.game_id ? <DisputeForm key={open.id} gameId={open.game_id} /> : null}
      </Modal>
    </section>
  );
}
