/**
 * Demo data for the local stack, idempotent (running it twice changes nothing):
 *   - four accounts with known passwords: an ordinary user, a signal poster (can_post_signal),
 *     a punter (can_post_game + can_monetize_game) and an admin (role 1), all phone-verified with PIN 1234
 *     and a saved bank in their own name, each with some wallet history (top-ups through the sandbox payment
 *     gateway, a subscription, withdrawals) written through the provider itself, so the ledger rules hold;
 *     a few withdrawals go to a second account of theirs whose sandbox payout stays PENDING (a 111... number),
 *     so the console's withdrawal queue has work for Approve and Decline (issue 34 point 10);
 *   - two trading pots whose participants joined through the provider, so each pot's raised amount and
 *     investor count are its participants' (issue 34 point 7); three betting codes posted by the punter, two signals;
 *   - for the admin screens: two ads, a gift-card category with a card, and a crypto rate (the category,
 *     card and rate written through the admin calls, so they are audited).
 * Prints the credentials. Run: `node --import tsx provider/src/seed.ts` (FIRESTORE_EMULATOR_HOST set).
 */
import { pathToFileURL } from 'node:url';
import { AVATAR_URLS } from '@punter/core/form-schemas';
import { sandboxAccountName, sandboxAccountNumberFor } from './adapters/bank-resolver';
import { PAYOUT_PENDING_PREFIX } from './adapters/payouts';
import { createSandboxPayments } from './adapters/payments';
import { ads, games, giftCardCategories, sandboxPayments, unique, users, type UserDoc } from './collections';
import { uniqueKey, writePermissions } from './context';
import { optionsFromEnv, readEnv } from './config';
import { createProvider, type Provider } from './provider';
import { hashSecret } from './secrets';
import type { Store } from './store';
import { createFirestoreStore } from './store-firestore';

export const DEMO_PASSWORD = 'Punter#2026';
export const DEMO_PIN = '1234';

export interface DemoAccount {
  key: 'user' | 'signal' | 'punter' | 'admin';
  label: string;
  email: string;
  username: string;
  phone: string;
  first_name: string;
  last_name: string;
  gender: 'female' | 'male';
  permissions: { role: number; can_post_signal: boolean; can_post_game: boolean; can_monetize_game: boolean };
  topUps: number[];
  subscribe: boolean;
  /** Withdrawals in naira: `pending` ones go to an account whose sandbox payout waits for an admin. */
  withdrawals: ReadonlyArray<{ amount: number; pending: boolean }>;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'user',
    label: 'Ordinary user',
    email: 'user@punter.test',
    username: 'ada_user',
    phone: '08031110001',
    first_name: 'Ada',
    last_name: 'Okafor',
    gender: 'female',
    permissions: { role: 0, can_post_signal: false, can_post_game: false, can_monetize_game: false },
    topUps: [25_000, 10_000],
    subscribe: true,
    withdrawals: [
      { amount: 3_500, pending: false },
      { amount: 1_500, pending: true },
    ],
  },
  {
    key: 'signal',
    label: 'Signal poster',
    email: 'signals@punter.test',
    username: 'tunde_signals',
    phone: '08031110002',
    first_name: 'Tunde',
    last_name: 'Balogun',
    gender: 'male',
    permissions: { role: 0, can_post_signal: true, can_post_game: false, can_monetize_game: false },
    topUps: [15_000],
    subscribe: true,
    withdrawals: [{ amount: 500, pending: true }],
  },
  {
    key: 'punter',
    label: 'Punter (posts and sells codes)',
    email: 'punter@punter.test',
    username: 'musa_punter',
    phone: '08031110003',
    first_name: 'Musa',
    last_name: 'Ibrahim',
    gender: 'male',
    permissions: { role: 0, can_post_signal: false, can_post_game: true, can_monetize_game: true },
    topUps: [20_000],
    subscribe: false,
    withdrawals: [
      { amount: 2_000, pending: false },
      { amount: 1_000, pending: true },
    ],
  },
  {
    key: 'admin',
    label: 'Admin (role 1)',
    email: 'admin@punter.test',
    username: 'ngozi_admin',
    phone: '08031110004',
    first_name: 'Ngozi',
    last_name: 'Eze',
    gender: 'female',
    permissions: { role: 1, can_post_signal: true, can_post_game: true, can_monetize_game: true },
    topUps: [50_000],
    subscribe: true,
    withdrawals: [],
  },
];

/**
 * The seeded pots and who joins them through the provider (each join moves the money, writes the participant and
 * raises the pot's raised_amount and investors_count in one transaction, so the pot agrees with its list).
 * The Trading pot is filled by its joins, moved to Trading by the pot clock, then given dates of a pot that has
 * been trading for nine days.
 */
export const DEMO_POT_JOINS: ReadonlyArray<{ pot: string; account: DemoAccount['key']; amount: number }> = [
  { pot: 'demo-pot-raising', account: 'user', amount: 10_000 },
  { pot: 'demo-pot-raising', account: 'signal', amount: 10_000 },
  { pot: 'demo-pot-raising', account: 'admin', amount: 20_000 },
  { pot: 'demo-pot-trading', account: 'user', amount: 10_000 },
  { pot: 'demo-pot-trading', account: 'admin', amount: 20_000 },
];

/** A sandbox account number in the holder's own name (ADR 0046), starting with `prefix`, from the phone's digits. */
function ownAccountNumber(account: DemoAccount, bankCode: string, prefix: string): string {
  const number = sandboxAccountNumberFor(account, bankCode, { prefix, from: Number(account.phone.slice(-6)) });
  if (!number) throw new Error(`seed: no sandbox account number in the name of ${account.first_name} ${account.last_name}`);
  return number;
}

type Answer = { status: number; body: { status: boolean; message: string; token?: string; data?: unknown } };

async function call(
  provider: Provider,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await provider.handle({
    method,
    path,
    body,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return res as Answer;
}

function must(answer: Answer, what: string): Answer {
  if (answer.status >= 400) throw new Error(`seed: ${what} failed (${answer.status}): ${answer.body.message}`);
  return answer;
}

/** Updates a seeded account and writes its permissions document in one transaction. */
async function syncPermissions(provider: Provider, store: Store, id: string, changes: Partial<UserDoc>): Promise<void> {
  await store.runTransaction(async (tx) => {
    const user = await users.get(tx, id);
    if (!user) throw new Error(`seed: account ${id} is missing`);
    if (Object.keys(changes).length > 0) users.update(tx, id, changes);
    writePermissions(provider.deps, tx, id, { ...user, ...changes });
  });
}

async function seedAccount(provider: Provider, store: Store, account: DemoAccount): Promise<'created' | 'existed'> {
  const existing = await unique.get(store, uniqueKey('email', account.email));
  if (existing) {
    // Data kept from before permissions documents existed gets them now (the write is idempotent).
    await syncPermissions(provider, store, existing.user_id, {});
    return 'existed';
  }
  const reg = must(
    await call(provider, 'POST', '/api/v1/user/register', {
      email: account.email,
      password: DEMO_PASSWORD,
      first_name: account.first_name,
      last_name: account.last_name,
      username: account.username,
      phone_number: account.phone,
      device_type: 'WEB',
      device_token: `seed-${account.username}`,
      referral_code: '',
      marketing_channel: 'Others',
      gender: account.gender,
      country: 'Nigeria',
      avatar_url: AVATAR_URLS[account.gender],
    }),
    `register ${account.email}`,
  );
  const id = (reg.body.data as { id: string }).id;
  await syncPermissions(provider, store, id, {
    phone_verified: true,
    pin_hash: await hashSecret(DEMO_PIN),
    ...account.permissions,
  });
  const login = must(
    await call(provider, 'POST', '/api/v1/user/login', { email: account.email, password: DEMO_PASSWORD }),
    'login',
  );
  const token = String(login.body.token);
  const saveBank = async (accountNumber: string) =>
    (
      must(
        await call(
          provider,
          'POST',
          '/api/v1/user/bank/add',
          {
            bank_name: 'Guaranty Trust Bank',
            code: '058',
            account_number: accountNumber,
            account_name: sandboxAccountName(accountNumber, '058'),
          },
          token,
        ),
        'bank add',
      ).body.data as { id: string }
    ).id;
  const bankId = await saveBank(ownAccountNumber(account, '058', '01'));
  const pendingBankId = account.withdrawals.some((w) => w.pending)
    ? await saveBank(ownAccountNumber(account, '058', PAYOUT_PENDING_PREFIX))
    : null;
  for (const [i, amount] of account.topUps.entries()) {
    const transactionId = `seed-${account.key}-${i}`;
    await sandboxPayments.set(store, transactionId, {
      transaction_id: transactionId,
      tx_ref: `punter-seed-${account.key}-${i}`,
      amount_kobo: amount * 100,
      currency: 'NGN',
      status: 'successful',
      method: 'card',
      customer_email: account.email,
      created_at: Date.now(),
    });
    must(
      await call(
        provider,
        'POST',
        '/api/v1/user/topup',
        { transaction_id: transactionId, expectedAmount: amount, expectedCurrency: 'NGN' },
        token,
      ),
      'top up',
    );
  }
  if (account.subscribe) {
    must(
      await call(provider, 'POST', '/api/v1/user/subscribe', {}, token, { 'idempotency-key': `seed-subscribe-${account.key}` }),
      'subscribe',
    );
  }
  for (const [i, w] of account.withdrawals.entries()) {
    must(
      await call(
        provider,
        'POST',
        '/api/v1/user/wallet/withdraw',
        { destination_account: w.pending && pendingBankId ? pendingBankId : bankId, amount: w.amount, pin: DEMO_PIN },
        token,
        { 'idempotency-key': `seed-withdraw-${account.key}-${i}` },
      ),
      'withdraw',
    );
  }
  return 'created';
}

async function seedContent(provider: Provider, store: Store): Promise<void> {
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  // Trading starts when raising ends (or when the pot is full): trade_from is raising_to, as the pot clock has it.
  const raisingTo = now + 5 * day;
  const pots = [
    {
      id: 'demo-pot-raising',
      pot_volume: 2_000_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 10,
      status: 'Raising',
      raising_to: new Date(raisingTo),
      trade_from: new Date(raisingTo),
      trade_to: new Date(raisingTo + 30 * day),
      duration: 1,
      type: 'Over 1.5 auto-trade',
      manager: 'Musa Ibrahim',
      terms: 'Capital and ROI are paid on the due date. No withdrawal while the pot is raising or trading.',
      managers_number: '2348031110003',
    },
    {
      // Raising until its joins fill it; then Trading, with the dates of a pot nine days into trading (below).
      id: 'demo-pot-trading',
      pot_volume: 30_000,
      raised_amount: 0,
      investors_count: 0,
      percentage: 8,
      status: 'Raising',
      raising_to: new Date(now + day),
      trade_from: new Date(now + day),
      trade_to: new Date(now + 61 * day),
      duration: 2,
      type: 'Mixed markets',
      manager: 'Ngozi Eze',
      terms: 'Capital and ROI are paid on the due date.',
      managers_number: '2348031110004',
    },
  ];
  const created: string[] = [];
  for (const pot of pots) {
    if (await store.get('trading_pots', pot.id)) continue;
    await store.set('trading_pots', pot.id, { ...pot, timestamp: new Date(now) });
    created.push(pot.id);
  }
  const tokens = new Map<string, string>();
  for (const join of DEMO_POT_JOINS.filter((j) => created.includes(j.pot))) {
    const account = DEMO_ACCOUNTS.find((a) => a.key === join.account);
    if (!account || !(await unique.get(store, uniqueKey('email', account.email)))) continue;
    let token = tokens.get(account.key);
    if (!token) {
      const login = must(
        await call(provider, 'POST', '/api/v1/user/login', { email: account.email, password: DEMO_PASSWORD }),
        'login',
      );
      token = String(login.body.token);
      tokens.set(account.key, token);
    }
    must(
      await call(
        provider,
        'POST',
        '/api/v1/user/join-auto-trada',
        { pot_id: join.pot, amount: join.amount, pin: DEMO_PIN, acceptRisk: true },
        token,
        { 'idempotency-key': `seed-join-${join.pot}-${join.account}` },
      ),
      `join ${join.pot}`,
    );
  }
  if (created.includes('demo-pot-trading')) {
    // Full: the pot clock moves it to Trading and its participants to Active.
    await provider.tickPots();
    await store.update('trading_pots', 'demo-pot-trading', {
      raising_to: new Date(now - 9 * day),
      trade_from: new Date(now - 9 * day),
      trade_to: new Date(now + 51 * day),
    });
  }
  if ((await games.ids(store, { limit: 1 })).length === 0) {
    const punterIndex = await unique.get(store, uniqueKey('email', 'punter@punter.test'));
    if (punterIndex) {
      const login = must(
        await call(provider, 'POST', '/api/v1/user/login', { email: 'punter@punter.test', password: DEMO_PASSWORD }),
        'punter login',
      );
      const token = String(login.body.token);
      const start = new Date(now + 2 * 60 * 60 * 1000).toISOString();
      const end = new Date(now + 8 * 60 * 60 * 1000).toISOString();
      const codes = [
        { title: 'Sunday banker 3 odds', game_code: 'SB3ODDS7', platform: 'sportybet', odd: '3.05', amount: 0 },
        { title: 'Weekend 10 odds rollover', game_code: 'B9J10XR', platform: 'bet9ja', odd: '10.40', amount: 200 },
        { title: 'Over 2.5 combo', game_code: '1XO25CMB', platform: '1xbet', odd: '5.75', amount: 500 },
      ];
      for (const code of codes)
        must(
          await call(provider, 'POST', '/api/v1/puntershub/create-code', { ...code, startDate: start, endDate: end }, token),
          'create code',
        );
    }
  }
  await seedAdminContent(provider, store, now);
  const signals = await store.query('signal', { limit: 1 });
  if (signals.length === 0) {
    await store.set('signal', 'demo-signal-1', {
      title: 'Pre-signal',
      details: 'ready to trade',
      group: 'A',
      status: 'Active',
      timestamp: new Date(now - 120_000),
      created_at: new Date(now - 120_000).toISOString(),
    });
    await store.set('signal', 'demo-signal-2', {
      title: 'Start Trading',
      details: 'start trading',
      group: 'A',
      status: 'Active',
      timestamp: new Date(now - 30_000),
      created_at: new Date(now - 30_000).toISOString(),
    });
  }
}

export const DEMO_ADS = [
  { id: 'demo-ad-subscribe', title: 'Trade smarter: ₦2,000 a month', image_url: '/icons/icon-192.png', link: '/dashboard' },
  { id: 'demo-ad-refer', title: 'Refer a friend, earn 2.5% of their pot', image_url: '/icons/icon-192.png', link: '/profile' },
] as const;

/** Ads (no call writes them; SPEC only reads them), and a gift-card category, a card and a crypto rate. */
async function seedAdminContent(provider: Provider, store: Store, now: number): Promise<void> {
  for (const [i, ad] of DEMO_ADS.entries()) {
    if (!(await ads.get(store, ad.id))) await ads.set(store, ad.id, { ...ad, created_at: now - i * 60_000 });
  }
  const categories = await giftCardCategories.ids(store, { limit: 1 });
  if (categories.length > 0 || !(await unique.get(store, uniqueKey('email', 'admin@punter.test')))) return;
  const login = must(
    await call(provider, 'POST', '/api/v1/user/login', { email: 'admin@punter.test', password: DEMO_PASSWORD }),
    'admin login',
  );
  const token = String(login.body.token);
  must(
    await call(provider, 'POST', '/api/v1/giftcards/update_category', { id: 'apple', name: 'Apple / iTunes' }, token),
    'gift-card category',
  );
  must(
    await call(provider, 'POST', '/api/v1/giftcards/create', { name: 'iTunes US $100', category_id: 'apple', rate: 950 }, token),
    'gift card',
  );
  must(
    await call(provider, 'PUT', '/api/v1/crypto/update', { symbol: 'USDT', buy_rate: 1500, sell_rate: 1480 }, token),
    'crypto rate',
  );
}

/** Seeds everything through `provider` (whose store is `store`); returns what it did per account. */
export async function seedDemo(
  provider: Provider,
  store: Store,
): Promise<Array<{ account: DemoAccount; outcome: 'created' | 'existed' }>> {
  const results: Array<{ account: DemoAccount; outcome: 'created' | 'existed' }> = [];
  for (const account of DEMO_ACCOUNTS) results.push({ account, outcome: await seedAccount(provider, store, account) });
  await seedContent(provider, store);
  return results;
}

export function credentialsTable(results: Array<{ account: DemoAccount; outcome: string }>): string {
  const lines = ['Demo accounts (password for all: ' + DEMO_PASSWORD + ', PIN ' + DEMO_PIN + '):'];
  for (const { account, outcome } of results) {
    lines.push(`  ${account.label.padEnd(32)} ${account.email.padEnd(22)} ${DEMO_PASSWORD}  (${outcome})`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const env = readEnv();
  const store = createFirestoreStore({ projectId: env.GCLOUD_PROJECT });
  // Demo top-ups are sandbox payments whatever the environment's payment gateway.
  const provider = createProvider({
    ...optionsFromEnv(env, store),
    payments: createSandboxPayments(store),
    log: () => undefined,
  });
  seedDemo(provider, store)
    .then(async (results) => {
      console.log(credentialsTable(results));
      await store.close();
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      await store.close();
      process.exit(1);
    });
}
