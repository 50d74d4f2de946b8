/**
 * The reference provider, framework-free: createProvider(deps).handle(request) -> response.
 * Routes are the calls of SPEC section 7 as core/src/api/calls.ts lists them (API_CALLS), including
 * POST /api/v1/user/subscribe (the monthly subscription, a path SPEC does not show), SPEC's "defined but
 * unused" paths (users/profile for any user; admin/delete, users/all, users/update,
 * giftcards/update_category and crypto/rates for role 1), and the sandbox pages. main.ts serves it over node:http; the functions call it in-process or over HTTP.
 */
import { paramsProblem, resolveApiCall, type ApiCallName, type ResolvedApiCall } from '@punter/core/api/calls';
import { MoneyError } from '@punter/core/money';
import { createAccounts } from './accounts';
import { createAdmin } from './admin';
import { createAudit } from './admin/audit';
import { createSandboxBankResolver } from './adapters/bank-resolver';
import { createSandboxPayments } from './adapters/payments';
import { createSandboxPayouts } from './adapters/payouts';
import { createSandboxSms } from './adapters/sms';
import { analystGames, topGames } from './analyst-games';
import { DEFAULT_SETTINGS, authenticateSession, profileData, requireAdmin, type ProviderDeps, type UserDoc } from './context';
import {
  ApiError,
  badRequest,
  errorBody,
  header,
  notFound,
  ok,
  parseBody,
  type ProviderRequest,
  type ProviderResponse,
} from './http';
import { UNKNOWN_SOURCE } from './limits';
import { createPots } from './pots';
import { createHubSettlement } from './hub-settlement';
import { refundHeldTopups } from './wallet/funding';
import { createPuntersHub } from './punters-hub';
import { createSaferPlay } from './safer-play';
import { handleSandbox } from './sandbox-pages';
import { analystGamesQuerySchema, buyGameBody, idempotencyKeySchema, sourceSchema } from './schemas';
import { StoreUnavailableError, type Store } from './store';
import { createWallet } from './wallet';

export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again.';

export type ProviderOptions = { store: Store } & Partial<Omit<ProviderDeps, 'store' | 'settings'>> & {
    settings?: Partial<ProviderDeps['settings']>;
  };

export interface Provider {
  deps: ProviderDeps;
  handle(req: ProviderRequest): Promise<ProviderResponse>;
  /** Work a scheduler runs: ends codes left unsettled and refunds their buyers (ADR 0010); answers how many ended. */
  endUnsettledGames(): Promise<number>;
  /** Work a scheduler runs: pays out punters' Booms whose dispute window passed undisputed (ADR 0039). */
  releaseHeldEscrows(): Promise<number>;
  /**
   * Work a scheduler runs: refunds through the gateway payments held over a deposit limit (issue 31); `force`
   * retries refunds that failed less than REFUND_RETRY_MS ago.
   */
  refundHeldTopups(options?: { force?: boolean }): Promise<number>;
  /** Writes the provider's copy of each code posted before ADR 0027 (once, at start). */
  copyOlderGames(): Promise<number>;
  /** Moves the pots whose time has come (ADR 0012): the scheduler's entry point. */
  tickPots(): Promise<{ moved: string[] }>;
  /**
   * Resolves once the counts of the payments so far are folded into the public documents (ADR 0048) and the
   * referral bonuses of the joins so far are in their referrers' wallets (ADR 0055).
   */
  countsFolded(): Promise<void>;
  /** Pays the referral bonuses left pending by an instance that stopped before its fold (ADR 0055); at start-up. */
  payPendingBonuses(): Promise<number>;
}

type Handler = (
  user: UserDoc,
  req: ProviderRequest,
  params: Readonly<Record<string, string>>,
  issuedAt: number,
) => Promise<ProviderResponse> | ProviderResponse;

export function createProvider(options: ProviderOptions): Provider {
  const now = options.now ?? (() => Date.now());
  const deps: ProviderDeps = {
    store: options.store,
    now,
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    payments: options.payments ?? createSandboxPayments(options.store),
    bankResolver: options.bankResolver ?? createSandboxBankResolver(),
    sms: options.sms ?? createSandboxSms(options.store, now),
    payouts: options.payouts ?? createSandboxPayouts(),
    log: options.log ?? ((message, fields) => console.log(JSON.stringify({ message, ...fields }))),
  };
  const accounts = createAccounts(deps);
  const wallet = createWallet(deps, accounts);
  const hub = createPuntersHub(deps);
  const saferPlay = createSaferPlay(deps, accounts);
  const settlement = createHubSettlement(deps);
  const admin = createAdmin(deps, wallet);
  const pots = createPots(deps, createAudit(deps));

  /** The client's address for the abuse limits; calls that give none share one bucket. */
  const source = (req: ProviderRequest): string => parseBody(sourceSchema, req.source ?? UNKNOWN_SOURCE);

  /** The Idempotency-Key header, validated (core requires it on the money-moving calls). */
  const key = (req: ProviderRequest): string => parseBody(idempotencyKeySchema, header(req, 'idempotency-key'));

  const publicRoutes: Partial<Record<ApiCallName, (req: ProviderRequest) => Promise<ProviderResponse>>> = {
    login: (req) => accounts.login(req.body, source(req)),
    register: (req) => accounts.register(req.body, source(req)),
    otpRequest: (req) => accounts.requestOtp(req.body, source(req)),
    otpVerify: (req) => accounts.verifyOtp(req.body, source(req)),
    passwordSendOtp: (req) => accounts.sendResetOtp(req.body, source(req)),
    passwordReset: (req) => accounts.resetPassword(req.body, source(req)),
  };

  const userRoutes: Partial<Record<ApiCallName, Handler>> = {
    pinSet: (u, req) => accounts.setPin(u, req.body),
    pinVerify: (u, req) => accounts.verifyPin(u, req.body),
    pinSendOtp: (u, req) => accounts.sendPinResetOtp(u, source(req)),
    pinReset: (u, req) => accounts.resetPin(u, req.body, source(req)),
    banks: () => wallet.banks(),
    bankVerify: (u, req) => wallet.verifyBank(u, req.body),
    bankAdd: (u, req) => wallet.addBank(u, req.body),
    nairaWallet: (u) => wallet.balance(u),
    savedBanks: (u) => wallet.savedBanks(u),
    limitTransactions: (u) => wallet.limitTransactions(u),
    transactions: (u) => wallet.transactions(u),
    myReferrals: (u) => wallet.referrals(u),
    topup: (u, req) => wallet.topup(u, req.body),
    withdraw: (u, req) => wallet.withdraw(u, req.body, key(req)),
    withdrawBlock: () => wallet.withdrawBlock(),
    joinAutoTrada: async (u, req, _p, issuedAt) => {
      await accounts.requireStepUp(u, issuedAt, req.body);
      return pots.join(u, req.body, key(req));
    },
    potPayout: (u, req) => pots.payout(u, req.body, key(req)),
    bettingCodes: (u) => hub.list(u),
    createCode: (u, req) => hub.create(u, req.body),
    buyOrGetGame: async (u, req, _p, issuedAt) => {
      // Step-up only for a priced code (a free one moves no money).
      const priced = parseBody(buyGameBody, req.body).amount > 0;
      if (priced) await accounts.requireStepUp(u, issuedAt, req.body);
      return hub.buyOrGet(u, req.body, key(req));
    },
    settleGame: (u, req) => settlement.settle(u, req.body),
    punters: () => settlement.punters(),
    punterProfile: (u, _req, params) => settlement.profile(params.id ?? '', (punterId) => hub.viewsFor(u, punterId)),
    analystGames: (_u, req) => {
      const query = parseBody(analystGamesQuerySchema, req.query ?? {});
      return ok({ message: 'Games fetched', data: analystGames(query, deps.now()) });
    },
    topGames: () => ok({ message: 'Top games fetched', data: topGames(deps.now()) }),
    notifications: (u) => wallet.notifications(u),
    subscribe: async (u, req, _p, issuedAt) => {
      await accounts.requireStepUp(u, issuedAt, req.body ?? {});
      return wallet.subscribe(u, req.body, key(req));
    },
    gameDispute: (u, req) => admin.gameDispute(u, req.body),
    saferPlay: (u) => saferPlay.state(u),
    saferPlayLimit: (u, req) => saferPlay.setLimit(u, req.body),
    saferPlayPause: (u, req) => saferPlay.pause(u, req.body),
    topupCheck: (u, req) => saferPlay.topupCheck(u, req.body),
    // SPEC lists this path as defined but unused; the functions bridge uses it to learn whose token it holds.
    userProfile: (u) => ok({ message: 'Profile fetched', data: profileData(u, deps.settings, deps.now()) }),
  };

  const adminRoutes: Partial<Record<ApiCallName, Handler>> = {
    batchCreate: (u, req) => admin.batchCreate(u, req.body),
    todayBatch: (u) => admin.todayBatch(u),
    admins: (u) => admin.admins(u),
    adminCreate: (u, req) => admin.adminCreate(u, req.body),
    suspendAccount: (u, req) => admin.suspend(u, req.body),
    activateAccount: (u, req) => admin.activate(u, req.body),
    allAds: (u) => admin.ads(u),
    allLogs: (u, req) => admin.logs(u, req.query),
    allBlogs: (u) => admin.blogs(u),
    blogCreate: (u, req) => admin.blogCreate(u, req.body),
    blogUpdate: (u, req) => admin.blogUpdate(u, req.body),
    blogDelete: (u, req) => admin.blogDelete(u, req),
    allGiftCards: (u) => admin.giftCards(u),
    giftCardCreate: (u, req) => admin.giftCardCreate(u, req.body),
    giftCardCategory: (u, _req, params) => admin.giftCardCategory(u, params.id ?? ''),
    giftCardUpdate: (u, req) => admin.giftCardUpdate(u, req.body),
    giftCardDelete: (u, req) => admin.giftCardDelete(u, req.body),
    walletReport: (u) => admin.report(u),
    allTransactions: (u, req) => admin.allTransactions(u, req.query),
    approveTransaction: (u, req) => admin.approve(u, req.body),
    pendingTransactions: (u) => admin.pendingTransactions(u),
    cryptoUpdate: (u, req) => admin.cryptoUpdate(u, req.body),
    adminDelete: (u, req) => admin.adminDelete(u, req.body),
    allUsers: (u, req) => admin.allUsers(u, req.query),
    userUpdate: (u, req) => admin.userUpdate(u, req.body),
    giftCardCategoryUpdate: (u, req) => admin.giftCardCategoryUpdate(u, req.body),
    cryptoRates: (u) => admin.cryptoRates(u),
    potCreate: (u, req) => pots.create(u, req.body),
    potResult: (u, req) => pots.bookResult(u, req.body),
    autoTradaSwitch: (u, req) => pots.switchAutoTrada(u, req.body),
    userLedger: (u, _req, params) => admin.userLedger(u, params.id ?? ''),
    dailyReport: (u, req) => admin.dailyReport(u, req.query),
    giftCardCategories: (u) => admin.giftCardCategories(u),
    adminPots: (u, req) => admin.adminPots(u, req.query),
    adminPotParticipants: (u, _req, params) => admin.adminPotParticipants(u, params.id ?? ''),
    potUpdate: (u, req) => admin.potUpdate(u, req.body),
    autoTradaState: (u) => admin.autoTradaState(u),
    adminGames: (u, req) => admin.adminGames(u, req.query),
    adminDisputes: (u, req) => admin.adminDisputes(u, req.query),
    disputeResolve: (u, req) => admin.disputeResolve(u, req.body),
    adminSignals: (u, req) => admin.adminSignals(u, req.query),
    adminUserSaferPlay: (u, _req, params) => admin.adminUserSaferPlay(u, params.id ?? ''),
  };

  /** A URL's `:id` must be a document id (issue 31 item 7): a 400 naming it, never a 500 or a 503. */
  function requireDocumentIds(resolved: ResolvedApiCall): void {
    const problem = paramsProblem(resolved);
    if (problem) throw badRequest(`${problem.field}: ${problem.message}`, [problem]);
  }

  async function route(req: ProviderRequest): Promise<ProviderResponse> {
    const method = req.method.toUpperCase();
    const [rawPath = '', queryString] = req.path.split('?', 2);
    if (queryString !== undefined)
      req = { ...req, query: { ...Object.fromEntries(new URLSearchParams(queryString)), ...req.query } };
    const path = rawPath.replace(/\/+$/, '') || '/';
    if (deps.settings.sandboxRoutes && path.startsWith('/sandbox/')) {
      const answer = await handleSandbox(deps, { ...req, method, path });
      if (answer) return answer;
    }
    const resolved = resolveApiCall(method, path);
    if (!resolved) throw notFound(`No route for ${method} ${path}`);
    const open = publicRoutes[resolved.name];
    if (open) return open(req);
    const { user, issuedAt } = await authenticateSession(deps, req);
    const handler = userRoutes[resolved.name];
    if (handler) {
      requireDocumentIds(resolved);
      return handler(user, req, resolved.params, issuedAt);
    }
    const adminHandler = adminRoutes[resolved.name];
    if (adminHandler) {
      if (user.role !== 1) {
        // Refusals are audited too: who tried which admin call, and when.
        await admin.auditRefused(user, resolved.name, method, path).catch((error: unknown) => {
          deps.log('could not audit a refused admin call', { user_id: user.id, call: resolved.name, error: String(error) });
        });
      }
      requireAdmin(user);
      requireDocumentIds(resolved);
      return adminHandler(user, req, resolved.params, issuedAt);
    }
    throw notFound(`No route for ${method} ${path}`);
  }

  return {
    deps,
    endUnsettledGames: () => settlement.endUnsettled(),
    releaseHeldEscrows: () => settlement.releaseHeld(),
    refundHeldTopups: (options) => refundHeldTopups(deps, options),
    copyOlderGames: () => settlement.copyOlderCodes(),
    tickPots: () => pots.tick(),
    payPendingBonuses: () => pots.payPendingBonuses(),
    countsFolded: async () => {
      await Promise.all([hub.countsFolded(), pots.countsFolded()]);
    },
    async handle(req) {
      try {
        return await route(req);
      } catch (error) {
        if (error instanceof ApiError) return { status: error.status, body: errorBody(error) };
        if (error instanceof StoreUnavailableError) {
          deps.log('database unavailable', { method: req.method, path: req.path, error: error.message });
          return { status: 503, headers: { 'retry-after': '5' }, body: errorBody(new ApiError(503, SERVICE_UNAVAILABLE)) };
        }
        if (error instanceof MoneyError) {
          return { status: 400, body: errorBody(new ApiError(400, 'The amount is not valid')) };
        }
        deps.log('provider error', {
          method: req.method,
          path: req.path,
          error: error instanceof Error ? error.stack : String(error),
        });
        return { status: 500, body: errorBody(new ApiError(500, 'Something went wrong. Please try again.')) };
      }
    },
  };
}
