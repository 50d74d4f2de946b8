/**
 * Admin calls of SPEC section 7 (and its "defined but unused" admin paths). Each is for role 1 only
 * (403 for anyone else, checked by the router, which also writes the refusal to the audit log) and each
 * is written to the audit log (provider_audit); a call that changes something writes its audit entry in
 * the same transaction as the change, so neither exists without the other.
 */
import { koboToNaira, nairaToKobo } from '@punter/core/money';
import { C, asUser, transactionView, uniqueKey, writePermissions, type EntryDoc, type ProviderDeps, type UserDoc } from './context';
import type { ApiCallName } from '@punter/core/api-schemas';
import { badRequest, conflict, header, notFound, ok, parseBody, type ProviderRequest, type ProviderResponse } from './http';
import {
  adminCreateBody,
  adminDeleteRequestSchema,
  approveBody,
  batchCreateBody,
  blogCreateRequestSchema,
  blogDeleteHeadersSchema,
  blogUpdateRequestSchema,
  cryptoUpdateRequestSchema,
  giftCardCategoryUpdateRequestSchema,
  giftCardCreateRequestSchema,
  giftCardDeleteRequestSchema,
  giftCardUpdateRequestSchema,
  userIdBody,
  userUpdateRequestSchema,
} from './schemas';
import { newId, str, type Data, type Tx } from './store';
import type { Wallet, WithdrawalDoc } from './wallet';

const R = C.adminRecords;
const iso = (ms: number) => new Date(ms).toISOString();

export function createAdmin(deps: ProviderDeps, wallet: Wallet) {
  const auditDoc = (adminId: string, action: string, target: string | null, extra: Data = {}) => {
    const id = newId();
    return { id, doc: { id, admin_id: adminId, action, target, created_at: deps.now(), ...extra } };
  };
  /** Audits a read (after it happened). */
  async function audit(admin: UserDoc, action: string, target: string | null): Promise<void> {
    const { id, doc } = auditDoc(admin.id, action, target);
    await deps.store.set(C.audit, id, doc);
  }
  /** Audits a change inside the transaction that makes it. */
  function auditIn(tx: Tx, admin: UserDoc, action: string, target: string | null): void {
    const { id, doc } = auditDoc(admin.id, action, target);
    tx.create(C.audit, id, doc);
  }
  /** Writes a refused admin call (403: the caller is not role 1): who, which call, when. */
  async function auditRefused(caller: UserDoc, call: ApiCallName, method: string, path: string): Promise<void> {
    const { id, doc } = auditDoc(caller.id, call, null, { refused: true, method, path });
    await deps.store.set(C.audit, id, doc);
  }
  /** Writes one document and its audit entry in one transaction. */
  async function writeAudited(admin: UserDoc, action: string, target: string, write: (tx: Tx) => void): Promise<void> {
    await deps.store.runTransaction((tx) => {
      write(tx);
      auditIn(tx, admin, action, target);
      return Promise.resolve();
    });
  }

  async function records(kind: string) {
    const docs = await deps.store.query(`${R}/${kind}/items`);
    return docs.map((d) => d.data).sort((a, b) => Number(b.created_at) - Number(a.created_at));
  }

  const adminView = (u: UserDoc) => ({
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone_number: u.phone_number,
    role: u.role,
    createdAt: iso(u.created_at),
  });
  const userDetailView = (u: UserDoc) => ({
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
  const categoryView = async (id: string, category: Data | null) => {
    const cards = (await records('giftcards')).filter((c) => c.category_id === id);
    return { id, name: str(category?.name) || id, cards: cards.map(cardView) };
  };
  const blogView = (b: Data) => ({
    id: String(b.id),
    title: String(b.title),
    body: String(b.body),
    image_url: (b.image_url as string | null | undefined) ?? null,
    author_id: String(b.author_id),
    createdAt: iso(Number(b.created_at)),
    updatedAt: iso(Number(b.updated_at)),
  });
  const cardView = (c: Data) => ({
    id: String(c.id),
    name: String(c.name),
    category_id: String(c.category_id),
    rate: koboToNaira(Number(c.rate_kobo)),
    image_url: (c.image_url as string | null | undefined) ?? null,
    createdAt: iso(Number(c.created_at)),
  });

  async function allEntries(): Promise<Array<EntryDoc & { email?: string }>> {
    const users = await deps.store.query(C.users);
    const lists = await Promise.all(
      users.map(async (u) => (await wallet.entries(u.id)).map((e) => ({ ...e, email: String(u.data.email) }))),
    );
    return lists.flat().sort((a, b) => b.created_at - a.created_at);
  }
  const adminTx = (e: EntryDoc & { email?: string }) => ({
    ...transactionView(e),
    user_id: e.user_id,
    ...(e.email ? { user_email: e.email } : {}),
  });

  async function setSuspended(admin: UserDoc, body: unknown, suspended: boolean, action: string) {
    const input = parseBody(userIdBody, body);
    return deps.store.runTransaction(async (tx) => {
      const target = asUser(await tx.get(C.users, input.user_id));
      if (!target) throw notFound('User not found');
      if (target.id === admin.id && suspended) throw badRequest('You cannot suspend your own account');
      tx.update(C.users, target.id, { suspended });
      writePermissions(deps, tx, target.id, { ...target, suspended });
      auditIn(tx, admin, action, target.id);
      return { id: target.id, suspended };
    });
  }

  return {
    audit,
    auditRefused,

    async batchCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(batchCreateBody, body);
      const id = newId();
      const now = deps.now();
      await deps.store.runTransaction(async (tx) => {
        // The batch is credited to an admin: admin_id must name an existing account with role 1.
        const owner = asUser(await tx.get(C.users, input.admin_id));
        if (!owner) throw notFound('Admin not found');
        if (owner.role !== 1) throw badRequest('admin_id: This user is not an admin', [{ message: 'This user is not an admin', field: 'admin_id' }]);
        tx.set(`${R}/batches/items`, id, { id, ...input, created_at: now, day: iso(now).slice(0, 10) });
        auditIn(tx, admin, 'batch.create', id);
      });
      return ok({ message: 'Batch created successfully!', data: { id, ...input, createdAt: iso(now) } });
    },

    async todayBatch(admin: UserDoc): Promise<ProviderResponse> {
      const today = iso(deps.now()).slice(0, 10);
      const list = (await records('batches')).filter((b) => b.day === today);
      await audit(admin, 'batch.today', null);
      return ok({
        message: 'Batches fetched',
        data: list.map((b) => ({
          id: String(b.id),
          creator_name: String(b.creator_name),
          creator_email: String(b.creator_email),
          creator_phone_number: String(b.creator_phone_number),
          admin_id: String(b.admin_id),
          createdAt: iso(Number(b.created_at)),
        })),
      });
    },

    async admins(admin: UserDoc): Promise<ProviderResponse> {
      const docs = await deps.store.query(C.users, { where: [['role', '==', 1]] });
      await audit(admin, 'admin.list', null);
      return ok({ message: 'Admins fetched', data: docs.map((d) => adminView(d.data as unknown as UserDoc)) });
    },

    async adminCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(adminCreateBody, body);
      const target = await deps.store.runTransaction(async (tx) => {
        const index = await tx.get(C.unique, uniqueKey('email', input.email));
        const found = index ? asUser(await tx.get(C.users, String(index.user_id))) : null;
        if (!found) throw notFound('No account found with this email');
        if (found.role === 1) throw conflict('This user is already an admin');
        tx.update(C.users, found.id, { role: 1 });
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
        const found = asUser(await tx.get(C.users, input.user_id));
        if (!found) throw notFound('User not found');
        if (found.role !== 1) throw conflict('This user is not an admin');
        tx.update(C.users, found.id, { role: 0 });
        writePermissions(deps, tx, found.id, { ...found, role: 0 });
        auditIn(tx, admin, 'admin.delete', found.id);
        return found;
      });
      return ok({ message: 'Admin deleted successfully', data: adminView({ ...target, role: 0 }) });
    },

    /** GET users/all: every account, newest first (at most 1000). */
    async allUsers(admin: UserDoc): Promise<ProviderResponse> {
      const docs = await deps.store.query(C.users);
      const list = docs
        .map((d) => asUser(d.data))
        .filter((u): u is UserDoc => u !== null)
        .sort((a, b) => b.created_at - a.created_at)
        .slice(0, 1000);
      await audit(admin, 'user.list', null);
      return ok({ message: 'Users fetched', data: list.map(userDetailView) });
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
        const found = asUser(await tx.get(C.users, userId));
        if (!found) throw notFound('User not found');
        const patch = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<UserDoc>;
        const next: UserDoc = { ...found, ...patch };
        if (next.can_monetize_game && !next.can_post_game) {
          throw badRequest('can_monetize_game needs can_post_game', [
            { message: 'A user needs can_post_game before can_monetize_game', field: 'can_monetize_game' },
          ]);
        }
        tx.update(C.users, userId, patch);
        writePermissions(deps, tx, userId, next);
        auditIn(tx, admin, changes.must_change_password ? 'user.update.must_change_password' : 'user.update', userId);
        return next;
      });
      if (changes.must_change_password) {
        // Sessions end now (authenticate also refuses them while the flag is set).
        const tokens = await deps.store.query(C.tokens, { where: [['user_id', '==', userId]] });
        await Promise.all(tokens.map((t) => deps.store.delete(C.tokens, t.id)));
      }
      return ok({ message: 'User updated successfully', data: userDetailView(updated) });
    },

    async suspend(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      return ok({ message: 'User suspended', data: await setSuspended(admin, body, true, 'user.suspend') });
    },

    async activate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      return ok({ message: 'User actiavted successfully', data: await setSuspended(admin, body, false, 'user.activate') });
    },

    async ads(admin: UserDoc): Promise<ProviderResponse> {
      const list = await records('ads');
      await audit(admin, 'ads.list', null);
      return ok({
        message: 'Ads fetched',
        data: list.map((a) => ({
          id: String(a.id),
          title: String(a.title),
          image_url: String(a.image_url),
          link: String(a.link),
          createdAt: iso(Number(a.created_at)),
        })),
      });
    },

    async logs(admin: UserDoc): Promise<ProviderResponse> {
      const docs = await deps.store.query(C.audit);
      await audit(admin, 'logs.list', null);
      const list = docs
        .map((d) => d.data)
        .sort((a, b) => Number(b.created_at) - Number(a.created_at))
        .slice(0, 500)
        .map((l) => ({
          id: String(l.id),
          admin_id: String(l.admin_id),
          action: String(l.action),
          target: (l.target as string | null) ?? null,
          ...(l.refused === true ? { refused: true } : {}),
          createdAt: iso(Number(l.created_at)),
        }));
      return ok({ message: 'Logs fetched', data: list });
    },

    async blogs(admin: UserDoc): Promise<ProviderResponse> {
      const list = await records('blogs');
      await audit(admin, 'blog.list', null);
      return ok({ message: 'Blogs fetched', data: list.map(blogView) });
    },

    async blogCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(blogCreateRequestSchema, body);
      const id = newId();
      const now = deps.now();
      const doc = { id, title: input.title, body: input.body, image_url: input.image_url ?? null, author_id: admin.id, created_at: now, updated_at: now };
      await writeAudited(admin, 'blog.create', id, (tx) => tx.set(`${R}/blogs/items`, id, doc));
      return ok({ message: 'Blog created successfully', data: blogView(doc) });
    },

    async blogUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(blogUpdateRequestSchema, body);
      const existing = await deps.store.get(`${R}/blogs/items`, input.id);
      if (!existing) throw notFound('Blog not found');
      const { id, ...changes } = input;
      const doc = { ...existing, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)), updated_at: deps.now() };
      await writeAudited(admin, 'blog.update', id, (tx) => tx.set(`${R}/blogs/items`, id, doc));
      return ok({ message: 'Blog updated successfully', data: blogView(doc) });
    },

    async blogDelete(admin: UserDoc, req: ProviderRequest): Promise<ProviderResponse> {
      const input = parseBody(blogDeleteHeadersSchema, { id: header(req, 'id') });
      if (!(await deps.store.get(`${R}/blogs/items`, input.id))) throw notFound('Blog not found');
      await writeAudited(admin, 'blog.delete', input.id, (tx) => tx.delete(`${R}/blogs/items`, input.id));
      return ok({ message: 'Blog deleted successfully' });
    },

    async giftCards(admin: UserDoc): Promise<ProviderResponse> {
      const list = await records('giftcards');
      await audit(admin, 'giftcard.list', null);
      return ok({ message: 'Cards fetched', data: list.map(cardView) });
    },

    async giftCardCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardCreateRequestSchema, body);
      const id = newId();
      const doc = {
        id,
        name: input.name,
        category_id: input.category_id,
        rate_kobo: nairaToKobo(input.rate),
        image_url: input.image_url ?? null,
        created_at: deps.now(),
      };
      await writeAudited(admin, 'giftcard.create', id, (tx) => tx.set(`${R}/giftcards/items`, id, doc));
      return ok({ message: 'Card created successfully', data: cardView(doc) });
    },

    async giftCardCategory(admin: UserDoc, id: string): Promise<ProviderResponse> {
      const category = await deps.store.get(`${R}/giftcard-categories/items`, id);
      const data = await categoryView(id, category);
      if (!category && data.cards.length === 0) throw notFound('Category not found');
      await audit(admin, 'giftcard.category', id);
      return ok({ message: 'Category fetched', data });
    },

    /** POST giftcards/update_category: creates the category or renames it (upsert by id). */
    async giftCardCategoryUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardCategoryUpdateRequestSchema, body);
      const path = `${R}/giftcard-categories/items`;
      const doc = await deps.store.runTransaction(async (tx) => {
        const existing = await tx.get(path, input.id);
        const now = deps.now();
        const next: Data = { id: input.id, name: input.name, created_at: existing?.created_at ?? now, updated_at: now };
        tx.set(path, input.id, next);
        auditIn(tx, admin, existing ? 'giftcard.category.update' : 'giftcard.category.create', input.id);
        return next;
      });
      return ok({ message: 'Card category updated successfully', data: await categoryView(input.id, doc) });
    },

    async giftCardUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardUpdateRequestSchema, body);
      const existing = await deps.store.get(`${R}/giftcards/items`, input.id);
      if (!existing) throw notFound('Card not found');
      const doc: Data = { ...existing };
      if (input.name !== undefined) doc.name = input.name;
      if (input.category_id !== undefined) doc.category_id = input.category_id;
      if (input.rate !== undefined) doc.rate_kobo = nairaToKobo(input.rate);
      if (input.image_url !== undefined) doc.image_url = input.image_url;
      await writeAudited(admin, 'giftcard.update', input.id, (tx) => tx.set(`${R}/giftcards/items`, input.id, doc));
      return ok({ message: 'Card updated successfully', data: cardView(doc) });
    },

    async giftCardDelete(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardDeleteRequestSchema, body);
      if (!(await deps.store.get(`${R}/giftcards/items`, input.id))) throw notFound('Card not found');
      await writeAudited(admin, 'giftcard.delete', input.id, (tx) => tx.delete(`${R}/giftcards/items`, input.id));
      return ok({ message: 'Card has been deleted successfully' });
    },

    async report(admin: UserDoc): Promise<ProviderResponse> {
      const [users, wallets, entries, pending, reversed] = await Promise.all([
        deps.store.query(C.users),
        deps.store.query(C.wallets),
        allEntries(),
        deps.store.query(C.withdrawals, { where: [['status', '==', 'PENDING']] }),
        deps.store.query(C.withdrawals, { where: [['status', '==', 'FAILED']] }),
      ]);
      // A reversed withdrawal's debit and its refund credit cancel out: neither counts as WITHDRAWAL or
      // FUNDING; they are reported apart.
      const excluded = new Set<string>();
      let reversedTotal = 0;
      for (const r of reversed) {
        const w = r.data as unknown as WithdrawalDoc;
        excluded.add(`${w.user_id}/${w.entry_id}`);
        if (w.reversal_entry_id) excluded.add(`${w.user_id}/${w.reversal_entry_id}`);
        reversedTotal += w.amount_kobo;
      }
      const values: Record<string, number> = {};
      for (const e of entries) {
        if (e.status !== 'SUCCESS' || excluded.has(`${e.user_id}/${e.id}`)) continue;
        values[e.type] = (values[e.type] ?? 0) + e.amount_kobo;
      }
      const totalBalance = wallets.reduce((sum, w) => sum + Number(w.data.balance_kobo ?? 0), 0);
      const pendingTotal = pending.reduce((sum, w) => sum + Number(w.data.amount_kobo ?? 0), 0);
      await audit(admin, 'report.wallet', null);
      return ok({
        message: 'Report fetched',
        data: {
          users_count: users.length,
          total_wallet_balance: koboToNaira(totalBalance),
          transaction_values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, koboToNaira(v)])),
          pending_withdrawals_count: pending.length,
          pending_withdrawals_total: koboToNaira(pendingTotal),
          reversed_withdrawals_count: reversed.length,
          reversed_withdrawals_total: koboToNaira(reversedTotal),
        },
      });
    },

    async allTransactions(admin: UserDoc): Promise<ProviderResponse> {
      const list = await allEntries();
      await audit(admin, 'transactions.all', null);
      return ok({ message: 'Transactions fetched', data: list.slice(0, 1000).map(adminTx) });
    },

    async pendingTransactions(admin: UserDoc): Promise<ProviderResponse> {
      const pending = await deps.store.query(C.withdrawals, { where: [['status', '==', 'PENDING']] });
      const list = await Promise.all(
        pending.map(async (p) => {
          const w = p.data as unknown as WithdrawalDoc;
          const entry = (await deps.store.get(C.entries(w.user_id), w.entry_id)) as unknown as EntryDoc;
          const owner = await deps.store.get(C.users, w.user_id);
          return { ...entry, email: str(owner?.email) };
        }),
      );
      await audit(admin, 'transactions.pending', null);
      return ok({ message: 'Pending transactions fetched', data: list.sort((a, b) => b.created_at - a.created_at).map(adminTx) });
    },

    async approve(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(approveBody, body);
      const decline = input.action === 'decline';
      const outcome = decline
        ? ({ status: 'FAILED', reason: input.reason ?? 'declined by an admin' } as const)
        : ({ status: 'SUCCESS' } as const);
      const w = await wallet.settleWithdrawal(input.transaction_id, outcome, admin.id, (tx, settled) =>
        auditIn(tx, admin, decline ? 'transaction.decline' : 'transaction.approve', settled.id),
      );
      const entry = (await deps.store.get(C.entries(w.user_id), w.entry_id)) as unknown as EntryDoc;
      const owner = await deps.store.get(C.users, w.user_id);
      return ok({
        message: decline ? 'Transaction declined and refunded' : 'Transaction approved',
        data: adminTx({ ...entry, email: str(owner?.email) }),
      });
    },

    async cryptoUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(cryptoUpdateRequestSchema, body);
      const now = deps.now();
      await writeAudited(admin, 'crypto.update', input.symbol, (tx) =>
        tx.set(`${R}/crypto/items`, input.symbol, {
          symbol: input.symbol,
          buy_rate_kobo: nairaToKobo(input.buy_rate),
          sell_rate_kobo: nairaToKobo(input.sell_rate),
          updated_at: now,
        }),
      );
      return ok({
        message: 'Rate updated successfully',
        data: { symbol: input.symbol, buy_rate: input.buy_rate, sell_rate: input.sell_rate, updatedAt: iso(now) },
      });
    },

    /** GET crypto/rates: the rates crypto/update wrote, by symbol. */
    async cryptoRates(admin: UserDoc): Promise<ProviderResponse> {
      const docs = await deps.store.query(`${R}/crypto/items`);
      const list = docs
        .map((d) => d.data)
        .sort((a, b) => str(a.symbol).localeCompare(str(b.symbol)))
        .map((r) => ({
          symbol: str(r.symbol),
          buy_rate: koboToNaira(Number(r.buy_rate_kobo)),
          sell_rate: koboToNaira(Number(r.sell_rate_kobo)),
          updatedAt: iso(Number(r.updated_at)),
        }));
      await audit(admin, 'crypto.rates', null);
      return ok({ message: 'Rates fetched', data: list });
    },
  };
}
