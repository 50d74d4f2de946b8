/**
 * /punters: every punter ranked by their verified record (ADR 0010: established punters first, then
 * punting power, then sample size, as the provider orders them), each a link to their profile.
 * Loading, empty, error with 'Try again', and offline (the last known list, if any, with a notice).
 */
import { Link } from 'react-router-dom';
import { MIN_RECORD_SAMPLE } from '@punter/core/punters-hub';
import { Alert } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { paths } from '@/config/paths';
import { useOnline } from '@/lib/use-online';
import { usePunters, type PunterRecordView } from '@/features/punters-hub/api/punters-api';
import { NewPunterBadge, roiText, streakText } from '@/features/punters-hub/components/punter-record';
import { PuntingPower } from '@/features/punters-hub/components/game-card';

export const NO_PUNTERS_MESSAGE = 'No punter has posted a code yet. Check again later.';
export const PUNTERS_OFFLINE_NOTICE =
  'You are offline. The list shows what was last loaded; it updates when you are back online.';

export function PuntersPage() {
  const list = usePunters();
  const online = useOnline();
  return (
    <div className="stack-lg">
      <div className="row">
        <h1 className="grow">Punters</h1>
        <Link to={paths.puntersHub.getHref()}>Punters Hub</Link>
      </div>
      <p className="muted">
        Ranked by settled codes only, which no punter can edit. Fewer than {MIN_RECORD_SAMPLE} settled codes marks a new punter.
      </p>
      {!online ? <Alert kind="info">{PUNTERS_OFFLINE_NOTICE}</Alert> : null}
      <section aria-label="Ranked punters">
        <LoadState state={list} loadingLabel="Loading punters..." />
        {list.data?.length === 0 ? <p className="empty">{NO_PUNTERS_MESSAGE}</p> : null}
        {list.data && list.data.length > 0 ? (
          <ol className="plain-list game-list">
            {list.data.map((punter, index) => (
              <PunterRow key={punter.username} punter={punter} rank={index + 1} />
            ))}
          </ol>
        ) : null}
      </section>
    </div>
  );
}

function PunterRow({ punter, rank }: { punter: PunterRecordView; rank: number }) {
  return (
    <li>
      <Link
        className="game-card"
        to={paths.punter.getHref({ username: punter.username })}
        aria-label={`${rank}. ${punter.username}`}
      >
        <span className="game-card-head">
          <strong className="game-title">
            {rank}. {punter.username}
          </strong>
          <NewPunterBadge record={punter} />
          <PuntingPower value={punter.punting_power} />
        </span>
        <span className="game-card-meta">
          <span>{punter.games === 0 ? 'No settled code yet' : `Win rate ${punter.win_rate}% of ${punter.games}`}</span>
          <span>{streakText(punter.streak)}</span>
        </span>
        <span className="game-card-dates muted">Buyer's return: {roiText(punter)}</span>
      </Link>
    </li>
  );
}
