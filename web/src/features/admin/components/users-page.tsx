/** Users: search and filter on the server, a page at a time; each user opens their profile and ledger. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminUsersQuery } from '@punter/core/api/admin';
import { LoadState } from '@/components/load-state';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/format';
import { useAdminUsers } from '../api/admin-api';
import { Pager, TableScroll } from './admin-ui';

type Status = '' | 'active' | 'suspended';
type Role = '' | '0' | '1';

export function UsersPage() {
  const [draft, setDraft] = useState<{ q: string; status: Status; role: Role }>({ q: '', status: '', role: '' });
  const [filters, setFilters] = useState<AdminUsersQuery>({ page: 1 });
  const users = useAdminUsers(filters);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({
      page: 1,
      ...(draft.q.trim() ? { q: draft.q.trim() } : {}),
      ...(draft.status ? { status: draft.status } : {}),
      ...(draft.role ? { role: draft.role } : {}),
    });
  };

  return (
    <section className="stack" aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
      <form className="admin-filters" role="search" aria-label="Search users" onSubmit={search}>
        <div className="field">
          <label htmlFor="users-q">Name, e-mail, username or phone</label>
          <input id="users-q" value={draft.q} maxLength={100} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="users-status">Status</label>
          <select
            id="users-status"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as Status })}
          >
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="users-role">Role</label>
          <select id="users-role" value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as Role })}>
            <option value="">Any</option>
            <option value="0">User</option>
            <option value="1">Admin</option>
          </select>
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <LoadState state={users} loadingLabel="Loading users..." />
      {users.data ? (
        <>
          {users.data.items.length === 0 ? <p className="empty">No user matches.</p> : null}
          {users.data.items.length > 0 ? (
            <TableScroll label="User list">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Status</th>
                    <th scope="col">Role</th>
                    <th scope="col">Joined</th>
                  </tr>
                </thead>
                <tbody>
                  {users.data.items.map((u) => (
                    <tr key={u.id}>
                      <td>
                        <Link to={paths.adminUser.getHref({ id: u.id })}>
                          {u.first_name} {u.last_name}
                        </Link>
                        <div className="muted">@{u.username}</div>
                      </td>
                      <td>{u.email}</td>
                      <td className="nowrap">{u.phone_number}</td>
                      <td>
                        <span className={u.suspended ? 'pill status-orange' : 'pill status-green'}>
                          {u.suspended ? 'Suspended' : 'Active'}
                        </span>
                      </td>
                      <td>{u.role === 1 ? 'Admin' : 'User'}</td>
                      <td className="nowrap">{formatDay(u.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager paging={users.data.paging} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      ) : null}
    </section>
  );
}
