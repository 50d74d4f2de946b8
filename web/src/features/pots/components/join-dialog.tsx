/**
 * The join dialog (SPEC sections 2, 5 and 9): '5% referral bonus', a numeric 'Trading amount' with
 * 'Minimum of ₦10,000', the expected ROI and total as the user types, SPEC's four checks in order from core
 * before anything is sent (the provider checks again), a join above ₦50,000 sent to support, the risk
 * disclosure accepted before a first join, and 'Join now' showing 'Loading....' while busy. When the provider
 * asks for the PIN step-up (a login older than 15 minutes), the PIN field shows and the same join is sent again
 * with it.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatNaira, koboToNaira, nairaToKobo } from '@punter/core/money';
import {
  JOIN_DIALOG_TITLE,
  POT_JOINED,
  RISK_ACK_REQUIRED,
  RISK_DISCLOSURE,
  TRADING_AMOUNT_HINT,
  TRADING_AMOUNT_LABEL,
  fundingNeedsSupport,
  joinButtonState,
  managerChatLink,
  validatePotJoin,
} from '@punter/core/pots';
import { Modal } from '@/components/modal';
import { StepUpPin, stepUpIncomplete, stepUpPin } from '@/components/step-up-pin';
import { useJoinPot } from '@/features/pots/api/pot-calls';
import type { TradingPot } from '@/features/pots/api/pots-data';
import { showToast } from '@/lib/notify';
import { isStepUpNeeded } from '@/lib/use-money-mutation';

interface JoinDialogProps {
  open: boolean;
  onClose: () => void;
  pot: TradingPot & { docId: string };
  balanceNaira: number | undefined;
  /** The user has not joined a pot before: the risk disclosure must be accepted now. */
  firstJoin: boolean;
}

export function JoinDialog({ open, onClose, pot, balanceNaira, firstJoin }: JoinDialogProps) {
  const join = useJoinPot();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [support, setSupport] = useState(false);
  const context = {
    balanceKobo: balanceNaira === undefined ? 0 : nairaToKobo(Math.max(0, Math.round(balanceNaira * 100) / 100)),
    potVolumeKobo: nairaToKobo(pot.pot_volume),
    raisedAmountKobo: nairaToKobo(pot.raised_amount),
    percentage: pot.percentage * Math.max(1, pot.duration),
  };
  const quote = amount.trim() === '' ? null : validatePotJoin(amount, context);
  const busy = join.busy;
  const button = joinButtonState(amount, busy);
  const disabled = button.disabled || stepUpIncomplete(join.needsPin, pin);
  const supportLink = managerChatLink(pot.managers_number);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled) return;
    const checked = validatePotJoin(amount, context);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    if (fundingNeedsSupport(checked.amountKobo)) {
      setSupport(true);
      setError(null);
      return;
    }
    if (firstJoin && !accepted) {
      setError(RISK_ACK_REQUIRED);
      return;
    }
    setError(null);
    try {
      const message = await join.run(
        { potId: pot.docId, amountNaira: koboToNaira(checked.amountKobo), acceptRisk: firstJoin && accepted },
        stepUpPin(join.needsPin, pin),
      );
      showToast('success', message || POT_JOINED);
      setAmount('');
      setPin('');
      onClose();
    } catch (failure) {
      // The step-up is a question, not a failure: the PIN field shows with the provider's message.
      if (isStepUpNeeded(failure)) return;
      const message = failure instanceof Error ? failure.message : 'An error occurred';
      setError(message);
      showToast('error', message);
    }
  }

  return (
    <Modal open={open} title={JOIN_DIALOG_TITLE} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="stack">
          <label htmlFor={amountId}>{TRADING_AMOUNT_LABEL}</label>
          <input
            id={amountId}
            inputMode="numeric"
            name="amount"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value.replace(/[^\d.]/g, ''));
              setSupport(false);
            }}
            aria-describedby={`${amountId}-hint`}
          />
          <small id={`${amountId}-hint`} className="muted">
            {TRADING_AMOUNT_HINT}
          </small>
        </div>
        {quote?.ok ? (
          <p aria-live="polite">
            Expected ROI: {formatNaira(quote.roiKobo)} · Total: {formatNaira(quote.totalKobo)}
          </p>
        ) : null}
        {firstJoin ? (
          <label className="row">
            <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
            <span>{RISK_DISCLOSURE} I understand and accept this.</span>
          </label>
        ) : null}
        {support ? (
          <p role="status">
            Funding above ₦50,000 is arranged with support.{' '}
            {supportLink ? (
              <a href={supportLink} target="_blank" rel="noreferrer">
                Contact support
              </a>
            ) : null}
          </p>
        ) : null}
        {join.needsPin ? <StepUpPin value={pin} onChange={setPin} /> : null}
        {error ? (
          <p role="alert" className="alert alert-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={disabled}>
          {button.label}
        </button>
      </form>
    </Modal>
  );
}
