import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '@/testing/fake-api';
import { renderWithApp } from '@/testing/render';
import { AdsPage } from './ads-page';
import { BatchesPage } from './batches-page';
import { BlogsPage } from './blogs-page';
import { CryptoPage } from './crypto-page';
import { GiftCardsPage } from './gift-cards-page';
import { ReportsPage } from './reports-page';

vi.mock('@/lib/api', async (importOriginal) => (await import('@/testing/fake-api')).fakeApiModule(await importOriginal()));

const NOW = '2026-11-20T10:00:00.000Z';
const zeroDay = (day: string) => ({
  day,
  money_in: 0,
  money_out: 0,
  refunds: 0,
  pot_joins: 0,
  pot_payouts: 0,
  subscriptions_count: 0,
  subscriptions_total: 0,
});
const walletReport = ok({
  users_count: 12,
  total_wallet_balance: 250000,
  transaction_values: { FUNDING: 300000, WITHDRAWAL: 40000, SUBSCRIPTION: 6000 },
  pending_withdrawals_count: 2,
  pending_withdrawals_total: 9000,
  reversed_withdrawals_count: 1,
  reversed_withdrawals_total: 1500,
});

describe('reports', () => {
  it('shows the wallet report as figures and each day of the range with its charts', async () => {
    fakeApi.answer('walletReport', walletReport);
    fakeApi.answer('dailyReport', (options) =>
      ok({
        from: options.query?.from === undefined ? '2026-10-22' : String(options.query.from),
        to: options.query?.to === undefined ? '2026-11-20' : String(options.query.to),
        days: [
          { ...zeroDay('2026-11-19'), money_in: 50000, money_out: 5000, subscriptions_count: 1, subscriptions_total: 2000 },
          { ...zeroDay('2026-11-20'), refunds: 5000, pot_joins: 10000 },
        ],
      }),
    );
    const { user: u } = renderWithApp(<ReportsPage />);
    expect(await screen.findByText('₦250,000')).toBeTruthy();
    expect(screen.getByText('₦9,000 (2)')).toBeTruthy();
    expect(screen.getByText('₦1,500 (1)')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /SUBSCRIPTION/ })).getByText('₦6,000')).toBeTruthy();

    const table = within(await screen.findByTestId('daily-table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2026-11-19₦50,000₦5,000₦0₦0₦01 (₦2,000)',
      '2026-11-20₦0₦0₦5,000₦10,000₦00 (₦0)',
    ]);
    expect(screen.getAllByTestId('report-chart')).toHaveLength(3);
    expect(screen.getByText('Money in and out (₦)')).toBeTruthy();
    expect(screen.getByText('2026-10-22 to 2026-11-20 (UTC days). Without dates: the last 30 days.')).toBeTruthy();

    // A range is checked before it is asked for; a good one goes to the server as the query string.
    await u.type(screen.getByLabelText('From'), '2026-11-12');
    await u.type(screen.getByLabelText('To'), '2026-11-10');
    await u.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('from must not be after to')).toBeTruthy();
    expect(fakeApi.callsTo('dailyReport').map((c) => c.query)).toEqual([{}]);
    await u.clear(screen.getByLabelText('To'));
    await u.type(screen.getByLabelText('To'), '2026-11-13');
    await u.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(fakeApi.callsTo('dailyReport')).toHaveLength(2));
    expect(fakeApi.callsTo('dailyReport')[1]?.query).toEqual({ from: '2026-11-12', to: '2026-11-13' });
    expect(await screen.findByText(/^2026-11-12 to 2026-11-13/)).toBeTruthy();
  });

  it('says when nothing moved, and shows a failure with Try again', async () => {
    fakeApi.answer('walletReport', walletReport);
    fakeApi.answer(
      'dailyReport',
      ok({ from: '2026-11-19', to: '2026-11-20', days: [zeroDay('2026-11-19'), zeroDay('2026-11-20')] }),
    );
    renderWithApp(<ReportsPage />);
    expect(await screen.findByText('Nothing moved on these days.')).toBeTruthy();
    expect(screen.queryByTestId('report-chart')).toBeNull();
  });

  it('shows the server failure with Try again', async () => {
    fakeApi.fail('walletReport', ['Could not read the wallets']);
    fakeApi.failOnce('dailyReport', ['The range must not be more than 92 days']);
    fakeApi.answer(
      'dailyReport',
      ok({ from: '2026-11-20', to: '2026-11-20', days: [{ ...zeroDay('2026-11-20'), money_in: 10 }] }),
    );
    const { user: u } = renderWithApp(<ReportsPage />);
    expect(await screen.findByText('Could not read the wallets')).toBeTruthy();
    expect(await screen.findByText('The range must not be more than 92 days')).toBeTruthy();
    const retries = screen.getAllByRole('button', { name: 'Try again' });
    await u.click(retries[1]!);
    expect(await screen.findByTestId('daily-table')).toBeTruthy();
  });
});

const blog = {
  id: 'b1',
  title: 'How to stake small',
  body: 'Start with what you can lose.',
  image_url: null,
  author_id: 'a1',
  createdAt: NOW,
  updatedAt: NOW,
};

describe('blogs', () => {
  it('previews a long post in 280 characters as a reader counts them, never half an emoji', async () => {
    // A code-unit cut at 280 would keep only the first half of the emoji's surrogate pair ('�' on screen).
    const body = `${'₦'.repeat(279)}😀 and the rest of a long post`;
    fakeApi.answer('allBlogs', ok([{ ...blog, body }]));
    renderWithApp(<BlogsPage />);
    const row = within(await screen.findByTestId('blog-row'));
    expect(row.getByText(`${'₦'.repeat(279)}😀…`)).toBeTruthy();
  });

  it('checks a new post before sending it, publishes it, and shows a server refusal', async () => {
    fakeApi.answer('allBlogs', ok([blog]));
    fakeApi.failOnce('blogCreate', ['Title must not contain links']);
    fakeApi.answer('blogCreate', {
      ...ok({ ...blog, id: 'b2', title: 'Bankroll basics' }),
      message: 'Blog created successfully',
    });
    const { user: u } = renderWithApp(<BlogsPage />);
    expect(await screen.findByText('How to stake small')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'New post' }));
    const form = within(screen.getByRole('form', { name: 'New blog post' }));
    await u.click(form.getByRole('button', { name: 'Publish post' }));
    expect(form.getByText('Title is required')).toBeTruthy();
    await u.type(form.getByLabelText('Picture URL (optional)'), 'not a url');
    await u.type(form.getByLabelText('Title'), 'Bankroll basics');
    await u.type(form.getByLabelText('Body'), 'Never chase losses.');
    await u.click(form.getByRole('button', { name: 'Publish post' }));
    expect(form.getByText('Must be an http or https URL')).toBeTruthy();
    expect(fakeApi.callsTo('blogCreate')).toEqual([]);
    await u.clear(form.getByLabelText('Picture URL (optional)'));
    await u.click(form.getByRole('button', { name: 'Publish post' }));
    expect(await form.findByText('Title must not contain links')).toBeTruthy();
    await u.click(form.getByRole('button', { name: 'Publish post' }));
    expect(await screen.findByText('Blog created successfully')).toBeTruthy();
    expect(fakeApi.callsTo('blogCreate')[1]).toEqual({ body: { title: 'Bankroll basics', body: 'Never chase losses.' } });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New blog post' })).toBeNull());
  });

  it('edits only what changed, and deletes after a confirmation with the id in a header', async () => {
    fakeApi.answer('allBlogs', ok([blog]));
    fakeApi.answer('blogUpdate', { ...ok({ ...blog, title: 'How to stake smaller' }), message: 'Blog updated successfully' });
    fakeApi.answer('blogDelete', { status: true, message: 'Blog deleted successfully' });
    const { user: u } = renderWithApp(<BlogsPage />);
    const row = within(await screen.findByTestId('blog-row'));
    await u.click(row.getByRole('button', { name: 'Edit' }));
    const form = within(screen.getByRole('form', { name: 'Edit blog post' }));
    await u.type(form.getByLabelText('Title'), 'er');
    await u.click(form.getByRole('button', { name: 'Save post' }));
    expect(await screen.findByText('Blog updated successfully')).toBeTruthy();
    expect(fakeApi.callsTo('blogUpdate')).toEqual([{ body: { id: 'b1', title: 'How to stake smaller' } }]);

    await u.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete blog post' }));
    expect(dialog.getByText('Delete “How to stake small” for good? Readers will no longer see it.')).toBeTruthy();
    expect(fakeApi.callsTo('blogDelete')).toEqual([]);
    await u.click(dialog.getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText('Blog deleted successfully')).toBeTruthy();
    expect(fakeApi.callsTo('blogDelete')).toEqual([{ headers: { id: 'b1' } }]);
  });
});

const card = { id: 'c1', name: 'iTunes $50', category_id: 'apple', rate: 1250, image_url: null, createdAt: NOW };
const categories = ok([
  { id: 'apple', name: 'Apple', cards: [card] },
  { id: 'steam', name: 'Steam', cards: [] },
]);

describe('gift cards', () => {
  it("updates a card's rate with SPEC's toast, refusing a bad rate first", async () => {
    fakeApi.answer('giftCardCategories', categories);
    fakeApi.answer('giftCardUpdate', { ...ok({ ...card, rate: 1300 }), message: 'Card updated successfully' });
    const { user: u } = renderWithApp(<GiftCardsPage />);
    expect(await screen.findByText('iTunes $50')).toBeTruthy();
    expect(screen.getByText('No card in this category.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Edit iTunes $50' }));
    const form = within(screen.getByRole('form', { name: 'Edit card' }));
    await u.clear(form.getByLabelText('Rate (₦ per unit)'));
    await u.type(form.getByLabelText('Rate (₦ per unit)'), '-5');
    await u.click(form.getByRole('button', { name: 'Save card' }));
    expect(form.getByText('Amount must be greater than 0')).toBeTruthy();
    expect(fakeApi.callsTo('giftCardUpdate')).toEqual([]);
    await u.clear(form.getByLabelText('Rate (₦ per unit)'));
    await u.type(form.getByLabelText('Rate (₦ per unit)'), '1300');
    await u.click(form.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card updated successfully')).toBeTruthy();
    expect(fakeApi.callsTo('giftCardUpdate')).toEqual([{ body: { id: 'c1', rate: 1300 } }]);
  });

  it('adds a card to a category, renames and adds categories', async () => {
    fakeApi.answer('giftCardCategories', categories);
    fakeApi.answer('giftCardCreate', {
      ...ok({ ...card, id: 'c2', category_id: 'steam', name: 'Steam $20' }),
      message: 'Card created successfully',
    });
    fakeApi.answer('giftCardCategoryUpdate', (options) => ({
      ...ok({ id: options.body?.id ?? '', name: options.body?.name ?? '', cards: [] }),
      message: 'Card category updated successfully',
    }));
    const { user: u } = renderWithApp(<GiftCardsPage />);
    await u.click(await screen.findByRole('button', { name: 'New card' }));
    const form = within(screen.getByRole('form', { name: 'New card' }));
    await u.type(form.getByLabelText('Card name'), 'Steam $20');
    await u.selectOptions(form.getByLabelText('Category'), 'steam');
    await u.type(form.getByLabelText('Rate (₦ per unit)'), '1,100.50');
    await u.click(form.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Card created successfully')).toBeTruthy();
    expect(fakeApi.callsTo('giftCardCreate')).toEqual([{ body: { name: 'Steam $20', category_id: 'steam', rate: 1100.5 } }]);

    await u.click(screen.getByRole('button', { name: 'Rename Steam' }));
    const rename = within(screen.getByRole('form', { name: 'Rename category' }));
    await u.clear(rename.getByLabelText('Category name'));
    await u.type(rename.getByLabelText('Category name'), 'Steam Wallet');
    await u.click(rename.getByRole('button', { name: 'Save category' }));
    expect(await screen.findByText('Card category updated successfully')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'New category' }));
    const add = within(screen.getByRole('form', { name: 'New category' }));
    await u.type(add.getByLabelText('Category name'), 'apple');
    await u.click(add.getByRole('button', { name: 'Save category' }));
    expect(add.getByText('A category with this name exists')).toBeTruthy();
    await u.clear(add.getByLabelText('Category name'));
    await u.type(add.getByLabelText('Category name'), 'Google Play');
    await u.click(add.getByRole('button', { name: 'Save category' }));
    await waitFor(() => expect(fakeApi.callsTo('giftCardCategoryUpdate')).toHaveLength(2));
    expect(fakeApi.callsTo('giftCardCategoryUpdate')).toEqual([
      { body: { id: 'steam', name: 'Steam Wallet' } },
      { body: { id: 'google-play', name: 'Google Play' } },
    ]);
  });

  it("deletes a card only after a confirmation, with SPEC's toast", async () => {
    fakeApi.answer('giftCardCategories', categories);
    fakeApi.answer('giftCardDelete', { status: true, message: 'Card has been deleted successfully' });
    const { user: u } = renderWithApp(<GiftCardsPage />);
    await u.click(await screen.findByRole('button', { name: 'Delete iTunes $50' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete gift card' }));
    await u.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(fakeApi.callsTo('giftCardDelete')).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Delete iTunes $50' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Delete gift card' })).getByRole('button', { name: 'Delete card' }));
    expect(await screen.findByText('Card has been deleted successfully')).toBeTruthy();
    expect(fakeApi.callsTo('giftCardDelete')).toEqual([{ body: { id: 'c1' } }]);
  });
});

const admin = {
  id: 'a1',
  first_name: 'Opera',
  last_name: 'Tor',
  email: 'op@example.com',
  phone_number: '+2348030000000',
  role: 1,
  createdAt: NOW,
};

describe('batches', () => {
  it("creates a batch with SPEC's toasts for success and failure", async () => {
    fakeApi.answer('todayBatch', ok([]));
    fakeApi.answer('admins', ok([admin]));
    fakeApi.failOnce('batchCreate', ['Admin not found']);
    fakeApi.answer('batchCreate', {
      ...ok({
        id: 'bt1',
        creator_name: 'Musa',
        creator_email: 'musa@example.com',
        creator_phone_number: '08031110003',
        admin_id: 'a1',
        createdAt: NOW,
      }),
      message: 'Batch created successfully!',
    });
    const { user: u } = renderWithApp(<BatchesPage />);
    expect(await screen.findByText('No batch today.')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'New batch' }));
    await u.click(form.getByRole('button', { name: 'Create batch' }));
    expect(form.getByText('Creator name is required')).toBeTruthy();
    expect(form.getByText('Choose the admin the batch is credited to')).toBeTruthy();
    await u.type(form.getByLabelText('Creator name'), 'Musa');
    await u.type(form.getByLabelText('Creator e-mail'), 'musa@example.com');
    await u.type(form.getByLabelText('Creator phone number'), '08031110003');
    await u.selectOptions(form.getByLabelText('Credited to (admin)'), 'a1');
    await u.click(form.getByRole('button', { name: 'Create batch' }));
    expect(await screen.findByText('oops something went wrong, try again!')).toBeTruthy();
    expect(form.getByText('Admin not found')).toBeTruthy();
    await u.click(form.getByRole('button', { name: 'Create batch' }));
    expect(await screen.findByText('Batch created successfully!')).toBeTruthy();
    expect(fakeApi.callsTo('batchCreate')[1]?.body).toEqual(
      expect.objectContaining({ creator_name: 'Musa', creator_email: 'musa@example.com', admin_id: 'a1' }),
    );
  });
});

describe('ads and crypto rates', () => {
  it('lists the ads', async () => {
    fakeApi.answer(
      'allAds',
      ok([{ id: 'ad1', title: 'Double your fun', image_url: 'https://x.test/a.png', link: 'https://x.test', createdAt: NOW }]),
    );
    renderWithApp(<AdsPage />);
    expect(await screen.findByText('Double your fun')).toBeTruthy();
  });

  it('sets a rate after checking the symbol and amounts', async () => {
    fakeApi.answer('cryptoRates', ok([{ symbol: 'USDT', buy_rate: 1500, sell_rate: 1450, updatedAt: NOW }]));
    fakeApi.answer('cryptoUpdate', {
      ...ok({ symbol: 'USDT', buy_rate: 1520, sell_rate: 1450, updatedAt: NOW }),
      message: 'Rate updated successfully',
    });
    const { user: u } = renderWithApp(<CryptoPage />);
    await u.click(await screen.findByRole('button', { name: 'New rate' }));
    const form = within(screen.getByRole('form', { name: 'New rate' }));
    await u.type(form.getByLabelText('Symbol'), 'bitcoin!');
    await u.click(form.getByRole('button', { name: 'Save rate' }));
    expect(form.getByText('Symbol must be 2 to 10 capital letters or digits')).toBeTruthy();
    expect(form.getAllByText('Amount must be a number')).toHaveLength(2);
    expect(fakeApi.callsTo('cryptoUpdate')).toEqual([]);
    await u.click(form.getByRole('button', { name: 'Cancel' }));

    await u.click(screen.getByRole('button', { name: 'Edit USDT' }));
    const edit = within(screen.getByRole('form', { name: 'Edit USDT' }));
    await u.clear(edit.getByLabelText('We buy at (₦)'));
    await u.type(edit.getByLabelText('We buy at (₦)'), '1520');
    await u.click(edit.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Rate updated successfully')).toBeTruthy();
    expect(fakeApi.callsTo('cryptoUpdate')).toEqual([{ body: { symbol: 'USDT', buy_rate: 1520, sell_rate: 1450 } }]);
  });
});
