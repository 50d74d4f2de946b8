/** Admin gift cards and their categories, and the crypto rates. */
import { koboToNaira, nairaToKobo } from '@punter/core/money';
import { cryptoRates, giftCardCategories, giftCards, type GiftCardCategoryDoc, type GiftCardDoc } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { notFound, ok, parseBody, type ProviderResponse } from '../http';
import {
  cryptoUpdateRequestSchema,
  giftCardCategoryUpdateRequestSchema,
  giftCardCreateRequestSchema,
  giftCardDeleteRequestSchema,
  giftCardUpdateRequestSchema,
} from '../schemas';
import { newId } from '../store';
import { iso, type Audit } from './audit';

const cardView = (c: GiftCardDoc) => ({
  id: c.id,
  name: c.name,
  category_id: c.category_id,
  rate: koboToNaira(c.rate_kobo),
  image_url: c.image_url ?? null,
  createdAt: iso(c.created_at),
});

export function createAdminGiftCards(deps: ProviderDeps, { audit, auditIn, writeAudited }: Audit) {
  async function allCards(): Promise<GiftCardDoc[]> {
    return (await giftCards.query(deps.store)).map((d) => d.data).sort((a, b) => b.created_at - a.created_at);
  }
  const categoryView = async (id: string, category: GiftCardCategoryDoc | null) => {
    const cards = (await allCards()).filter((c) => c.category_id === id);
    return { id, name: category?.name || id, cards: cards.map(cardView) };
  };

  return {
    async giftCards(admin: UserDoc): Promise<ProviderResponse> {
      const list = await allCards();
      await audit(admin, 'giftcard.list', null);
      return ok({ message: 'Cards fetched', data: list.map(cardView) });
    },

    async giftCardCreate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardCreateRequestSchema, body);
      const id = newId();
      const doc: GiftCardDoc = {
        id,
        name: input.name,
        category_id: input.category_id,
        rate_kobo: nairaToKobo(input.rate),
        image_url: input.image_url ?? null,
        created_at: deps.now(),
      };
      await writeAudited(admin, 'giftcard.create', id, (tx) => giftCards.set(tx, id, doc));
      return ok({ message: 'Card created successfully', data: cardView(doc) });
    },

    /**
     * GET giftcards/categories (not in SPEC): every category by name with its cards, including the ids cards
     * name that have no category document yet (shown by their id, as giftcards/categories/{id} does).
     */
    async giftCardCategories(admin: UserDoc): Promise<ProviderResponse> {
      const [docs, cards] = await Promise.all([giftCardCategories.query(deps.store), allCards()]);
      const named = new Map(docs.map((d) => [d.data.id, d.data]));
      const ids = new Set([...named.keys(), ...cards.map((c) => c.category_id)]);
      const list = [...ids]
        .map((id) => ({
          id,
          name: named.get(id)?.name || id,
          cards: cards.filter((c) => c.category_id === id).map(cardView),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      await audit(admin, 'giftcard.categories', null);
      return ok({ message: 'Categories fetched', data: list });
    },

    async giftCardCategory(admin: UserDoc, id: string): Promise<ProviderResponse> {
      const category = await giftCardCategories.get(deps.store, id);
      const data = await categoryView(id, category);
      if (!category && data.cards.length === 0) throw notFound('Category not found');
      await audit(admin, 'giftcard.category', id);
      return ok({ message: 'Category fetched', data });
    },

    /** POST giftcards/update_category: creates the category or renames it (upsert by id). */
    async giftCardCategoryUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardCategoryUpdateRequestSchema, body);
      const doc = await deps.store.runTransaction(async (tx) => {
        const existing = await giftCardCategories.get(tx, input.id);
        const now = deps.now();
        const next: GiftCardCategoryDoc = {
          id: input.id,
          name: input.name,
          created_at: existing?.created_at ?? now,
          updated_at: now,
        };
        giftCardCategories.set(tx, input.id, next);
        auditIn(tx, admin, existing ? 'giftcard.category.update' : 'giftcard.category.create', input.id);
        return next;
      });
      return ok({ message: 'Card category updated successfully', data: await categoryView(input.id, doc) });
    },

    async giftCardUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardUpdateRequestSchema, body);
      const existing = await giftCards.get(deps.store, input.id);
      if (!existing) throw notFound('Card not found');
      const doc: GiftCardDoc = { ...existing };
      if (input.name !== undefined) doc.name = input.name;
      if (input.category_id !== undefined) doc.category_id = input.category_id;
      if (input.rate !== undefined) doc.rate_kobo = nairaToKobo(input.rate);
      if (input.image_url !== undefined) doc.image_url = input.image_url;
      await writeAudited(admin, 'giftcard.update', input.id, (tx) => giftCards.set(tx, input.id, doc));
      return ok({ message: 'Card updated successfully', data: cardView(doc) });
    },

    async giftCardDelete(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(giftCardDeleteRequestSchema, body);
      if (!(await giftCards.get(deps.store, input.id))) throw notFound('Card not found');
      await writeAudited(admin, 'giftcard.delete', input.id, (tx) => giftCards.delete(tx, input.id));
      return ok({ message: 'Card has been deleted successfully' });
    },

    async cryptoUpdate(admin: UserDoc, body: unknown): Promise<ProviderResponse> {
      const input = parseBody(cryptoUpdateRequestSchema, body);
      const now = deps.now();
      await writeAudited(admin, 'crypto.update', input.symbol, (tx) =>
        cryptoRates.set(tx, input.symbol, {
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
      const docs = await cryptoRates.query(deps.store);
      const list = docs
        .map((d) => d.data)
        .sort((a, b) => a.symbol.localeCompare(b.symbol))
        .map((r) => ({
          symbol: r.symbol,
          buy_rate: koboToNaira(r.buy_rate_kobo),
          sell_rate: koboToNaira(r.sell_rate_kobo),
          updatedAt: iso(r.updated_at),
        }));
      await audit(admin, 'crypto.rates', null);
      return ok({ message: 'Rates fetched', data: list });
    },
  };
}
