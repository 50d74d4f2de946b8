/**
 * /punter/{username}: one punter's verified record (ADR 0010) and their codes on sale now, as the Hub's
 * cards with the same detail (get or buy, the code once unlocked). Loading, error with 'Try again',
 * 'Punter not found' from the provider, and offline (the last known profile, with a notice).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { reconcileUnlockedCode, storeUnlockedCode } from '@punter/core/punters-hub';
import { Alert } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { Modal } from '@/components/modal';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/session';
import { useOnline } from '@/lib/use-online';
import { usePunterProfile, type BettingCodeListEntry } from '@/features/punters-hub/api/punters-api';
import { GameCard } from '@/features/punters-hub/components/game-card';
import { GameDetail } from '@/features/punters-hub/components/game-detail';
import { NEW_PUNTER_NOTE, NewPunterBadge, RecordDetails } from '@/features/punters-hub/components/punter-record';
import { PUNTERS_OFFLINE_NOTICE } from '@/features/punters-hub/components/punters-page';
import { useUnlockedCodes } from '@/features/punters-hub/hooks/use-unlocked-codes';

export const NO_ACTIVE_CODES_MESSAGE = 'No code on sale from this punter right now. Check again later.';

export function PunterProfilePage() {
  const { username = '' } = useParams();
  const state = usePunterProfile(username);
  const online = useOnline();
  const profile = state.data;
  return (
    <div className="stack-lg">
      <div className="row">
        <h1 className="grow">{username}</h1>
        <Link to={paths.punters.getHref()}>All punters</Link>
      </div>
      {!online ? <Alert kind="info">{PUNTERS_OFFLINE_NOTICE}</Alert> : null}
      <LoadState state={state} loadingLabel="Loading punter..." />
      {profile ? (
        <>
          <section className="card stack" aria-label="Record">
            <div className="row">
              <h2 className="grow">Verified record</h2>
              <NewPunterBadge record={profile.record} />
            </div>
            {profile.record.is_new ? <p className="muted">{NEW_PUNTER_NOTE}</p> : null}
            <RecordDetails record={profile.record} />
            <p className="muted">
              Counted from codes settled Boom or Cut after their last game. The buyer's return assumes ₦1,000 staked on every paid
              code, with the price refunded when a code is Cut.
            </p>
          </section>
          <ActiveCodes games={profile.games.filter((g) => g.status === 'Active')} />
        </>
      ) : null}
    </div>
  );
}

function ActiveCodes({ games }: { games: BettingCodeListEntry[] }) {
  const viewerId = useProfile()?.data.id ?? null;
  const [openId, setOpenId] = useState<string | null>(null);
  const [codes, setCodes] = useUnlockedCodes();
  const open = openId === null ? null : (games.find((g) => g.id === openId) ?? null);
  return (
    <section className="stack" aria-label="Codes on sale">
      <h2>Codes on sale</h2>
      {games.length === 0 ? (
        <p className="empty">{NO_ACTIVE_CODES_MESSAGE}</p>
      ) : (
        <ul className="plain-list game-list">
          {games.map((game) => (
            <GameCard key={game.id} game={game} onOpen={setOpenId} />
          ))}
        </ul>
      )}
      <Modal open={open !== null} title={open?.title ?? 'Game'} onClose={() => setOpenId(null)}>
        {open ? (
          <GameDetail
            key={open.id}
            game={open}
            viewerId={viewerId}
            // The provider sends the code to its owner and buyers; this browser may also have kept it.
            code={open.game_code ?? reconcileUnlockedCode(codes, open).code}
            onUnlocked={(code) => setCodes(storeUnlockedCode(codes, open.id, code))}
          />
        ) : null}
      </Modal>
    </section>
  );
}
