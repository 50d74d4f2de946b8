/**
 * The game-detail modal's body (SPEC sections 2, 4, 6, 8): the code stays hidden until the user gets
 * (free) or buys (priced) it; only Active codes offer the action, otherwise 'Game has ended'. The
 * owner never buys his own code: 'Show my code' fetches it without a charge, and any unlock that charged
 * nothing says 'Game code retrieved successfully', never 'Game bought successfully'. The owner sees Expected Profit. A token the provider calls expired sends the user to /login.
 * A paid code asks for the transaction PIN only when the provider wants the step-up (a login older than 15
 * minutes); the same purchase is then sent again with it.
 * Settlement (ADR 0010): the owner marks an Active code Boom or Cut once its last game has ended; an
 * admin may settle or correct any code at any time. Both behind a confirmation: money moves. A punter's own
 * Boom of a paid code holds its sales for buyers' disputes (ADR 0039): the toast and the detail say until when.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  BUY_GENERIC_ERROR,
  buyFailureOutcome,
  buySuccessMessage,
  canSeeExpectedProfit,
  CODE_COPIED,
  CODE_COPY_FAILURE,
  EXPECTED_PROFIT_LABEL,
  gameAction,
  SETTLED_STATUSES,
  type SettledStatus,
} from '@punter/core/punters-hub';
import { nairaToKobo } from '@punter/core/money';
import { StepUpPin, stepUpIncomplete, stepUpPin } from '@/components/step-up-pin';
import { paths } from '@/config/paths';
import { ApiFailure } from '@/lib/api';
import { formatApiNaira, formatDateTime, formatLagosDateTime } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { clearProfile } from '@/lib/session';
import { showToast } from '@/lib/notify';
import { isStepUpNeeded } from '@/lib/use-money-mutation';
import { settleGame, useBuyOrGetGame } from '@/features/punters-hub/api/hub-calls';
import type { HubGame } from '@/features/punters-hub/api/games-feed';
import { PlatformMark, priceLabel, PuntingPower } from '@/features/punters-hub/components/game-card';

export function GameDetail({
  game,
  viewerId,
  code,
  onUnlocked,
}: {
  game: HubGame;
  viewerId: string | null;
  /** The code when the user already has it (kept in the browser), else null. */
  code: string | null;
  onUnlocked: (code: string) => void;
}) {
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [heldUntil, setHeldUntil] = useState<string | null>(null);
  const priced = game.amount > 0;
  // One key per intended purchase of this game: a retry after a lost answer, or with the PIN, charges once.
  const buy = useBuyOrGetGame(game);
  const busy = buy.busy;
  const owner = canSeeExpectedProfit(viewerId, game.user_id);
  const action = gameAction(game.status);

  const unlock = async () => {
    try {
      const unlocked = await buy.run(undefined, stepUpPin(buy.needsPin, pin));
      onUnlocked(unlocked.code);
      showToast('success', buySuccessMessage(unlocked.charged ? nairaToKobo(game.amount) : 0), 'game');
    } catch (error) {
      // The provider asks for the PIN (a paid code, a login older than 15 minutes): the field shows, no toast.
      if (isStepUpNeeded(error)) return;
      const outcome = buyFailureOutcome(error instanceof ApiFailure ? error.message : null);
      showToast('error', outcome.toast, 'game');
      if (outcome.clearProfile) clearProfile();
      if (outcome.redirectTo) void navigate(outcome.redirectTo);
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('success', CODE_COPIED, 'copy');
    } catch {
      showToast('error', CODE_COPY_FAILURE, 'copy');
    }
  };

  return (
    <div className="stack">
      <dl className="details">
        <dt>Platform</dt>
        <dd>
          <PlatformMark platform={game.platform} />
        </dd>
        <dt>Total odds</dt>
        <dd>{game.odd.toFixed(2)}</dd>
        <dt>Price</dt>
        <dd>{priceLabel(game.amount)}</dd>
        <dt>Punter</dt>
        <dd>
          <Link to={paths.punter.getHref({ username: game.punter_name })}>{game.punter_name}'s record</Link>
        </dd>
        <dt>Punting power</dt>
        <dd>
          <PuntingPower value={game.punting_power} />
        </dd>
        <dt>Buyers</dt>
        <dd>{game.buyers_count}</dd>
        <dt>Starts</dt>
        <dd>{formatDateTime(game.startDate)}</dd>
        <dt>Ends</dt>
        <dd>{formatDateTime(game.endDate)}</dd>
        <dt>Status</dt>
        <dd>{game.status}</dd>
        {owner ? (
          <>
            <dt>{EXPECTED_PROFIT_LABEL}</dt>
            <dd>{formatApiNaira(game.possible_profit)}</dd>
          </>
        ) : null}
      </dl>
      {code !== null ? (
        <div className="row">
          <code className="game-code" aria-label="Game code">
            {code}
          </code>
          <button type="button" className="button button-small" onClick={() => void copy(code)}>
            Copy code
          </button>
        </div>
      ) : action.canGetOrBuy ? (
        <div className="stack">
          {buy.needsPin ? <StepUpPin value={pin} onChange={setPin} /> : null}
          <button
            type="button"
            className="button button-block"
            disabled={busy || stepUpIncomplete(buy.needsPin, pin)}
            onClick={() => void unlock()}
          >
            {busy
              ? 'Please wait...'
              : owner
                ? 'Show my code'
                : priced
                  ? `Buy code for ${formatApiNaira(game.amount)}`
                  : 'Get code'}
          </button>
        </div>
      ) : (
        <p className="muted">{action.message}</p>
      )}
      {heldUntil !== null ? <p className="notice">{salesHeldNotice(heldUntil)}</p> : null}
      <SettleControls game={game} owner={owner} onHeld={setHeldUntil} />
    </div>
  );
}

/** Where a Boom's held sales stand, in the detail: until when (Lagos time) buyers may dispute the result. */
function salesHeldNotice(heldUntil: string): string {
  return `Your sales of this code are held until ${formatLagosDateTime(heldUntil)} (Lagos time) so buyers can dispute the result. If nobody disputes it, they are paid to your wallet then.`;
}

/** The toast after a punter's own Boom of a paid code: the provider's message, then the held sales. */
function salesHeldToast(message: string, heldUntil: string): string {
  return `${message.replace(/\.$/, '')}. Your sales are held until ${formatLagosDateTime(heldUntil)} (Lagos time) so buyers can dispute the result, then paid to your wallet.`;
}

/** What settling as `status` does, said before the punter confirms. */
function settleWarning(status: SettledStatus, amount: number, finalWord: boolean): string {
  if (amount === 0) return `Mark this code ${status}? It counts in your record and cannot be changed except by an admin.`;
  // Only an admin's word on another's code is final at once; an own Boom waits out the dispute window (ADR 0039).
  if (status === 'Boom' && !finalWord)
    return 'Mark this code Boom? Its sales are held for 24 hours so buyers can dispute the result, then paid to your wallet, and it counts as a win in your record.';
  return status === 'Boom'
    ? 'Mark this code Boom? Its sales are paid to your wallet and it counts as a win in your record.'
    : 'Mark this code Cut? Every buyer gets their money back and it counts as a loss in your record.';
}

function SettleControls({ game, owner, onHeld }: { game: HubGame; owner: boolean; onHeld: (heldUntil: string | null) => void }) {
  const admin = usePermissions()?.role === 1;
  const [choice, setChoice] = useState<SettledStatus | null>(null);
  const [busy, setBusy] = useState(false);
  // The punter settles once, after the last game; an admin settles or corrects at any time.
  const ended = Date.now() >= Date.parse(game.endDate);
  const canSettle = admin || (owner && game.status === 'Active' && ended);
  if (!canSettle) return null;
  const options = SETTLED_STATUSES.filter((status) => status !== game.status);

  const settle = async (status: SettledStatus) => {
    setBusy(true);
    try {
      const { message, heldUntil } = await settleGame(game.id, status);
      showToast('success', heldUntil === null ? message : salesHeldToast(message, heldUntil), 'settle');
      onHeld(heldUntil);
      setChoice(null);
    } catch (error) {
      showToast('error', error instanceof ApiFailure ? error.message : BUY_GENERIC_ERROR, 'settle');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack" aria-label="Settle this code">
      {choice === null ? (
        <div className="row">
          {options.map((status) => (
            <button key={status} type="button" className="button button-secondary grow" onClick={() => setChoice(status)}>
              {game.status === 'Active' ? `Settle as ${status}` : `Correct to ${status}`}
            </button>
          ))}
        </div>
      ) : (
        <>
          <p>{settleWarning(choice, game.amount, admin && !owner)}</p>
          <div className="row">
            <button type="button" className="button button-secondary grow" onClick={() => setChoice(null)} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="button grow" onClick={() => void settle(choice)} disabled={busy}>
              {busy ? 'Please wait...' : `Confirm ${choice}`}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
