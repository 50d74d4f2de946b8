/**
 * Signals (ADR 0008, 0022): who may post (users holding can_post_signal; revoking takes effect at once through
 * the permissions document, granting is on the user's page) and the feed's history, newest first.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadState } from '@/components/load-state';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useAdminUsers, type AdminUser } from '../api/admin-api';
import { setSignalPermission, useSignalHistory } from '../api/console-api';
import { ConfirmDialog, Pager, TableScroll, useAction } from './admin-ui';

export function SignalsPage() {
  return (
    <section className="stack" aria-labelledby="signals-title">
      <h1 id="signals-title">Signals</h1>
      <Posters />
      <History />
    </section>
  );
}

function Posters() {
  const [page, setPage] = useState(1);
  const posters = useAdminUsers({ permission: 'can_post_signal', page });
  const [revoking, setRevoking] = useState<AdminUser | null>(null);
  const { busy, run } = useAction();
  return (
    <section className="stack" aria-labelledby="posters-title">
      <h2 id="posters-title">Who may post</h2>
      <p className="muted">To let someone post, open their page under Users and tick “May post signals”.</p>
      <LoadState state={posters} loadingLabel="Loading posters..." />
      {posters.data ? (
        <>
          {posters.data.items.length === 0 ? <p className="empty">Nobody may post signals.</p> : null}
          {posters.data.items.length > 0 ? (
            <ul className="plain-list stack">
              {posters.data.items.map((u) => (
                <li key={u.id} className="row" data-testid="poster-row">
                  <Link to={paths.adminUser.getHref({ id: u.id })}>
                    {u.first_name} {u.last_name}
                  </Link>
                  <span className="muted">{u.email}</span>
                  <button type="button" className="button button-small button-danger" onClick={() => setRevoking(u)}>
                    Revoke
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <Pager paging={posters.data.paging} onPage={setPage} />
        </>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke signal posting"
        confirmLabel="Revoke"
        danger
        busy={busy}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          void run(() => setSignalPermission(revoking.id, false), 'Oops! Something went wrong').then((done) => {
            if (done) setRevoking(null);
          });
        }}
      >
        <p>
          {revoking?.first_name} {revoking?.last_name} can no longer post or clear signals, from now on. Their past signals stay
          in the feed.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const history = useSignalHistory({ page });
  return (
    <section className="stack" aria-labelledby="history-title">
      <h2 id="history-title">Feed history</h2>
      <LoadState state={history} loadingLabel="Loading signals..." />
      {history.data ? (
        <>
          {history.data.items.length === 0 ? <p className="empty">No signal in the feed.</p> : null}
          {history.data.items.length > 0 ? (
            <TableScroll label="Signals">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Posted</th>
                    <th scope="col">Title</th>
                    <th scope="col">Details</th>
                    <th scope="col">For</th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.items.map((s) => (
                    <tr key={s.id} data-testid="signal-row">
                      <td className="nowrap">{formatDateTime(s.created_at)}</td>
                      <td>{s.title}</td>
                      <td>{s.details}</td>
                      <td>{s.group}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager paging={history.data.paging} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
