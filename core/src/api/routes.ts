/**
 * Method, path and auth of every provider call of SPEC section 7, without their schemas: what a caller
 * needs to send a call (and the browser needs at start-up) without building a zod schema.
 * ./calls adds each call's request, header, query and response schemas (API_CALLS).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
/** none: before sign-in (session callables); user: any bearer token; admin: role 1 only. */
export type ApiAuth = 'none' | 'user' | 'admin';

export interface ApiRoute {
  readonly method: HttpMethod;
  /** Path with `:param` placeholders where SPEC has `{id}`. */
  readonly path: string;
  readonly auth: ApiAuth;
}

/** The route of every call of API_CALLS (./calls), by the same name. */
export const API_ROUTES = {
  login: { method: 'POST', path: '/api/v1/user/login', auth: 'none' },
  register: { method: 'POST', path: '/api/v1/user/register', auth: 'none' },
  otpRequest: { method: 'POST', path: '/api/v1/otp/request', auth: 'none' },
  otpVerify: { method: 'POST', path: '/api/v1/otp/verify', auth: 'none' },
  passwordSendOtp: { method: 'POST', path: '/api/v1/user/password/send-otp', auth: 'none' },
  passwordReset: { method: 'POST', path: '/api/v1/user/password/reset', auth: 'none' },
  pinSet: { method: 'POST', path: '/api/v1/user/pin/set', auth: 'user' },
  pinVerify: { method: 'POST', path: '/api/v1/user/pin/verify', auth: 'user' },
  // Not in SPEC: a forgotten or blocked PIN (repeated wrong PINs) is reset with a code sent to the phone.
  pinSendOtp: { method: 'POST', path: '/api/v1/user/pin/send-otp', auth: 'user' },
  pinReset: { method: 'POST', path: '/api/v1/user/pin/reset', auth: 'user' },
  banks: { method: 'GET', path: '/api/v1/banks', auth: 'user' },
  bankVerify: { method: 'POST', path: '/api/v1/user/bank/verify', auth: 'user' },
  bankAdd: { method: 'POST', path: '/api/v1/user/bank/add', auth: 'user' },
  nairaWallet: { method: 'GET', path: '/api/v1/user/naira-wallet', auth: 'user' },
  savedBanks: { method: 'GET', path: '/api/v1/user/banks', auth: 'user' },
  limitTransactions: { method: 'GET', path: '/api/v1/user/limit-transactions', auth: 'user' },
  transactions: { method: 'GET', path: '/api/v1/user/transactions', auth: 'user' },
  myReferrals: { method: 'GET', path: '/api/v1/user/my-referrals', auth: 'user' },
  topup: { method: 'POST', path: '/api/v1/user/topup', auth: 'user' },
  withdraw: { method: 'POST', path: '/api/v1/user/wallet/withdraw', auth: 'user' },
  // Not in SPEC (ADR 0021, superseded by ADR 0040): always null now; the money outside pots is withdrawable.
  withdrawBlock: { method: 'GET', path: '/api/v1/user/wallet/withdraw-block', auth: 'user' },
  joinAutoTrada: { method: 'POST', path: '/api/v1/user/join-auto-trada', auth: 'user' },
  // Not in SPEC: the life of a pot (ADR 0012) and its PAYOUT button (SPEC 9).
  potPayout: { method: 'POST', path: '/api/v1/user/pot-payout', auth: 'user' },
  potCreate: { method: 'POST', path: '/api/v1/admin/pots/create', auth: 'admin' },
  potResult: { method: 'POST', path: '/api/v1/admin/pots/result', auth: 'admin' },
  autoTradaSwitch: { method: 'PUT', path: '/api/v1/admin/auto-trada', auth: 'admin' },
  bettingCodes: { method: 'GET', path: '/api/v1/puntershub/get-betting-codes', auth: 'user' },
  createCode: { method: 'POST', path: '/api/v1/puntershub/create-code', auth: 'user' },
  buyOrGetGame: { method: 'POST', path: '/api/v1/puntershub/buy-or-get-game', auth: 'user' },
  // Not in SPEC (ADR 0010): settlement by the punter (or an admin's correction) and the verified records
  // (punterProfile's :id is the punter's username).
  settleGame: { method: 'POST', path: '/api/v1/puntershub/settle-game', auth: 'user' },
  punters: { method: 'GET', path: '/api/v1/puntershub/punters', auth: 'user' },
  punterProfile: { method: 'GET', path: '/api/v1/puntershub/punter/:id', auth: 'user' },
  analystGames: { method: 'GET', path: '/games', auth: 'user' },
  topGames: { method: 'GET', path: '/top-games', auth: 'user' },
  notifications: { method: 'GET', path: '/api/v1/admin/notifications', auth: 'user' },
  subscribe: { method: 'POST', path: '/api/v1/user/subscribe', auth: 'user' },
  saferPlay: { method: 'GET', path: '/api/v1/user/safer-play', auth: 'user' },
  saferPlayLimit: { method: 'POST', path: '/api/v1/user/safer-play/limit', auth: 'user' },
  saferPlayPause: { method: 'POST', path: '/api/v1/user/safer-play/pause', auth: 'user' },
  topupCheck: { method: 'POST', path: '/api/v1/user/topup/check', auth: 'user' },
  userProfile: { method: 'GET', path: '/api/v1/users/profile', auth: 'user' },
  batchCreate: { method: 'POST', path: '/api/v1/admin/batch/create', auth: 'admin' },
  todayBatch: { method: 'GET', path: '/api/v1/admin/today/batch', auth: 'admin' },
  admins: { method: 'GET', path: '/api/v1/admin/admins', auth: 'admin' },
  adminCreate: { method: 'POST', path: '/api/v1/admin/create', auth: 'admin' },
  suspendAccount: { method: 'PUT', path: '/api/v1/users/suspend-account', auth: 'admin' },
  activateAccount: { method: 'PUT', path: '/api/v1/users/activate', auth: 'admin' },
  allAds: { method: 'GET', path: '/api/v1/ads/all-ads', auth: 'admin' },
  allLogs: { method: 'GET', path: '/api/v1/admin/all-logs', auth: 'admin' },
  allBlogs: { method: 'GET', path: '/api/v1/blog/all', auth: 'admin' },
  blogCreate: { method: 'POST', path: '/api/v1/blog/create', auth: 'admin' },
  blogUpdate: { method: 'PUT', path: '/api/v1/blog/update', auth: 'admin' },
  blogDelete: { method: 'DELETE', path: '/api/v1/blog/delete', auth: 'admin' },
  allGiftCards: { method: 'GET', path: '/api/v1/giftcards/all-cards', auth: 'admin' },
  giftCardCreate: { method: 'POST', path: '/api/v1/giftcards/create', auth: 'admin' },
  giftCardCategory: { method: 'GET', path: '/api/v1/giftcards/categories/:id', auth: 'admin' },
  giftCardUpdate: { method: 'POST', path: '/api/v1/giftcards/update', auth: 'admin' },
  giftCardDelete: { method: 'DELETE', path: '/api/v1/giftcards/delete', auth: 'admin' },
  walletReport: { method: 'GET', path: '/api/v1/reports/wallet-bills-transaction-values', auth: 'admin' },
  allTransactions: { method: 'GET', path: '/api/v1/transactions/all', auth: 'admin' },
  approveTransaction: { method: 'PUT', path: '/api/v1/transactions/approve', auth: 'admin' },
  pendingTransactions: { method: 'GET', path: '/api/v1/transactions/pending', auth: 'admin' },
  cryptoUpdate: { method: 'PUT', path: '/api/v1/crypto/update', auth: 'admin' },
  // SPEC section 7's "defined but unused" paths (SPEC shows no method; these are this product's).
  adminDelete: { method: 'DELETE', path: '/api/v1/admin/delete', auth: 'admin' },
  allUsers: { method: 'GET', path: '/api/v1/users/all', auth: 'admin' },
  userUpdate: { method: 'PUT', path: '/api/v1/users/update', auth: 'admin' },
  giftCardCategoryUpdate: { method: 'POST', path: '/api/v1/giftcards/update_category', auth: 'admin' },
  cryptoRates: { method: 'GET', path: '/api/v1/crypto/rates', auth: 'admin' },
  // Not in SPEC: the operator console's view of one user's whole ledger (issue 16).
  userLedger: { method: 'GET', path: '/api/v1/admin/users/:id/ledger', auth: 'admin' },
  // Not in SPEC: the console's per-day report and the gift-card category list (issue 16, ADR 0023).
  dailyReport: { method: 'GET', path: '/api/v1/reports/daily', auth: 'admin' },
  giftCardCategories: { method: 'GET', path: '/api/v1/giftcards/categories', auth: 'admin' },
  // Not in SPEC: the console's pots, betting codes, disputes, signals and a user's safer play (ADR 0022).
  adminPots: { method: 'GET', path: '/api/v1/admin/pots', auth: 'admin' },
  adminPotParticipants: { method: 'GET', path: '/api/v1/admin/pots/:id/participants', auth: 'admin' },
  potUpdate: { method: 'PUT', path: '/api/v1/admin/pots/update', auth: 'admin' },
  autoTradaState: { method: 'GET', path: '/api/v1/admin/auto-trada', auth: 'admin' },
  adminGames: { method: 'GET', path: '/api/v1/admin/games', auth: 'admin' },
  gameDispute: { method: 'POST', path: '/api/v1/puntershub/dispute', auth: 'user' },
  adminDisputes: { method: 'GET', path: '/api/v1/admin/disputes', auth: 'admin' },
  disputeResolve: { method: 'PUT', path: '/api/v1/admin/disputes/resolve', auth: 'admin' },
  adminSignals: { method: 'GET', path: '/api/v1/admin/signals', auth: 'admin' },
  adminUserSaferPlay: { method: 'GET', path: '/api/v1/admin/users/:id/safer-play', auth: 'admin' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** Builds a concrete path from a call's pattern: buildApiPath('giftCardCategory', { id: 'x' }). */
export function buildApiPath(name: ApiRouteName, params: Readonly<Record<string, string>> = {}): string {
  return API_ROUTES[name].path.replace(/:([A-Za-z_]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
}
