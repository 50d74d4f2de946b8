/**
 * Gift cards and their categories: each category with its cards (name, rate in naira per unit); add or rename
 * a category, add a card, edit one, or delete one after a confirmation. SPEC section 8's toasts ('Card updated
 * successfully', 'Card category updated successfully', 'Card has been deleted successfully') are the provider's
 * messages. Forms are checked with core's request schemas before anything is sent.
 */
import { useState, type FormEvent } from 'react';
import { API_CALLS } from '@punter/core/api/calls';
import { ErrorMessages } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { TextField } from '@/components/text-field';
import { formatApiNaira } from '@/lib/format';
import { showToast } from '@/lib/notify';
import { useFormSubmit } from '@/lib/use-form-submit';
import { ConfirmDialog, TableScroll, useAction, FormActions } from '../components/admin-ui';
import {
  createGiftCard,
  deleteGiftCard,
  saveGiftCardCategory,
  updateGiftCard,
  useGiftCardCategories,
  type GiftCardCategory,
} from './admin-content-api';
import './admin-content.css';

type Card = GiftCardCategory['cards'][number];

/** A category's id from its name: 'Apple iTunes' -> 'apple-itunes'. */
export function categoryId(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A typed amount as the request carries it: a number, or undefined (the schema then says it is required). */
const amount = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(/,/g, '')));

export function GiftCardsPage() {
  const categories = useGiftCardCategories();
  const [editing, setEditing] = useState<Card | 'new' | null>(null);
  const [renaming, setRenaming] = useState<GiftCardCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Card | null>(null);
  const { busy, run } = useAction();
  const list = categories.data ?? [];

  const remove = async () => {
    if (deleting && (await run(() => deleteGiftCard(deleting.id)))) setDeleting(null);
  };

  return (
    <section className="stack" aria-labelledby="giftcards-title">
      <div className="row wrap content-head">
        <h1 id="giftcards-title">Gift cards</h1>
        <div className="admin-actions">
          <button type="button" className="button button-secondary" onClick={() => setRenaming('new')}>
            New category
          </button>
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New card
          </button>
        </div>
      </div>
      {renaming !== null ? (
        <CategoryForm
          key={renaming === 'new' ? 'new' : renaming.id}
          category={renaming === 'new' ? null : renaming}
          taken={list.map((c) => c.id)}
          onDone={() => setRenaming(null)}
        />
      ) : null}
      {editing !== null ? (
        <CardForm
          key={editing === 'new' ? 'new' : editing.id}
          card={editing === 'new' ? null : editing}
          categories={list}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <LoadState state={categories} loadingLabel="Loading gift cards..." />
      {categories.data?.length === 0 ? <p className="empty">No gift card or category yet.</p> : null}
      {list.map((category) => (
        <section key={category.id} className="content-card stack" aria-labelledby={`category-${category.id}`}>
          <div className="row wrap content-head">
            <h2 id={`category-${category.id}`}>{category.name}</h2>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-label={`Rename ${category.name}`}
              onClick={() => setRenaming(category)}
            >
              Rename
            </button>
          </div>
          {category.cards.length === 0 ? (
            <p className="empty">No card in this category.</p>
          ) : (
            <TableScroll label={`${category.name} cards`}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Card</th>
                    <th scope="col" className="num">
                      Rate (₦ per unit)
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {category.cards.map((card) => (
                    <tr key={card.id} data-testid="card-row">
                      <td>{card.name}</td>
                      <td className="num">{formatApiNaira(card.rate)}</td>
                      <td>
                        <div className="admin-actions">
                          <button
                            type="button"
                            className="button button-small button-secondary"
                            aria-label={`Edit ${card.name}`}
                            onClick={() => setEditing(card)}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="button button-small button-danger"
                            aria-label={`Delete ${card.name}`}
                            onClick={() => setDeleting(card)}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </section>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete gift card"
        confirmLabel="Delete card"
        danger
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        <p>Delete the card “{deleting?.name}” for good? Its rate will no longer be offered.</p>
      </ConfirmDialog>
    </section>
  );
}

/** A new category (its id made from the name) or a new name for one. */
function CategoryForm({
  category,
  taken,
  onDone,
}: {
  category: GiftCardCategory | null;
  taken: readonly string[];
  onDone: () => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const form = useFormSubmit(API_CALLS.giftCardCategoryUpdate.request, async (data) => {
    showToast('success', await saveGiftCardCategory(data));
    onDone();
  });
  const submit = (event: FormEvent) => {
    const id = category?.id ?? categoryId(name);
    if (!category && id !== '' && taken.includes(id)) {
      event.preventDefault();
      form.setErrors({ name: 'A category with this name exists' });
      return;
    }
    form.submit(event, { id, name });
  };
  return (
    <form className="content-card stack" aria-label={category ? 'Rename category' : 'New category'} noValidate onSubmit={submit}>
      <h2>{category ? `Rename ${category.name}` : 'New category'}</h2>
      <ErrorMessages messages={form.failure} />
      <TextField
        label="Category name"
        value={name}
        onChange={setName}
        error={form.errors.name ?? form.errors.id}
        maxLength={120}
      />
      <FormActions busy={form.busy} onCancel={onDone} label="Save category" />
    </form>
  );
}

/** A new card, or an edit of one (only the changed fields are sent). */
function CardForm({
  card,
  categories,
  onDone,
}: {
  card: Card | null;
  categories: readonly GiftCardCategory[];
  onDone: () => void;
}) {
  const [name, setName] = useState(card?.name ?? '');
  const [categoryIdValue, setCategoryId] = useState(card?.category_id ?? categories[0]?.id ?? '');
  const [rate, setRate] = useState(card ? String(card.rate) : '');
  const [imageUrl, setImageUrl] = useState(card?.image_url ?? '');
  const create = useFormSubmit(API_CALLS.giftCardCreate.request, async (data) => {
    showToast('success', await createGiftCard(data));
    onDone();
  });
  const update = useFormSubmit(API_CALLS.giftCardUpdate.request, async (data) => {
    showToast('success', await updateGiftCard(data));
    onDone();
  });
  const form = card ? update : create;
  const submit = (event: FormEvent) => {
    const image = imageUrl.trim();
    if (!card)
      return create.submit(event, {
        name,
        category_id: categoryIdValue,
        rate: amount(rate),
        ...(image ? { image_url: image } : {}),
      });
    const newRate = amount(rate);
    return update.submit(event, {
      id: card.id,
      ...(name !== card.name ? { name } : {}),
      ...(categoryIdValue !== card.category_id ? { category_id: categoryIdValue } : {}),
      ...(newRate !== card.rate ? { rate: newRate } : {}),
      ...(image !== (card.image_url ?? '') ? { image_url: image === '' ? null : image } : {}),
    });
  };

  return (
    <form className="content-card stack" aria-label={card ? 'Edit card' : 'New card'} noValidate onSubmit={submit}>
      <h2>{card ? `Edit ${card.name}` : 'New card'}</h2>
      <ErrorMessages messages={form.failure} />
      {categories.length === 0 ? <p className="muted">Add a category first.</p> : null}
      <TextField label="Card name" value={name} onChange={setName} error={form.errors.name} maxLength={120} />
      <div className="field">
        <label htmlFor="card-category">Category</label>
        <select id="card-category" value={categoryIdValue} onChange={(e) => setCategoryId(e.target.value)}>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {form.errors.category_id ? <p className="field-error">{form.errors.category_id}</p> : null}
      </div>
      <TextField label="Rate (₦ per unit)" inputMode="decimal" value={rate} onChange={setRate} error={form.errors.rate} />
      <TextField
        label="Picture URL (optional)"
        type="url"
        value={imageUrl}
        onChange={setImageUrl}
        error={form.errors.image_url}
      />
      <FormActions busy={form.busy} onCancel={onDone} label={card ? 'Save card' : 'Add card'} />
    </form>
  );
}
