/**
 * The audit log: who (an admin), what (an action, or its start: 'user.'), to whom (the target's id) and when
 * (days), filtered on the server, newest first, a page at a time. Refused calls (403) are marked.
 */
import { useState, type FormEvent } from 'react';
import type { AdminLogsQuery } from '@punter/core/api/admin';
import { LoadState } from '@/components/load-state';
import { formatDateTime } from '@/lib/format';
import { useAdmins, useAuditLog } from '../api/admin-api';
import { Pager, TableScroll } from './admin-ui';

const EMPTY = { admin_id: '', action: '', target: '', from: '', to: '' };

export function AuditPage() {
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState<AdminLogsQuery>({ page: 1 });
  const log = useAuditLog(filters);
  const admins = useAdmins();
  const nameOf = (id: string) => {
    const a = admins.data?.find((x) => x.id === id);
    return a ? `${a.first_name} ${a.last_name}` : id;
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ page: 1, ...draft, action: draft.action.trim(), target: draft.target.trim() });
  };
  const field = (key: keyof typeof EMPTY) => ({
    id: `audit-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  return (
    <section className="stack" aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <form className="admin-filters" role="search" aria-label="Filter the audit log" onSubmit={search}>
        <div className="field">
          <label htmlFor="audit-admin_id">Who</label>
          <select {...field('admin_id')}>
            <option value="">Anyone</option>
            {(admins.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.first_name} {a.last_name} ({a.email})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-action">What (action)</label>
          <input placeholder="user.suspend" maxLength={100} {...field('action')} />
        </div>
        <div className="field">
          <label htmlFor="audit-target">To whom (id)</label>
          <input maxLength={128} {...field('target')} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input type="date" {...field('from')} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input type="date" {...field('to')} />
        </div>
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      <LoadState state={log} loadingLabel="Loading the audit log..." />
      {log.data ? (
        <>
          {log.data.items.length === 0 ? <p className="empty">No entry matches.</p> : null}
          {log.data.items.length > 0 ? (
            <TableScroll label="Audit entries">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">To whom</th>
                  </tr>
                </thead>
                <tbody>
                  {log.data.items.map((l) => (
                    <tr key={l.id} data-testid="audit-row">
                      <td className="nowrap">{formatDateTime(l.createdAt)}</td>
                      <td>{nameOf(l.admin_id)}</td>
                      <td>
                        {l.action}
                        {l.refused ? <span className="pill status-orange"> refused</span> : null}
                        {l.reason ? <div className="muted">{l.reason}</div> : null}
                      </td>
                      <td>{l.target ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager paging={log.data.paging} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      ) : null}
    </section>
  );
}
