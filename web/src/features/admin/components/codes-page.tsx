/**
 * Betting codes (ADR 0010, 0022): the buyers' open disputes, resolved with a note the buyer is sent; the codes
 * to settle or correct as Boom or Cut; and Clear Games, which deletes every code of the Hub.
 */
import { useState, type FormEvent } from 'react';
import { LoadState } from '@/components/load-state';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import {
  clearAllGames,
  resolveDispute,
  settleCode,
  useAdminGames,
  useDisputes,
  type AdminGame,
  type Dispute,
} from '../api/console-api';
import { ConfirmDialog, Pager, TableScroll, useAction } from './admin-ui';

export function CodesPage() {
  return (
    <section className="stack" aria-labelledby="codes-title">
      <h1 id="codes-title">Betting codes</h1>
      <Disputes />
      <Codes />
    </section>
  );
}

function Disputes() {
  const [filters, setFilters] = useState<{ page: number; status: 'open' | 'resolved' }>({ page: 1, status: 'open' });
  const disputes = useDisputes(filters);
  const [resolving, setResolving] = useState<Dispute | null>(null);
  const { busy, run } = useAction();
  return (
    <section className="stack" aria-labelledby="disputes-title">
      <h2 id="disputes-title">Disputes from buyers</h2>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="disputes-status">Show</label>
          <select
            id="disputes-status"
            value={filters.status}
            onChange={(e) => setFilters({ page: 1, status: e.target.value === 'resolved' ? 'resolved' : 'open' })}
          >
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
          </select>
        </div>
      </div>
      <LoadState state={disputes} loadingLabel="Loading disputes..." />
      {disputes.data ? (
        <>
          {disputes.data.items.length === 0 ? <p className="empty">No {filters.status} dispute.</p> : null}
          {disputes.data.items.length > 0 ? (
            <TableScroll label="Disputes">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Buyer</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Opened</th>
                    <th scope="col">{filters.status === 'open' ? 'Action' : 'Note'}</th>
                  </tr>
                </thead>
                <tbody>
                  {disputes.data.items.map((d) => (
                    <tr key={d.id} data-testid="dispute-row">
                      <td>
                        {d.game_title}
                        <div className="muted">by {d.punter_name}</div>
                      </td>
                      <td>{d.user_email}</td>
                      <td>{d.reason}</td>
                      <td className="nowrap">{formatDateTime(d.created_at)}</td>
                      <td>
                        {d.status === 'open' ? (
                          <button type="button" className="button button-small" onClick={() => setResolving(d)}>
                            Resolve
                          </button>
                        ) : (
                          d.note
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager paging={disputes.data.paging} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      ) : null}
      <ConfirmDialog
        open={resolving !== null}
        title="Resolve dispute"
        confirmLabel="Resolve"
        reason={{ label: 'Note sent to the buyer' }}
        busy={busy}
        onClose={() => setResolving(null)}
        onConfirm={(note) => {
          if (!resolving) return;
          void run(() => resolveDispute(resolving.id, note)).then((done) => {
            if (done) setResolving(null);
          });
        }}
      >
        <p>
          Close the dispute of {resolving?.user_email} about “{resolving?.game_title}”. They are notified with your note. To
          refund buyers, correct the code to Cut below.
        </p>
      </ConfirmDialog>
    </section>
  );
}

type Pending = { game: AdminGame; status: 'Boom' | 'Cut' } | 'clear' | null;

function Codes() {
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<{ page: number; q?: string }>({ page: 1 });
  const games = useAdminGames(filters);
  const [pending, setPending] = useState<Pending>(null);
  const { busy, run } = useAction();
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters(q.trim() ? { page: 1, q: q.trim() } : { page: 1 });
  };
  const confirm = () => {
    if (pending === 'clear') {
      void run(clearAllGames).then((done) => done && setPending(null));
    } else if (pending) {
      void run(() => settleCode(pending.game.id, pending.status)).then((done) => done && setPending(null));
    }
  };
  const text =
    pending === 'clear'
      ? `Delete every code of the Punters Hub${games.data ? ` (${games.data.paging.total} listed)` : ''}. Buyers keep their own copies and the punters their records; this cannot be undone.`
      : pending
        ? pending.status === 'Boom'
          ? `Settle “${pending.game.title}” by ${pending.game.punter_name} as Boom: the escrow of its sales goes to the punter, and the record counts a win. A Cut corrected to Boom leaves the buyers' refunds where they are.`
          : `Settle “${pending.game.title}” by ${pending.game.punter_name} as Cut: every one of its ${pending.game.buyers_count} buyers is refunded, and the record counts a loss. A paid-out Boom corrected to Cut takes the payout back from the punter's wallet first.`
        : '';
  return (
    <section className="stack" aria-labelledby="games-title">
      <h2 id="games-title">Codes</h2>
      <form className="admin-filters" role="search" aria-label="Search codes" onSubmit={search}>
        <div className="field">
          <label htmlFor="games-q">Title or punter</label>
          <input id="games-q" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
        <button type="button" className="button button-danger" onClick={() => setPending('clear')}>
          Clear Games
        </button>
      </form>
      <LoadState state={games} loadingLabel="Loading codes..." />
      {games.data ? (
        <>
          {games.data.items.length === 0 ? <p className="empty">No code.</p> : null}
          {games.data.items.length > 0 ? (
            <TableScroll label="Codes">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col" className="num">
                      Buyers
                    </th>
                    <th scope="col">Settle or correct</th>
                  </tr>
                </thead>
                <tbody>
                  {games.data.items.map((g) => (
                    <tr key={g.id} data-testid="code-row">
                      <td>
                        {g.title}
                        <div className="muted">
                          {g.punter_name} · {g.platform} · odd {g.odd}
                        </div>
                      </td>
                      <td>{g.status}</td>
                      <td className="num">{g.amount === 0 ? 'Free' : formatApiNaira(g.amount)}</td>
                      <td className="num">{g.buyers_count}</td>
                      <td>
                        <div className="admin-actions">
                          {(['Boom', 'Cut'] as const).map((status) => (
                            <button
                              key={status}
                              type="button"
                              className="button button-small button-secondary"
                              disabled={g.status === status}
                              onClick={() => setPending({ game: g, status })}
                            >
                              {status}
                            </button>
                          ))}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager paging={games.data.paging} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending === 'clear' ? 'Clear Games' : `Settle as ${pending ? pending.status : ''}`}
        confirmLabel={pending === 'clear' ? 'Delete every code' : `Settle as ${pending ? pending.status : ''}`}
        danger
        busy={busy}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        <p>{text}</p>
      </ConfirmDialog>
    </section>
  );
}
