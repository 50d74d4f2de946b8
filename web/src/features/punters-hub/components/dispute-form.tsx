/**
 * 'Dispute this code' in the My Games detail (ADR 0022): the buyer gives a reason (10 to 500 characters, as the
 * provider checks), once per code; the operator resolves it in the console and the buyer is notified.
 */
import { useState, type FormEvent } from 'react';
import { toApiFailure } from '@/lib/api';
import { showToast } from '@/lib/notify';
import { openDispute } from '@/features/punters-hub/api/dispute';

export function DisputeForm({ gameId }: { gameId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < 10) return setError('Reason must be at least 10 characters');
    setError(null);
    setBusy(true);
    try {
      showToast('success', await openDispute(gameId, trimmed), 'dispute');
      setSent(true);
    } catch (failure) {
      setError(toApiFailure(failure).messages.join(' '));
    } finally {
      setBusy(false);
    }
  };

  if (sent) return <p className="muted">Dispute sent. You will get a notification when it is resolved.</p>;
  if (!open) {
    return (
      <button type="button" className="button button-secondary button-small" onClick={() => setOpen(true)}>
        Dispute this code
      </button>
    );
  }
  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor="dispute-reason">What is wrong with this code?</label>
        <textarea
          id="dispute-reason"
          rows={3}
          maxLength={500}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'dispute-reason-error' : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? (
          <p className="field-error" id="dispute-reason-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Please wait...' : 'Send dispute'}
      </button>
    </form>
  );
}
