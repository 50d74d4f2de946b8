/**
 * One user: the profile; suspend or activate; the posting permissions and the admin role (taking effect at
 * once: the provider rewrites the user's permissions document, ADR 0004); requiring a password change (their
 * sessions end and the next login answers 206); and the whole ledger with its running balance and the check
 * that it sums to the wallet's balance.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { paths } from '@/config/paths';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import { activateUser, addAdmin, removeAdmin, suspendUser, updateUser, useUserLedger, type UserLedger } from '../api/admin-api';
import { ConfirmDialog, TableScroll, useAction } from './admin-ui';
import { SaferPlayPanel } from './safer-play-panel';

type Pending = 'suspend' | 'activate' | 'password' | 'make-admin' | 'remove-admin' | null;
const PERMISSIONS = [
  { key: 'can_post_signal', label: 'May post signals (can_post_signal)' },
  { key: 'can_post_game', label: 'May post betting codes (can_post_game)' },
  { key: 'can_monetize_game', label: 'May sell betting codes (can_monetize_game)' },
] as const;
type PermissionKey = (typeof PERMISSIONS)[number]['key'];

export function UserPage() {
  const { id = '' } = useParams();
  const ledger = useUserLedger(id);
  return (
    <section className="stack" aria-labelledby="user-title">
      <p>
        <Link to={paths.adminUsers.getHref()}>← Users</Link>
      </p>
      <LoadState state={ledger} loadingLabel="Loading the user..." />
      {ledger.data ? <UserDetail data={ledger.data} /> : <h1 id="user-title">User</h1>}
    </section>
  );
}

function UserDetail({ data }: { data: UserLedger }) {
  const { user } = data;
  const name = `${user.first_name} ${user.last_name}`;
  const [pending, setPending] = useState<Pending>(null);
  const { busy, run } = useAction();
  const [permissions, setPermissions] = useState<Record<PermissionKey, boolean>>(() => pick(user));
  useEffect(() => setPermissions(pick(user)), [user]);
  const changed = PERMISSIONS.some((p) => permissions[p.key] !== user[p.key]);

  const act = async () => {
    const work = {
      suspend: () => suspendUser(user.id),
      activate: () => activateUser(user.id),
      password: () => updateUser({ user_id: user.id, must_change_password: true }),
      'make-admin': () => addAdmin(user.email),
      'remove-admin': () => removeAdmin(user.id),
    };
    if (!pending) return;
    const prefix = pending === 'suspend' || pending === 'activate' ? 'oops, something went wrong' : undefined;
    if (await run(work[pending], prefix)) setPending(null);
  };
  const savePermissions = () => void run(() => updateUser({ user_id: user.id, ...permissions }), 'Oops! Something went wrong');

  const dialogs: Record<Exclude<Pending, null>, { title: string; text: string; label: string; danger: boolean }> = {
    suspend: {
      title: 'Suspend user',
      text: `Suspend ${name} (${user.email}): their sessions stop working at once and they cannot sign in until activated.`,
      label: 'Suspend',
      danger: true,
    },
    activate: {
      title: 'Activate user',
      text: `Activate ${name} (${user.email}): they can sign in again.`,
      label: 'Activate',
      danger: false,
    },
    password: {
      title: 'Require a password change',
      text: `End every session of ${name} now; their next login asks for a new password (a reset code goes to ${user.email}).`,
      label: 'Require password change',
      danger: true,
    },
    'make-admin': {
      title: 'Make admin',
      text: `Give ${name} the admin role (role 1): they can use this console and every admin call.`,
      label: 'Make admin',
      danger: true,
    },
    'remove-admin': {
      title: 'Remove admin',
      text: `Take the admin role from ${name}; the account stays.`,
      label: 'Remove admin',
      danger: true,
    },
  };
  const dialog = pending ? dialogs[pending] : null;

  return (
    <>
      <h1 id="user-title">{name}</h1>
      <dl className="detail-list">
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        <dt>Username</dt>
        <dd>@{user.username}</dd>
        <dt>Phone</dt>
        <dd>{user.phone_number}</dd>
        <dt>Joined</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>Status</dt>
        <dd data-testid="user-status">{user.suspended ? 'Suspended' : 'Active'}</dd>
        <dt>Role</dt>
        <dd>{user.role === 1 ? 'Admin (role 1)' : 'User'}</dd>
        <dt>Password</dt>
        <dd>{user.must_change_password ? 'Must be changed at the next login' : 'Set'}</dd>
        <dt>Subscription</dt>
        <dd>{user.subscription_expires_at ? `Until ${formatDateTime(user.subscription_expires_at)}` : 'None'}</dd>
      </dl>
      <div className="admin-actions">
        {user.suspended ? (
          <button type="button" className="button button-small" onClick={() => setPending('activate')}>
            Activate
          </button>
        ) : (
          <button type="button" className="button button-small button-danger" onClick={() => setPending('suspend')}>
            Suspend
          </button>
        )}
        <button type="button" className="button button-small button-secondary" onClick={() => setPending('password')}>
          Require password change
        </button>
        {user.role === 1 ? (
          <button type="button" className="button button-small button-secondary" onClick={() => setPending('remove-admin')}>
            Remove admin
          </button>
        ) : (
          <button type="button" className="button button-small button-secondary" onClick={() => setPending('make-admin')}>
            Make admin
          </button>
        )}
      </div>

      <fieldset className="stack card">
        <legend>Permissions</legend>
        {PERMISSIONS.map((p) => (
          <label key={p.key} className="admin-check">
            <input
              type="checkbox"
              checked={permissions[p.key]}
              onChange={(e) => setPermissions({ ...permissions, [p.key]: e.target.checked })}
            />
            {p.label}
          </label>
        ))}
        <div>
          <button type="button" className="button button-small" disabled={!changed || busy} onClick={savePermissions}>
            Save permissions
          </button>
        </div>
      </fieldset>

      <SaferPlayPanel userId={user.id} />

      <Ledger data={data} />

      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.label ?? ''}
        danger={dialog?.danger ?? false}
        busy={busy}
        onClose={() => setPending(null)}
        onConfirm={() => void act()}
      >
        <p>{dialog?.text}</p>
      </ConfirmDialog>
    </>
  );
}

function pick(user: UserLedger['user']): Record<PermissionKey, boolean> {
  return {
    can_post_signal: user.can_post_signal,
    can_post_game: user.can_post_game,
    can_monetize_game: user.can_monetize_game,
  };
}

function Ledger({ data }: { data: UserLedger }) {
  return (
    <section className="stack" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      {data.consistent ? (
        <Alert kind="success">
          The {data.entries.length} entries sum to {formatApiNaira(data.entries_sum)}, the wallet's balance.
        </Alert>
      ) : (
        <Alert>
          The ledger does not match the wallet: the entries sum to {formatApiNaira(data.entries_sum)} but the balance is{' '}
          {formatApiNaira(data.balance)}, or an entry does not start where the one before it ended.
        </Alert>
      )}
      {data.entries.length === 0 ? <p className="empty">No entry yet.</p> : null}
      {data.entries.length > 0 ? (
        <TableScroll label="Ledger entries">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Type</th>
                <th scope="col">Narration</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => {
                const credit = e.new_balance >= e.old_balance;
                return (
                  <tr key={e.id}>
                    <td className="nowrap">{formatDateTime(e.createdAt)}</td>
                    <td>{e.type}</td>
                    <td>{e.narration}</td>
                    <td>{e.status}</td>
                    <td className="num">
                      {credit ? '+' : '-'}
                      {formatApiNaira(e.amount)}
                    </td>
                    <td className="num">{formatApiNaira(e.new_balance)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
