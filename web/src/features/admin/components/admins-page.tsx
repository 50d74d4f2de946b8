/** Admins: the accounts with role 1; add one by the e-mail of an existing account, or remove the role. */
import { useState, type FormEvent } from 'react';
import { LoadState } from '@/components/load-state';
import { formatDay } from '@/lib/format';
import { useProfile } from '@/lib/session';
import { addAdmin, removeAdmin, useAdmins, type AdminAccount } from '../api/admin-api';
import { ConfirmDialog, TableScroll, useAction } from './admin-ui';

export function AdminsPage() {
  const admins = useAdmins();
  const me = useProfile()?.data.id;
  const [email, setEmail] = useState('');
  const [removing, setRemoving] = useState<AdminAccount | null>(null);
  const { busy, run } = useAction();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    if (await run(() => addAdmin(email.trim()))) setEmail('');
  };
  const remove = async () => {
    if (removing && (await run(() => removeAdmin(removing.id)))) setRemoving(null);
  };

  return (
    <section className="stack" aria-labelledby="admins-title">
      <h1 id="admins-title">Admins</h1>
      <form className="admin-filters" aria-label="Add an admin" onSubmit={(e) => void add(e)}>
        <div className="field">
          <label htmlFor="admin-email">E-mail of an existing account</label>
          <input id="admin-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Add admin
        </button>
      </form>
      <LoadState state={admins} loadingLabel="Loading admins..." />
      {admins.data ? (
        <TableScroll label="Admin list">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {admins.data.map((a) => (
                <tr key={a.id}>
                  <td>
                    {a.first_name} {a.last_name}
                    {a.id === me ? <span className="muted"> (you)</span> : null}
                  </td>
                  <td>{a.email}</td>
                  <td className="nowrap">{formatDay(a.createdAt)}</td>
                  <td>
                    {a.id === me ? null : (
                      <button type="button" className="button button-small button-danger" onClick={() => setRemoving(a)}>
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove admin"
        confirmLabel="Remove admin"
        danger
        busy={busy}
        onClose={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        <p>
          Take the admin role from {removing?.first_name} {removing?.last_name} ({removing?.email}). Their account stays; they
          lose this console at once.
        </p>
      </ConfirmDialog>
    </section>
  );
}
