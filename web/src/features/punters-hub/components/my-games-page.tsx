/**
 * /my-games (SPEC sections 2 'My Games', 8, 9): 'All my games', 5 a page with a Firestore cursor,
 * 'Load more games' while a full page came back, a detail modal with the code, 'Error loading games'.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LOAD_MORE_GAMES_LABEL, MY_GAMES_LOAD_FAILURE, MY_GAMES_TITLE, showLoadMoreGames } from '@punter/core/punters-hub';
import { Modal } from '@/components/modal';
import { DisputeForm } from '@/features/punters-hub/components/dispute-form';
import { Spinner } from '@/components/spinner';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import { useProfile } from '@/lib/session';
import type { MyGame, MyGamesCursor, MyGamesLoader } from '@/features/punters-hub/api/my-games';

interface State {
  games: MyGame[];
  next: MyGamesCursor | null;
  more: boolean;
  loading: boolean;
  failed: boolean;
}

export function MyGamesPage({ loader }: { loader: MyGamesLoader }) {
  const uid = useProfile()?.data.id ?? null;
  const [state, setState] = useState<State>({ games: [], next: null, more: false, loading: true, failed: false });
  const [open, setOpen] = useState<MyGame | null>(null);
  const started = useRef(false);

  const load = useCallback(
    async (after: MyGamesCursor | null) => {
      if (uid === null) return;
      setState((s) => ({ ...s, loading: true, failed: false }));
      try {
        const page = await loader(uid, after);
        setState((s) => ({
          games: after ? [...s.games, ...page.games] : page.games,
          next: page.next,
          more: showLoadMoreGames(page.count),
          loading: false,
          failed: false,
        }));
      } catch {
        setState((s) => ({ ...s, loading: false, failed: true }));
      }
    },
    [loader, uid],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load(null);
  }, [load]);

  return (
    <section className="card stack" aria-labelledby="my-games-title">
      <h1 id="my-games-title">{MY_GAMES_TITLE}</h1>
      {state.games.length === 0 && !state.loading && !state.failed ? (
        <p className="empty">You have not got or bought any code yet.</p>
      ) : null}
      <ul className="plain-list game-list">
        {state.games.map((game) => (
          <li key={game.id}>
            <button type="button" className="game-card" onClick={() => setOpen(game)}>
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
      {state.failed ? (
        <div className="stack" role="alert">
          <p>{MY_GAMES_LOAD_FAILURE}</p>
          <button type="button" className="button button-small" onClick={() => void load(state.next)}>
            Try again
          </button>
        </div>
      ) : null}
      {state.loading ? <Spinner label="Loading games..." /> : null}
      {state.more && !state.loading && !state.failed ? (
        <button type="button" className="button button-secondary" onClick={() => void load(state.next)}>
          {LOAD_MORE_GAMES_LABEL}
        </button>
      ) : null}
      <Modal open={open !== null} title={open?.title ?? 'Game'} onClose={() => setOpen(null)}>
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
