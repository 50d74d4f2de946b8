/** Pieces every console screen shares: the pager, the confirmation dialog, running an action with its toasts. */
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import type { Paging } from '@punter/core/api/admin';
import { Modal } from '@/components/modal';
import { toApiFailure } from '@/lib/api';
import { showToast } from '@/lib/notify';

/** Previous / next over a server-side page, with where it stands. */
export function Pager({ paging, onPage }: { paging: Paging; onPage: (page: number) => void }) {
  const from = paging.total === 0 ? 0 : (paging.page - 1) * paging.page_size + 1;
  const to = Math.min(paging.page * paging.page_size, paging.total);
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={paging.page <= 1}
        onClick={() => onPage(paging.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        {from}–{to} of {paging.total}
      </span>
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={!paging.has_more}
        onClick={() => onPage(paging.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/**
 * Asks before a destructive action and says what it will do. With `reason`, the operator must give one
 * (1 to 200 characters, as the provider accepts).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  reason,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  reason?: { label: string };
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (reason && trimmed === '') return setError('Please give a reason');
    if (reason && trimmed.length > 200) return setError('The reason must not be more than 200 characters');
    setError(null);
    onConfirm(trimmed);
  };
  const close = () => {
    setText('');
    setError(null);
    onClose();
  };
  return (
    <Modal open={open} title={title} onClose={close}>
      <form className="stack" onSubmit={submit} noValidate>
        <div>{children}</div>
        {reason ? (
          <div className="field">
            <label htmlFor="confirm-reason">{reason.label}</label>
            <textarea
              id="confirm-reason"
              value={text}
              maxLength={200}
              rows={3}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'confirm-reason-error' : undefined}
              onChange={(e) => setText(e.target.value)}
            />
            {error ? (
              <p className="field-error" id="confirm-reason-error">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="row row-end">
          <button type="button" className="button button-secondary" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={danger ? 'button button-danger' : 'button'} disabled={busy}>
            {busy ? 'Please wait...' : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Runs one change at a time: the provider's message as a success toast (SPEC section 8's wording comes from
 * the provider), or the failure prefixed with SPEC's words for that action when it has some.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<string>, failurePrefix?: string): Promise<boolean> => {
    setBusy(true);
    try {
      showToast('success', await work());
      return true;
    } catch (error) {
      const messages = toApiFailure(error).messages.join(' ');
      showToast('error', failurePrefix ? `${failurePrefix}: ${messages}` : messages);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/** How long ago: '45 min', '3 h 5 min', '2 days'. */
export function formatAge(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/** A table that scrolls sideways on a narrow screen instead of squeezing its columns. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A console form's Cancel and submit buttons; both wait while the form is sending. */
export function FormActions({ busy, onCancel, label }: { busy: boolean; onCancel: () => void; label: string }) {
  return (
    <div className="row row-end">
      <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Please wait...' : label}
      </button>
    </div>
  );
}
