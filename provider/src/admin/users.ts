/** Admin calls on accounts: admins, the user list, user updates, suspension. */
import { tokens, unique, users } from '../collections';
import { uniqueKey, writePermissions, type ProviderDeps, type UserDoc } from '../context';
import { badRequest, conflict, notFound, ok, parseBody, type ProviderResponse } from '../http';
import {
  adminCreateBody,
  adminDeleteRequestSchema,
  adminUsersQuerySchema,
  userIdBody,
  userUpdateRequestSchema,
} from '../schemas';
import { iso, pageOf, type Audit } from './audit';

export const adminView = (u: UserDoc) => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  phone_number: u.phone_number,
  role: u.role,
  createdAt: iso(u.created_at),
});

export const userDetailView = (u: UserDoc) => ({
  ...adminView(u),
  username: u.username,
  suspended: u.suspended,
  phone_verified: u.phone_verified,
  must_change_password: u.must_change_password,
  can_post_signal: u.can_post_signal,
  can_post_game: u.can_post_game,
  can_monetize_game: u.can_monetize_game,
  subscription_expires_at: u.subscription_expires_at ? iso(u.subscription_expires_at) : null,
});

export function createAdminUsers(deps: ProviderDeps, { audit, auditIn }: Audit) {
  async function setSuspended(admin: UserDoc, body: unknown, suspended: boolean, action: string) {
    const input = parseBody(userIdBody, body);
    return deps.store.runTransaction(async (tx) => {
      const target = await users.get(tx, input.user_id);
      if (!target) throw notFound('User not found');
      if (target.id === admin.id && suspended) throw badRequest('You cannot suspend your own account');
      users.update(tx, target.id, { suspended });
      writePermissions(deps, tx, target.id, { ...target, suspended });
      auditIn(tx, admin, action, target.id);
      return { id: target.id, suspended };
    });
  }

  return {
    async admins(admin: UserDoc): Promise<ProviderResponse> {
      const docs = await users.query(deps.store, { where: [['role', '==', 1]] });
      await audit(admin, 'admin.list', null);
      return ok({ message: 'Admins fetched', data: docs.map((d) => adminView(d.data)) });
    },

    async adminCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(adminCreateBody, body);
      const target = await deps.store.runTransaction(async (tx) => {
        const index = await unique.get(tx, uniqueKey('email', input.email));
        const found = index ? await users.get(tx, index.user_id) : null;
        if (!found) throw notFound('No account found with this email');
        if (found.role === 1) throw conflict('This user is already an admin');
        users.update(tx, found.id, { role: 1 });
        writePermissions(deps, tx, found.id, { ...found, role: 1 });
        auditIn(tx, admin, 'admin.create', found.id);
        return found;
      });
      return ok({ message: 'Admin added successfully', data: adminView({ ...target, role: 1 }) });
    },

    /** DELETE admin/delete: takes the admin role (1 -> 0) from an account; the account itself stays. */
    async adminDelete(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(adminDeleteRequestSchema, body);
      if (input.user_id === admin.id) throw badRequest('You cannot remove your own admin role');
      const target = await deps.store.runTransaction(async (tx) => {
        const found = await users.get(tx, input.user_id);
        if (!found) throw notFound('User not found');
        if (found.role !== 1) throw conflict('This user is not an admin');
        users.update(tx, found.id, { role: 0 });
        writePermissions(deps, tx, found.id, { ...found, role: 0 });
        auditIn(tx, admin, 'admin.delete', found.id);
        return found;
      });
      return ok({ message: 'Admin deleted successfully', data: adminView({ ...target, role: 0 }) });
    },

    /**
     * GET users/all: accounts newest first, one page at a time; `q` matches names, e-mail, username or
     * phone (case-insensitive), `status` active or suspended, `role` 0 or 1, `permission` who holds it.
     */
    async allUsers(admin: UserDoc, rawQuery: unknown): Promise<ProviderResponse> {
      const query = parseBody(adminUsersQuerySchema, rawQuery);
      const docs = await users.query(deps.store, {
        where: [
          ...(query.status ? [['suspended', '==', query.status === 'suspended'] as const] : []),
          ...(query.role ? [['role', '==', Number(query.role)] as const] : []),
          ...(query.permission ? [[query.permission, '==', true] as const] : []),
        ],
      });
      const needle = query.q?.toLowerCase();
      const list = docs
        .map((d) => d.data)
        .filter(
          (u) =>
            !needle ||
            [u.first_name, u.last_name, `${u.first_name} ${u.last_name}`, u.email, u.username, u.phone_number].some((v) =>
              v.toLowerCase().includes(needle),
            ),
        )
        .sort((a, b) => b.created_at - a.created_at);
      await audit(admin, 'user.list', null);
      const { data, paging } = pageOf(list, query);
      return ok({ message: 'Users fetched', data: data.map(userDetailView), paging });
    },

    /**
     * PUT users/update: names, the posting permissions, and `must_change_password: true`, which ends the
     * user's sessions; their next login answers 206 and sends a password-reset code.
     */
    async userUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(userUpdateRequestSchema, body);
      const { user_id: userId, ...changes } = input;
      if (changes.must_change_password && userId === admin.id) {
        throw badRequest('You cannot force a password change on your own account; reset your password instead');
      }
      const updated = await deps.store.runTransaction(async (tx) => {
        const found = await users.get(tx, userId);
        if (!found) throw notFound('User not found');
        const patch = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<UserDoc>;
        const next: UserDoc = { ...found, ...patch };
        if (next.can_monetize_game && !next.can_post_game) {
          throw badRequest('can_monetize_game needs can_post_game', [
            { message: 'A user needs can_post_game before can_monetize_game', field: 'can_monetize_game' },
          ]);
        }
        users.update(tx, userId, patch);
        writePermissions(deps, tx, userId, next);
        auditIn(tx, admin, changes.must_change_password ? 'user.update.must_change_password' : 'user.update', userId);
        return next;
      });
      if (changes.must_change_password) {
        // Sessions end now (authenticate also refuses them while the flag is set).
        const sessions = await tokens.ids(deps.store, { where: [['user_id', '==', userId]] });
        await Promise.all(sessions.map((id) => tokens.delete(deps.store, id)));
      }
      return ok({ message: 'User updated successfully', data: userDetailView(updated) });
    },

    async suspend(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      return ok({ message: 'User suspended', data: await setSuspended(admin, body, true, 'user.suspend') });
    },

    async activate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      return ok({ message: 'User actiavted successfully', data: await setSuspended(admin, body, false, 'user.activate') });
    },
  };
}
