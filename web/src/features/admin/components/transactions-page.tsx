/** Transactions: search every wallet's entries by user e-mail, type, status and days, on the server, a page at a time. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@punter/core/account';
import type { AdminTransactionsQuery } from '@punter/core/api/admin';
import { LoadState } from '@/components/load-state';
import { paths } from '@/config/paths';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import { useAdminTransactions } from '../api/admin-api';
import { Pager, TableScroll } from './admin-ui';

/** 'JOIN_AUTO_TRADA' -> 'Join auto trada' (as the wallet's list reads). */
const typeLabel = (type: string) => {
  const words = type.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const statusLabel = (status: string) => (status === 'PENDING' ? 'Pending' : status === 'SUCCESS' ? 'Succesfull' : status);

const EMPTY = { email: '', type: '', status: '', from: '', to: '' };

export function AdminTransactionsPage() {
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState<AdminTransactionsQuery>({ page: 1 });
  const list = useAdminTransactions(filters);

  const search = (event: FormEvent) => {
    event.preventDefault();
    // Blank fields are left out of the query string (lib/api); the provider validates the rest.
    setFilters({ page: 1, ...draft, email: draft.email.trim() });
  };
  const field = (key: keyof typeof EMPTY) => ({
    id: `tx-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  return (
    <section className="stack" aria-labelledby="admin-tx-title">
      <h1 id="admin-tx-title">Transactions</h1>
      <form className="admin-filters" role="search" aria-label="Search transactions" onSubmit={search}>
        <div className="field">
          <label htmlFor="tx-email">User e-mail</label>
          <input type="email" {...field('email')} />
        </div>
        <div className="field">
          <label htmlFor="tx-type">Type</label>
          <select {...field('type')}>
            <option value="">Any</option>
            {TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tx-status">Status</label>
          <select {...field('status')}>
            <option value="">Any</option>
            {TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tx-from">From</label>
          <input type="date" {...field('from')} />
        </div>
        <div className="field">
          <label htmlFor="tx-to">To</label>
          <input type="date" {...field('to')} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <LoadState state={list} loadingLabel="Loading transactions..." />
      {list.data ? (
        <>
          {list.data.items.length === 0 ? <p className="empty">No transaction matches.</p> : null}
          {list.data.items.length > 0 ? (
            <TableScroll label="Transaction list">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">User</th>
                    <th scope="col">Type</th>
                    <th scope="col">Status</th>
                    <th scope="col">Narration</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col" className="num">
                      Balance after
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((t) => (
                    <tr key={`${t.user_id}/${t.id}`}>
                      <td className="nowrap">{formatDateTime(t.createdAt)}</td>
                      <td>
                        <Link to={paths.adminUser.getHref({ id: t.user_id })}>{t.user_email ?? t.user_id}</Link>
                      </td>
                      <td>{typeLabel(t.type)}</td>
                      <td>{statusLabel(t.status)}</td>
                      <td>{t.narration}</td>
                      <td className="num">{formatApiNaira(t.amount)}</td>
                      <td className="num">{formatApiNaira(t.new_balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager paging={list.data.paging} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      ) : null}
    </section>
  );
}
