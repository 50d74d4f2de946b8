/**
 * Admin calls of SPEC section 7. Each is for role 1 only (403 for anyone else, checked by the router)
 * and each is written to the audit log (provider_audit).
 */
import { koboToNaira, nairaToKobo } from '@punter/core/money';
import { C, asUser, transactionView, uniqueKey, type EntryDoc, type ProviderDeps, type UserDoc } from './context';
import { badRequest, conflict, header, notFound, ok, parseBody, type ProviderRequest, type ProviderResponse } from './http';
import {
  adminCreateBody,
  approveBody,
  batchCreateBody,
  blogCreateRequestSchema,
  blogDeleteHeadersSchema,
  blogUpdateRequestSchema,
  cryptoUpdateRequestSchema,
  giftCardCreateRequestSchema,
  giftCardDeleteRequestSchema,
  giftCardUpdateRequestSchema,
  userIdBody,
} from './schemas';
import { newId, str, type Data } from './store';
import type { Wallet, WithdrawalDoc } from './wallet';

const R = C.adminRecords;
const iso = (ms: number) => new Date(ms).toISOString();

export function createAdmin(deps: ProviderDeps, wallet: Wallet) {
  async function audit(admin: UserDoc, action: string, target: string | null): Promise<void> {
    const id = newId();
    await deps.store.set(C.audit, id, { id, admin_id: admin.id, action, target, created_at: deps.now() });
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
    const target = asUser(await deps.store.get(C.users, input.user_id));
    if (!target) throw notFound('User not found');
    if (target.id === admin.id && suspended) throw badRequest('You cannot suspend your own account');
    await deps.store.update(C.users, target.id, { suspended });
    await audit(admin, action, target.id);
    return { id: target.id, suspended };
  }

  return {
    audit,

    async batchCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(batchCreateBody, body);
      const id = newId();
      const now = deps.now();
      await deps.store.set(`${R}/batches/items`, id, { id, ...input, created_at: now, day: iso(now).slice(0, 10) });
      await audit(admin, 'batch.create', id);
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
      const index = await deps.store.get(C.unique, uniqueKey('email', input.email));
      const target = index ? asUser(await deps.store.get(C.users, String(index.user_id))) : null;
      if (!target) throw notFound('No account found with this email');
      if (target.role === 1) throw conflict('This user is already an admin');
      await deps.store.update(C.users, target.id, { role: 1 });
      await audit(admin, 'admin.create', target.id);
      return ok({ message: 'Admin added successfully', data: adminView({ ...target, role: 1 }) });
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
      await deps.store.set(`${R}/blogs/items`, id, doc);
      await audit(admin, 'blog.create', id);
      return ok({ message: 'Blog created successfully', data: blogView(doc) });
    },

    async blogUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(blogUpdateRequestSchema, body);
      const existing = await deps.store.get(`${R}/blogs/items`, input.id);
      if (!existing) throw notFound('Blog not found');
      const { id, ...changes } = input;
      const doc = { ...existing, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)), updated_at: deps.now() };
      await deps.store.set(`${R}/blogs/items`, id, doc);
      await audit(admin, 'blog.update', id);
      return ok({ message: 'Blog updated successfully', data: blogView(doc) });
    },

    async blogDelete(admin: UserDoc, req: ProviderRequest): Promise<ProviderResponse> {
      const input = parseBody(blogDeleteHeadersSchema, { id: header(req, 'id') });
      if (!(await deps.store.get(`${R}/blogs/items`, input.id))) throw notFound('Blog not found');
      await deps.store.delete(`${R}/blogs/items`, input.id);
      await audit(admin, 'blog.delete', input.id);
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
      await deps.store.set(`${R}/giftcards/items`, id, doc);
      await audit(admin, 'giftcard.create', id);
      return ok({ message: 'Card created successfully', data: cardView(doc) });
    },

    async giftCardCategory(admin: UserDoc, id: string): Promise<ProviderResponse> {
      const cards = (await records('giftcards')).filter((c) => c.category_id === id);
      const category = await deps.store.get(`${R}/giftcard-categories/items`, id);
      if (!category && cards.length === 0) throw notFound('Category not found');
      await audit(admin, 'giftcard.category', id);
      return ok({
        message: 'Category fetched',
        data: { id, name: str(category?.name) || id, cards: cards.map(cardView) },
      });
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
      await deps.store.set(`${R}/giftcards/items`, input.id, doc);
      await audit(admin, 'giftcard.update', input.id);
      return ok({ message: 'Card updated successfully', data: cardView(doc) });
    },

    async giftCardDelete(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardDeleteRequestSchema, body);
      if (!(await deps.store.get(`${R}/giftcards/items`, input.id))) throw notFound('Card not found');
      await deps.store.delete(`${R}/giftcards/items`, input.id);
      await audit(admin, 'giftcard.delete', input.id);
      return ok({ message: 'Card has been deleted successfully' });
    },

    async report(admin: UserDoc): Promise<ProviderResponse> {
      const [users, wallets, entries, pending] = await Promise.all([
        deps.store.query(C.users),
        deps.store.query(C.wallets),
        allEntries(),
        deps.store.query(C.withdrawals, { where: [['status', '==', 'PENDING']] }),
      ]);
      const values: Record<string, number> = {};
      for (const e of entries) if (e.status === 'SUCCESS') values[e.type] = (values[e.type] ?? 0) + e.amount_kobo;
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
      const w = await wallet.settleWithdrawal(input.transaction_id, { status: 'SUCCESS' }, admin.id);
      await audit(admin, 'transaction.approve', w.id);
      const entry = (await deps.store.get(C.entries(w.user_id), w.entry_id)) as unknown as EntryDoc;
      return ok({ message: 'Transaction approved', data: adminTx(entry) });
    },

    async cryptoUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(cryptoUpdateRequestSchema, body);
      const now = deps.now();
      await deps.store.set(`${R}/crypto/items`, input.symbol, {
        symbol: input.symbol,
        buy_rate_kobo: nairaToKobo(input.buy_rate),
        sell_rate_kobo: nairaToKobo(input.sell_rate),
        updated_at: now,
      });
      await audit(admin, 'crypto.update', input.symbol);
      return ok({
        message: 'Rate updated successfully',
        data: { symbol: input.symbol, buy_rate: input.buy_rate, sell_rate: input.sell_rate, updatedAt: iso(now) },
      });
    },
  };
}
