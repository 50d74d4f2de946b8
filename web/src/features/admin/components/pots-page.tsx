/**
 * Pots (ADR 0012, 0022): the Auto-Trada switch; the pots with their status and what moves them next; create;
 * edit while nobody has joined and raising has not ended; the manager's result once a pot is due; payouts in
 * progress; and each pot's participants with who they are.
 */
import { useState, type FormEvent } from 'react';
import { potCreateRequestSchema } from '@punter/core/api/pots';
import { Alert } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { Modal } from '@/components/modal';
import { formatApiNaira, formatDateTime, fromLagosInput, toLagosInput } from '@/lib/format';
import {
  bookPotResult,
  createPot,
  switchAutoTrada,
  updatePot,
  useAdminPots,
  useAutoTrada,
  usePotParticipants,
  type AdminPot,
  type PotCreateRequest,
} from '../api/console-api';
import { ConfirmDialog, Pager, TableScroll, useAction } from './admin-ui';

type StatusFilter = '' | 'Raising' | 'Trading' | 'Due';

export function PotsPage() {
  const [filters, setFilters] = useState<{ page: number; status?: Exclude<StatusFilter, ''> }>({ page: 1 });
  const pots = useAdminPots(filters);
  const [form, setForm] = useState<{ pot: AdminPot | null } | null>(null);
  const [resultFor, setResultFor] = useState<AdminPot | null>(null);
  const [participantsOf, setParticipantsOf] = useState<AdminPot | null>(null);

  return (
    <section className="stack" aria-labelledby="pots-title">
      <h1 id="pots-title">Pots</h1>
      <AutoTradaSwitch />
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="pots-status">Status</label>
          <select
            id="pots-status"
            value={filters.status ?? ''}
            onChange={(e) => {
              const status = e.target.value as StatusFilter;
              setFilters(status ? { page: 1, status } : { page: 1 });
            }}
          >
            <option value="">Any</option>
            <option value="Raising">Raising</option>
            <option value="Trading">Trading</option>
            <option value="Due">Due</option>
          </select>
        </div>
        <button type="button" className="button" onClick={() => setForm({ pot: null })}>
          Create pot
        </button>
      </div>
      <LoadState state={pots} loadingLabel="Loading pots..." />
      {pots.data ? (
        <>
          {pots.data.items.length === 0 ? <p className="empty">No pot yet.</p> : null}
          {pots.data.items.length > 0 ? (
            <TableScroll label="Pot list">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Pot</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Raised
                    </th>
                    <th scope="col">Raising ends</th>
                    <th scope="col">Due</th>
                    <th scope="col">Result and payouts</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {pots.data.items.map((p) => (
                    <tr key={p.id} data-testid="pot-row">
                      <td>
                        {p.type}
                        <div className="muted">
                          {p.manager} · {p.percentage}% a month · {p.duration} month{p.duration === 1 ? '' : 's'}
                        </div>
                      </td>
                      <td>
                        <span className="pill">{p.status}</span>
                        <div className="muted">{nextStep(p)}</div>
                      </td>
                      <td className="num">
                        {formatApiNaira(p.raised_amount)} of {formatApiNaira(p.pot_volume)}
                        <div className="muted">
                          {p.investors_count} investor{p.investors_count === 1 ? '' : 's'}
                        </div>
                      </td>
                      <td className="nowrap">{formatDateTime(p.raising_to)}</td>
                      <td className="nowrap">{formatDateTime(p.trade_to)}</td>
                      <td>
                        {p.result_percent === null ? '—' : `${p.result_percent}%`}
                        {p.result_percent !== null ? (
                          <div className="muted">
                            {p.paid_count} of {p.investors_count} paid out
                          </div>
                        ) : null}
                      </td>
                      <td>
                        <div className="admin-actions">
                          {p.editable ? (
                            <button
                              type="button"
                              className="button button-small button-secondary"
                              onClick={() => setForm({ pot: p })}
                            >
                              Edit
                            </button>
                          ) : null}
                          {p.status === 'Due' && p.result_percent === null ? (
                            <button type="button" className="button button-small" onClick={() => setResultFor(p)}>
                              Book result
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className="button button-small button-secondary"
                            onClick={() => setParticipantsOf(p)}
                          >
                            Participants
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager paging={pots.data.paging} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      ) : null}
      {form ? <PotForm pot={form.pot} onClose={() => setForm(null)} /> : null}
      {resultFor ? <ResultDialog pot={resultFor} onClose={() => setResultFor(null)} /> : null}
      {participantsOf ? <ParticipantsDialog pot={participantsOf} onClose={() => setParticipantsOf(null)} /> : null}
    </section>
  );
}

/** What moves the pot next (ADR 0012: the scheduler follows the dates and how full it is). */
function nextStep(p: AdminPot): string {
  if (p.status === 'Raising') return `Trading at ${formatDateTime(p.raising_to)} or when full`;
  if (p.status === 'Trading') return `Due at ${formatDateTime(p.trade_to)}`;
  if (p.status === 'Due') return p.result_percent === null ? "Awaiting the manager's result" : 'Payouts open';
  return '';
}

function AutoTradaSwitch() {
  const state = useAutoTrada();
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useAction();
  const enabled = state.data?.enabled ?? true;
  return (
    <div className="card stack">
      <LoadState state={state} loadingLabel="Loading the Auto-Trada switch..." />
      {state.data ? (
        <>
          <p data-testid="auto-trada-state">
            Auto-Trada is <strong>{enabled ? 'on' : 'off'}</strong>
            {!enabled && state.data.reason ? `: ${state.data.reason}` : ''}
          </p>
          <div>
            <button
              type="button"
              className={enabled ? 'button button-small button-danger' : 'button button-small'}
              onClick={() => setConfirming(true)}
            >
              {enabled ? 'Turn Auto-Trada off' : 'Turn Auto-Trada on'}
            </button>
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={enabled ? 'Turn Auto-Trada off' : 'Turn Auto-Trada on'}
        confirmLabel={enabled ? 'Turn off' : 'Turn on'}
        danger={enabled}
        busy={busy}
        {...(enabled ? { reason: { label: 'Reason shown on the Auto-Trada page' } } : {})}
        onClose={() => setConfirming(false)}
        onConfirm={(reason) =>
          void run(() => switchAutoTrada(!enabled, reason)).then((done) => {
            if (done) setConfirming(false);
          })
        }
      >
        <p>
          {enabled
            ? 'Nobody can join any pot until it is turned on again; the Auto-Trada page shows your reason. Pots already raising keep their money.'
            : 'Users can join raising pots again.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}

const FIELDS = [
  { key: 'type', label: 'Type', input: 'text' },
  { key: 'manager', label: 'Manager', input: 'text' },
  { key: 'managers_number', label: "Manager's number", input: 'tel' },
  { key: 'pot_volume', label: 'Volume (₦)', input: 'number' },
  { key: 'percentage', label: 'Percentage a month', input: 'number' },
  { key: 'duration', label: 'Duration (months)', input: 'number' },
  { key: 'raising_to', label: 'Raising ends', input: 'datetime-local' },
  { key: 'trade_from', label: 'Trading starts', input: 'datetime-local' },
  { key: 'trade_to', label: 'Due date', input: 'datetime-local' },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'] | 'terms';
type Draft = Record<FieldKey, string>;

/** Pot dates are entered and shown in Lagos time (issue 34 point 7), whatever the operator's time zone. */
const toLocalInput = (iso: string | null) => toLagosInput(iso);
const toIso = (local: string) => fromLagosInput(local);

function draftOf(pot: AdminPot | null): Draft {
  return {
    type: pot?.type ?? '',
    manager: pot?.manager ?? '',
    managers_number: pot?.managers_number ?? '',
    pot_volume: pot ? String(pot.pot_volume) : '',
    percentage: pot ? String(pot.percentage) : '',
    duration: pot ? String(pot.duration) : '',
    raising_to: toLocalInput(pot?.raising_to ?? null),
    trade_from: toLocalInput(pot?.trade_from ?? null),
    trade_to: toLocalInput(pot?.trade_to ?? null),
    terms: pot?.terms ?? '',
  };
}

const numberOrText = (v: string): number | string => (v.trim() === '' || Number.isNaN(Number(v)) ? v : Number(v));

/** Create a pot, or edit one nobody has joined yet: every field, checked with core's schema before sending. */
function PotForm({ pot, onClose }: { pot: AdminPot | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(pot));
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const { busy, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = potCreateRequestSchema.safeParse({
      type: draft.type,
      manager: draft.manager,
      managers_number: draft.managers_number,
      terms: draft.terms,
      pot_volume: numberOrText(draft.pot_volume),
      percentage: numberOrText(draft.percentage),
      duration: numberOrText(draft.duration),
      raising_to: toIso(draft.raising_to),
      trade_from: toIso(draft.trade_from),
      trade_to: toIso(draft.trade_to),
    });
    if (!parsed.success) {
      const next: Partial<Record<FieldKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldKey;
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    const body: PotCreateRequest = parsed.data;
    if (await run(() => (pot ? updatePot(pot.id, body) : createPot(body)))) onClose();
  };
  const field = (key: FieldKey, label: string, input: string) => (
    <div className="field" key={key}>
      <label htmlFor={`pot-${key}`}>{label}</label>
      {input === 'textarea' ? (
        <textarea
          id={`pot-${key}`}
          rows={4}
          value={draft[key]}
          aria-invalid={errors[key] ? true : undefined}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      ) : (
        <input
          id={`pot-${key}`}
          type={input}
          value={draft[key]}
          step={input === 'number' ? 'any' : undefined}
          aria-invalid={errors[key] ? true : undefined}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      )}
      {errors[key] ? <p className="field-error">{errors[key]}</p> : null}
    </div>
  );
  return (
    <Modal open title={pot ? 'Edit pot' : 'Create pot'} onClose={onClose} wide>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        {pot ? <p>Nobody has joined this pot yet; once someone joins or raising ends it can no longer be edited.</p> : null}
        <p className="muted">Dates and times are Lagos time (WAT).</p>
        <div className="admin-filters">{FIELDS.map((f) => field(f.key, f.label, f.input))}</div>
        {field('terms', 'Terms', 'textarea')}
        <div className="row row-end">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Please wait...' : pot ? 'Save pot' : 'Create pot'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The manager's result of a due pot: moves money (house to pot, or pot to house for a loss), once. */
function ResultDialog({ pot, onClose }: { pot: AdminPot; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();
  const percent = Number(value);
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '' || Number.isNaN(percent) || percent < -100 || percent > 1000) {
      return setError('Give the result as a percentage between -100 and 1000');
    }
    setError(null);
    setConfirming(true);
  };
  return (
    <>
      <Modal open={!confirming} title="Book the manager's result" onClose={onClose}>
        <form className="stack" onSubmit={next} noValidate>
          <div className="field">
            <label htmlFor="pot-result">Result over the whole duration (% of the capital)</label>
            <input id="pot-result" type="number" step="any" value={value} onChange={(e) => setValue(e.target.value)} />
            {error ? <p className="field-error">{error}</p> : null}
          </div>
          <div className="row row-end">
            <button type="button" className="button button-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button">
              Continue
            </button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title="Book the manager's result"
        confirmLabel="Book result"
        danger
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void run(() => bookPotResult(pot.id, percent)).then((done) => {
            if (done) onClose();
          })
        }
      >
        <p>
          Book {percent}% for {pot.type} ({formatApiNaira(pot.raised_amount)} raised from {pot.investors_count} investor
          {pot.investors_count === 1 ? '' : 's'}).{' '}
          {percent >= 0 ? 'The house pays the profit into the pot' : 'The loss goes from the pot to the house'}, and participants
          can then press PAYOUT. A result is booked once and cannot be changed.
        </p>
      </ConfirmDialog>
    </>
  );
}

function ParticipantsDialog({ pot, onClose }: { pot: AdminPot; onClose: () => void }) {
  const list = usePotParticipants(pot.id);
  return (
    <Modal open title={`Participants of ${pot.type}`} onClose={onClose} wide>
      <LoadState state={list} loadingLabel="Loading participants..." />
      {list.data && list.data.length === 0 ? <p className="empty">Nobody has joined yet.</p> : null}
      {list.data && list.data.length > 0 ? (
        <TableScroll label="Participants">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Paid out
                </th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.name}
                    <div className="muted">{p.user_email}</div>
                  </td>
                  <td className="num">{formatApiNaira(p.amount)}</td>
                  <td>{p.status}</td>
                  <td className="num">{p.payout === null ? '—' : formatApiNaira(p.payout)}</td>
                  <td className="nowrap">{formatDateTime(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {pot.result_percent !== null ? (
        <Alert kind="success">
          {pot.paid_count} of {pot.investors_count} participants paid out.
        </Alert>
      ) : null}
    </Modal>
  );
}
