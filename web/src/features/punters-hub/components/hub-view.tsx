/**
 * The Punters Hub over a list of codes (SPEC section 2 'Punters Hub'): tabs Active, Boom, Cut and
 * Ended with their empty states, the cards, the detail modal, Add Game (can_post_game) or 'Become a
 * punter', and Clear Games (settled and ended codes only, ADR 0020) for role 1 behind a confirmation. The live listener (hub-page.tsx) feeds it;
 * tests feed it a list.
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  canClearGames,
  CLEAR_GAMES_LABEL,
  GAME_STATUSES,
  MIN_RECORD_SAMPLE,
  postGameButton,
  pruneUnlockedCodes,
  reconcileUnlockedCode,
  storeUnlockedCode,
  TAB_EMPTY_STATES,
  type GameStatus,
} from '@punter/core/punters-hub';
import { CLEAR_DOCUMENTS_SUCCESS, clearDocumentsFailureMessage } from '@punter/core/signals';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { usePermissions } from '@/lib/permissions';
import { useProfile } from '@/lib/session';
import { showToast } from '@/lib/notify';
import type { HubGame } from '@/features/punters-hub/api/games-feed';
import { clearGames } from '@/features/punters-hub/api/hub-calls';
import { AddGameForm } from '@/features/punters-hub/components/add-game-form';
import { GameCard } from '@/features/punters-hub/components/game-card';
import { GameDetail } from '@/features/punters-hub/components/game-detail';
import { useUnlockedCodes } from '@/features/punters-hub/hooks/use-unlocked-codes';

export { UNLOCKED_CODES_KEY } from '@/features/punters-hub/hooks/use-unlocked-codes';

/** Cards a tab shows before 'Show more codes': a tab switch renders one page, not the whole collection. */
export const HUB_PAGE_SIZE = 20;
export const SHOW_MORE_CODES_LABEL = 'Show more codes';
/**
 * Cards a tab switch renders in its first frame: all a screen shows (a card is about 200 px high at 360 px
 * wide and the first starts about 240 px down: 2.5 cards on a 740 px phone, 3.5 on a tall one, about 5 on a
 * laptop). The rest of the page follows as a deferred render (useDeferredValue), so a switch on a cheap phone
 * paints the cards in view without waiting for the ones below them.
 */
export const FIRST_FRAME_CARDS = 5;

/** The codes of every tab, order kept, in one pass. */
function groupByTab(games: readonly HubGame[]): Record<GameStatus, HubGame[]> {
  const byTab: Record<GameStatus, HubGame[]> = { Active: [], Boom: [], Cut: [], Ended: [] };
  for (const game of games) byTab[game.status].push(game);
  return byTab;
}

export function HubView({ games }: { games: readonly HubGame[] }) {
  const permissions = usePermissions();
  const profile = useProfile();
  const viewerId = profile?.data.id ?? null;
  const [tab, setTab] = useState<GameStatus>('Active');
  const [openId, setOpenId] = useState<string | null>(null);
  const [modal, setModal] = useState<'post' | 'become' | 'clear' | null>(null);
  const [codes, setCodes] = useUnlockedCodes();
  const [shown, setShown] = useState(HUB_PAGE_SIZE);
  // One pass per snapshot: a tab switch then only picks a list and renders its first page.
  const byTab = useMemo(() => groupByTab(games), [games]);
  const list = byTab[tab];
  // A switch renders the new tab's first cards at once (the click's own render); its whole page renders after, in
  // the background (React's deferred value: interruptible, so the first frame is not held back by the cards below).
  const complete = useDeferredValue(tab) === tab;
  const rendered = complete ? shown : Math.min(shown, FIRST_FRAME_CARDS);
  const open = openId === null ? null : (games.find((g) => g.id === openId) ?? null);

  // A code whose game has Ended is no longer kept in the browser (SPEC section 4).
  useEffect(() => {
    const pruned = pruneUnlockedCodes(codes, games);
    if (pruned !== codes) setCodes(pruned);
  }, [codes, games, setCodes]);

  const canPost = permissions?.can_post_game === true;
  const postLabel = postGameButton(canPost);

  return (
    <div className="stack-lg">
      <div className="row">
        <h1 className="grow">Punters Hub</h1>
        <Link to={paths.punters.getHref()}>Punters</Link>
        <button type="button" className="button" onClick={() => setModal(canPost ? 'post' : 'become')}>
          {postLabel}
        </button>
        {canClearGames(permissions?.role) ? (
          <button type="button" className="button button-danger" onClick={() => setModal('clear')}>
            {CLEAR_GAMES_LABEL}
          </button>
        ) : null}
      </div>
      <div className="segmented" role="tablist" aria-label="Game status">
        {GAME_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            aria-selected={tab === status}
            onClick={() => {
              setTab(status);
              setShown(HUB_PAGE_SIZE);
            }}
          >
            {status}
          </button>
        ))}
      </div>
      <section role="tabpanel" aria-label={`${tab} games`} aria-busy={rendered < Math.min(shown, list.length)}>
        {list.length === 0 ? (
          <p className="empty">{TAB_EMPTY_STATES[tab]}</p>
        ) : (
          <ul className="plain-list game-list">
            {list.slice(0, rendered).map((game) => (
              <GameCard key={game.id} game={game} onOpen={setOpenId} />
            ))}
          </ul>
        )}
        {complete && list.length > shown ? (
          <button type="button" className="button button-secondary button-block" onClick={() => setShown(shown + HUB_PAGE_SIZE)}>
            {SHOW_MORE_CODES_LABEL} ({list.length - shown} more)
          </button>
        ) : null}
      </section>
      <Modal open={open !== null} title={open?.title ?? 'Game'} onClose={() => setOpenId(null)}>
        {open ? (
          <GameDetail
            key={open.id}
            game={open}
            viewerId={viewerId}
            code={reconcileUnlockedCode(codes, open).code}
            onUnlocked={(code) => setCodes(storeUnlockedCode(codes, open.id, code))}
          />
        ) : null}
      </Modal>
      <Modal open={modal === 'post'} title="Add Game" onClose={() => setModal(null)}>
        {modal === 'post' ? (
          <AddGameForm canMonetize={permissions?.can_monetize_game === true} onDone={() => setModal(null)} />
        ) : null}
      </Modal>
      <Modal open={modal === 'become'} title="Become a punter" onClose={() => setModal(null)}>
        <BecomeAPunter />
      </Modal>
      <Modal open={modal === 'clear'} title={CLEAR_GAMES_LABEL} onClose={() => setModal(null)}>
        <ClearGamesConfirm onDone={() => setModal(null)} />
      </Modal>
    </div>
  );
}

/** How a user becomes a punter (SPEC shows only a placeholder; the text is ours). */
function BecomeAPunter() {
  return (
    <div className="stack">
      <p>Punters are approved by the Punter team so that buyers can trust every code in the Hub.</p>
      <ul>
        <li>Post your codes for free first: {MIN_RECORD_SAMPLE} settled codes give you a record buyers can judge.</li>
        <li>Your record (win rate, return for a buyer, current streak) is counted from settled codes only.</li>
        <li>With a steady record, ask for selling rights through the WhatsApp support link on this page.</li>
      </ul>
      <p className="muted">Support will check your record and turn on Add Game for your account.</p>
    </div>
  );
}

function ClearGamesConfirm({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const clear = async () => {
    setBusy(true);
    try {
      await clearGames();
      showToast('success', CLEAR_DOCUMENTS_SUCCESS, 'games');
      onDone();
    } catch (error) {
      showToast('error', clearDocumentsFailureMessage(error), 'games');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <p>
        Delete every settled or ended code (Boom, Cut, Ended) from the Hub for every user? This cannot be undone. Codes still
        Active stay until they are settled, so their buyers' money always reaches the punter or comes back.
      </p>
      <div className="row">
        <button type="button" className="button button-secondary grow" onClick={onDone} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button-danger grow" onClick={() => void clear()} disabled={busy}>
          {busy ? 'Clearing...' : 'Clear all games'}
        </button>
      </div>
    </div>
  );
}
