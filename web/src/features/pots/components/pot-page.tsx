/**
 * /pot/{id} (SPEC section 2 'Pot detail'), live: 'Back to pots', the volume card and 'Pot Details' each with
 * an eye toggle, 'Join' only while Raising (unless the operator paused joins), the raising countdown every
 * second, 'Trading', PAYOUT for a participant once the pot is due (ADR 0013) or the disabled 'Paidout', the
 * wallet balance, the withdrawal-block message for a participant, and 'Pot participants(count)'.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useFirestoreCollectionData, useFirestoreDocData } from 'reactfire';
import { nairaToKobo } from '@punter/core/money';
import {
  BACK_TO_POTS_LABEL,
  CLICK_TO_CHAT_LABEL,
  COUNTDOWN_REFRESH_MS,
  JOIN_BUTTON_LABEL,
  NO_PARTICIPANT_YET,
  PAIDOUT_LABEL,
  PARTICIPANTS_FETCH_ERROR,
  PARTICIPANT_STATUS_PAID,
  PAYOUT_LABEL,
  POT_DETAILS_TITLE,
  POT_NOT_FOUND,
  POT_STATUS_DUE,
  TRADING_LABEL,
  durationLabel,
  formatPotDate,
  managerChatLink,
  maskDigits,
  participantsTitle,
  potRoiKobo,
  potStatusView,
  potVolumeDisplay,
  potWithdrawalBlockMessage,
  raisingCountdown,
} from '@punter/core/pots';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { usePotPayout, usePotWalletBalance } from '@/features/pots/api/pot-calls';
import {
  autoTradaConfigRef,
  myPotsQuery,
  participantsQuery,
  potRef,
  present,
  type TradingPot,
  type WithId,
} from '@/features/pots/api/pots-data';
import { JoinDialog } from '@/features/pots/components/join-dialog';
import { EyeToggle, LiveBoundary, useClock } from '@/features/pots/components/live';
import { SwitchNotice } from '@/features/pots/components/switch-notice';
import { formatApiNaira } from '@/lib/format';
import { useProfile } from '@/lib/session';
import { showToast } from '@/lib/notify';

export function PotPage() {
  const { id = '' } = useParams();
  return (
    <div className="stack-lg">
      <Link to={paths.autoTrada.path}>{BACK_TO_POTS_LABEL}</Link>
      <LiveBoundary fallback={<p role="alert">{POT_NOT_FOUND}</p>}>
        <PotView id={id} />
      </LiveBoundary>
    </div>
  );
}

function PotView({ id }: { id: string }) {
  const ref = useMemo(() => potRef(id), [id]);
  const { status, data: pot } = useFirestoreDocData(ref);
  if (status !== 'success') return <Spinner label="Loading pot..." />;
  if (!pot) return <p className="empty">{POT_NOT_FOUND}</p>;
  return <PotLoaded pot={pot} />;
}

function PotLoaded({ pot }: { pot: WithId<TradingPot> }) {
  const uid = useProfile()?.data.id ?? '';
  const mineRef = useMemo(() => myPotsQuery(uid), [uid]);
  const mineAll = useFirestoreCollectionData(mineRef);
  const configRef = useMemo(() => autoTradaConfigRef(), []);
  const config = useFirestoreDocData(configRef);
  const balance = usePotWalletBalance();
  const payout = usePotPayout();
  const [volumeHidden, setVolumeHidden] = useState(false);
  const [detailsHidden, setDetailsHidden] = useState(false);
  const [joining, setJoining] = useState(false);
  const mine = mineAll.status === 'success' ? present(mineAll.data) : [];
  const myStakes = mine.filter((m) => m.pot_id === pot.docId);
  const view = potStatusView(pot.status);
  const paused = config.data ? !config.data.enabled : false;
  const canCollect = pot.status === POT_STATUS_DUE && myStakes.some((m) => m.status !== PARTICIPANT_STATUS_PAID);
  const blocked = myStakes.length > 0 ? potWithdrawalBlockMessage(pot.status, formatPotDate(pot.trade_to)) : null;
  const chat = managerChatLink(pot.managers_number);
  const shown = (text: string) => (detailsHidden ? maskDigits(text) : text);

  async function collect() {
    try {
      const amount = await payout.run(pot.docId);
      showToast('success', `${formatApiNaira(amount)} paid into your wallet`);
    } catch (failure) {
      showToast('error', failure instanceof Error ? failure.message : 'An error occurred');
    }
  }

  return (
    <>
      <SwitchNotice />
      <section className="wallet-card" aria-label="Pot volume">
        <div className="wallet-top">
          <span className="wallet-label">Pot volume</span>
          <EyeToggle hidden={volumeHidden} onToggle={() => setVolumeHidden((h) => !h)} what="pot volume" />
        </div>
        <p className="wallet-balance" data-testid="pot-volume">
          {potVolumeDisplay(nairaToKobo(pot.pot_volume), volumeHidden)}
        </p>
        <div className="wallet-actions">
          {view.showJoin && !paused ? (
            <button type="button" className="button button-gold" onClick={() => setJoining(true)}>
              {JOIN_BUTTON_LABEL}
            </button>
          ) : null}
          {view.showTradingLabel ? <span className="signal-group">{TRADING_LABEL}</span> : null}
          {canCollect ? (
            <button type="button" className="button button-gold" disabled={payout.busy} onClick={() => void collect()}>
              {payout.busy ? 'Loading....' : PAYOUT_LABEL}
            </button>
          ) : view.showPaidout ? (
            <button type="button" className="button button-light" disabled>
              {PAIDOUT_LABEL}
            </button>
          ) : null}
        </div>
      </section>
      {view.showCountdown ? <Countdown raisingTo={pot.raising_to} /> : null}
      {blocked ? (
        <p className="banner" role="status">
          {blocked}
        </p>
      ) : null}
      <p>
        Wallet balance:{' '}
        <strong data-testid="pot-wallet-balance">{balance.data === undefined ? '...' : formatApiNaira(balance.data)}</strong>
      </p>
      <section className="card stack" aria-labelledby="pot-details-title">
        <div className="row">
          <h2 id="pot-details-title" className="grow">
            {POT_DETAILS_TITLE}
          </h2>
          <EyeToggle hidden={detailsHidden} onToggle={() => setDetailsHidden((h) => !h)} what="pot details" />
        </div>
        <dl className="stat-grid">
          <dt>Raised</dt>
          <dd>{shown(formatApiNaira(pot.raised_amount))}</dd>
          <dt>Percentage per month</dt>
          <dd>{shown(`${pot.percentage}%`)}</dd>
          <dt>Starts On</dt>
          <dd>{formatPotDate(pot.trade_from)}</dd>
          <dt>Due date</dt>
          <dd>{formatPotDate(pot.trade_to)}</dd>
          <dt>ROI</dt>
          <dd>{shown(potVolumeDisplay(potRoiKobo(nairaToKobo(pot.pot_volume), pot.percentage), false))}</dd>
          <dt>Status</dt>
          <dd>{view.statusText}</dd>
          <dt>Duration</dt>
          <dd>{durationLabel(pot.duration)}</dd>
          <dt>Type</dt>
          <dd>{pot.type}</dd>
          <dt>Manager</dt>
          <dd>
            {pot.manager}{' '}
            {chat ? (
              <a href={chat} target="_blank" rel="noreferrer">
                {CLICK_TO_CHAT_LABEL}
              </a>
            ) : null}
          </dd>
        </dl>
        <h3>Pot Terms</h3>
        <p>{pot.terms}</p>
      </section>
      <LiveBoundary fallback={<p role="alert">{PARTICIPANTS_FETCH_ERROR}</p>}>
        <Participants potId={pot.docId} />
      </LiveBoundary>
      {joining ? (
        <JoinDialog
          open
          onClose={() => setJoining(false)}
          pot={pot}
          balanceNaira={balance.data}
          firstJoin={mineAll.status === 'success' && mine.length === 0}
        />
      ) : null}
    </>
  );
}

function Countdown({ raisingTo }: { raisingTo: number | null }) {
  const now = useClock(COUNTDOWN_REFRESH_MS);
  const left = raisingCountdown(now, raisingTo);
  return (
    <p className="card" aria-label="Raising ends in" data-testid="pot-countdown">
      {left.days}d {left.hours}h {left.minutes}m {left.seconds}s
    </p>
  );
}

function Participants({ potId }: { potId: string }) {
  const ref = useMemo(() => participantsQuery(potId), [potId]);
  const { status, data } = useFirestoreCollectionData(ref);
  if (status !== 'success') return <Spinner label="Loading participants..." />;
  const participants = present(data);
  return (
    <section className="card stack" aria-labelledby="participants-title">
      <h2 id="participants-title">{participantsTitle(participants.length)}</h2>
      {participants.length === 0 ? (
        <p className="empty">{NO_PARTICIPANT_YET}</p>
      ) : (
        <ul className="plain-list stack" aria-label="Pot participants" aria-live="polite">
          {participants.map((p) => (
            <li key={p.docId} className="row">
              <strong className="grow">{p.name}</strong>
              <span>{formatApiNaira(p.amount)}</span>
              <span>{p.status}</span>
              {/* The provider stores the ROI already times the duration (SPEC 9). */}
              <span>ROI {formatApiNaira(p.roi)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
