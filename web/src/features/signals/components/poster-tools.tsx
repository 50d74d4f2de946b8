/**
 * What a poster (can_post_signal) sees instead of the reader's selector: 'Post Signal' (target group
 * and status; the message is the status's fixed text, SPEC section 9) and 'Clear Signals' behind a
 * confirmation. The callables check the permission again; the rules guard the collection.
 */
import { useState } from 'react';
import {
  CLEAR_DOCUMENTS_SUCCESS,
  clearDocumentsFailureMessage,
  SIGNAL_POST_STATUSES,
  SIGNAL_POST_SUCCESS,
  SIGNAL_TARGET_GROUPS,
  type SignalPostStatusId,
  type SignalTargetGroup,
} from '@punter/core/signals';
import { Modal } from '@/components/modal';
import { clearSignals, postSignal } from '@/features/signals/api/signal-calls';
import { showToast } from '@/lib/notify';

export function PosterTools() {
  const [open, setOpen] = useState<'post' | 'clear' | null>(null);
  return (
    <div className="row">
      <button type="button" className="button grow" onClick={() => setOpen('post')}>
        Post Signal
      </button>
      <button type="button" className="button button-danger grow" onClick={() => setOpen('clear')}>
        Clear Signals
      </button>
      <Modal open={open === 'post'} title="Post Signal" onClose={() => setOpen(null)}>
        <PostSignalForm onDone={() => setOpen(null)} />
      </Modal>
      <Modal open={open === 'clear'} title="Clear Signals" onClose={() => setOpen(null)}>
        <ClearSignalsConfirm onDone={() => setOpen(null)} />
      </Modal>
    </div>
  );
}

function PostSignalForm({ onDone }: { onDone: () => void }) {
  const [group, setGroup] = useState<SignalTargetGroup>('A');
  const [status, setStatus] = useState<SignalPostStatusId>('pre-signal');
  const [busy, setBusy] = useState(false);
  const message = SIGNAL_POST_STATUSES.find((s) => s.id === status)?.message ?? '';
  const send = async () => {
    setBusy(true);
    try {
      await postSignal({ group, status });
      showToast('success', SIGNAL_POST_SUCCESS, 'signal');
      onDone();
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : 'An error occurred', 'signal');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="field">
        <label htmlFor="signal-group">Target group</label>
        <select id="signal-group" value={group} onChange={(event) => setGroup(event.target.value as SignalTargetGroup)}>
          {SIGNAL_TARGET_GROUPS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend>Status</legend>
        <div className="choice-list">
          {SIGNAL_POST_STATUSES.map((s) => (
            <label key={s.id} className="choice">
              <input type="radio" name="status" value={s.id} checked={status === s.id} onChange={() => setStatus(s.id)} />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="muted">
        Readers of group {group} see: <strong>{message}</strong>
      </p>
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}

function ClearSignalsConfirm({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const clear = async () => {
    setBusy(true);
    try {
      await clearSignals();
      showToast('success', CLEAR_DOCUMENTS_SUCCESS, 'signal');
      onDone();
    } catch (error) {
      showToast('error', clearDocumentsFailureMessage(error), 'signal');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <p>Delete every signal from the feed for every reader? This cannot be undone.</p>
      <div className="row">
        <button type="button" className="button button-secondary grow" onClick={onDone} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button-danger grow" onClick={() => void clear()} disabled={busy}>
          {busy ? 'Clearing...' : 'Clear all signals'}
        </button>
      </div>
    </div>
  );
}
