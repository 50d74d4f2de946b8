/**
 * The allow-list: every call of SPEC section 7 with its route (./routes) and its request, header, query and
 * response schemas (the area modules). The provider validates its routes with it, the functions proxy forwards
 * only what it lists, and the web parses answers with it.
 */
import { z } from 'zod/mini';
import {
  adminCreateRequestSchema,
  adminDeleteRequestSchema,
  adminLogsQuerySchema,
  adminTransactionSchema,
  adminTransactionsQuerySchema,
  adminUsersQuerySchema,
  adminUserDetailSchema,
  adminUserSchema,
  auditLogSchema,
  batchCreateRequestSchema,
  batchSchema,
  pagedBody,
  transactionApproveRequestSchema,
  userIdRequestSchema,
  userLedgerSchema,
  userStatusSchema,
  userUpdateRequestSchema,
  walletReportSchema,
  dailyReportQuerySchema,
  dailyReportSchema,
} from './admin';
import {
  adminDisputesQuerySchema,
  adminGameSchema,
  adminGamesQuerySchema,
  adminPotParticipantSchema,
  adminPotSchema,
  adminPotsQuerySchema,
  adminSignalSchema,
  adminSignalsQuerySchema,
  disputeResolveRequestSchema,
  disputeSchema,
  gameDisputeRequestSchema,
  potUpdateRequestSchema,
} from './admin-console';
import { analystGameSchema, analystGamesQuerySchema } from './analyst';
import { pauseRequestSchema, saferPlayStateSchema, setLimitRequestSchema, topupCheckRequestSchema } from './safer-play';
import {
  loginRequestSchema,
  otpRequestSchema,
  otpVerifySchema,
  profileBodySchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendResetOtpRequestSchema,
} from './auth';
import {
  bankAddRequestSchema,
  bankListEntrySchema,
  bankVerifyRequestSchema,
  bankVerifyResultSchema,
  savedBankSchema,
} from './bank';
import { idempotencyHeadersSchema, okBody, okMessageBody } from './common';
import { idSchema } from './primitives';
import {
  adSchema,
  blogCreateRequestSchema,
  blogDeleteHeadersSchema,
  blogSchema,
  blogUpdateRequestSchema,
  cryptoRateSchema,
  cryptoUpdateRequestSchema,
  giftCardCategorySchema,
  giftCardCategoryUpdateRequestSchema,
  giftCardCreateRequestSchema,
  giftCardDeleteRequestSchema,
  giftCardSchema,
  giftCardUpdateRequestSchema,
} from './content';
import { notificationSchema } from './notifications';
import { pinResetRequestSchema, pinSetRequestSchema, pinVerifyRequestSchema } from './pin';
import {
  autoTradaConfigSchema,
  autoTradaSwitchRequestSchema,
  joinAutoTradaRequestSchema,
  potCreateRequestSchema,
  potPayoutRequestSchema,
  potPayoutResultSchema,
  potResultRequestSchema,
} from './pots';
import { profileDataSchema, referralSchema } from './profile';
import {
  bettingCodeListEntrySchema,
  bettingCodeSchema,
  buyOrGetGameRequestSchema,
  buyOrGetGameResultSchema,
  createCodeRequestSchema,
  punterRecordSchema,
  settleGameRequestSchema,
  settleGameResultSchema,
} from './punters-hub';
import { API_ROUTES, type ApiAuth, type ApiRouteName, type HttpMethod } from './routes';
import { subscribeRequestSchema, subscriptionResultSchema } from './subscription';
import {
  topupRequestSchema,
  topupResponseSchema,
  transactionSchema,
  walletMovementSchema,
  walletSchema,
  withdrawBlockSchema,
  withdrawRequestSchema,
} from './wallet';

export interface ApiCallDefinition {
  readonly method: HttpMethod;
  /** Path with `:param` placeholders where SPEC has `{id}`. */
  readonly path: string;
  readonly auth: ApiAuth;
  /** JSON body. */
  readonly request?: z.ZodMiniType;
  /** Query string parameters (GET). */
  readonly query?: z.ZodMiniType;
  /** Headers the call needs besides Authorization and Accept (names in lower case). */
  readonly headers?: z.ZodMiniType;
  /** Success body. */
  readonly response?: z.ZodMiniType;
}

/**
 * Every call of SPEC section 7. The functions proxy forwards those with auth 'user' or 'admin'
 * (auth 'none' goes through the session callables); the provider validates its routes with it.
 */
export const API_CALLS = {
  login: { ...API_ROUTES.login, request: loginRequestSchema, response: profileBodySchema },
  register: {
    ...API_ROUTES.register,
    request: registerRequestSchema,
    response: profileBodySchema,
  },
  otpRequest: { ...API_ROUTES.otpRequest, request: otpRequestSchema, response: okMessageBody },
  otpVerify: { ...API_ROUTES.otpVerify, request: otpVerifySchema, response: profileBodySchema },
  passwordSendOtp: {
    ...API_ROUTES.passwordSendOtp,
    request: sendResetOtpRequestSchema,
    response: okMessageBody,
  },
  passwordReset: {
    ...API_ROUTES.passwordReset,
    request: resetPasswordRequestSchema,
    response: okMessageBody,
  },
  pinSet: { ...API_ROUTES.pinSet, request: pinSetRequestSchema, response: okMessageBody },
  pinVerify: {
    ...API_ROUTES.pinVerify,
    request: pinVerifyRequestSchema,
    response: okMessageBody,
  },
  pinSendOtp: { ...API_ROUTES.pinSendOtp, response: okMessageBody },
  pinReset: { ...API_ROUTES.pinReset, request: pinResetRequestSchema, response: okMessageBody },
  banks: { ...API_ROUTES.banks, response: okBody(z.array(bankListEntrySchema)) },
  bankVerify: {
    ...API_ROUTES.bankVerify,
    request: bankVerifyRequestSchema,
    response: okBody(bankVerifyResultSchema),
  },
  bankAdd: {
    ...API_ROUTES.bankAdd,
    request: bankAddRequestSchema,
    response: okBody(savedBankSchema),
  },
  nairaWallet: { ...API_ROUTES.nairaWallet, response: okBody(walletSchema) },
  savedBanks: { ...API_ROUTES.savedBanks, response: okBody(z.array(savedBankSchema)) },
  limitTransactions: {
    ...API_ROUTES.limitTransactions,
    response: okBody(z.array(transactionSchema)),
  },
  transactions: {
    ...API_ROUTES.transactions,
    response: okBody(z.array(transactionSchema)),
  },
  myReferrals: { ...API_ROUTES.myReferrals, response: okBody(z.array(referralSchema)) },
  topup: {
    ...API_ROUTES.topup,
    request: topupRequestSchema,
    response: topupResponseSchema,
  },
  withdraw: {
    ...API_ROUTES.withdraw,
    request: withdrawRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(walletMovementSchema),
  },
  withdrawBlock: { ...API_ROUTES.withdrawBlock, response: okBody(withdrawBlockSchema) },
  joinAutoTrada: {
    ...API_ROUTES.joinAutoTrada,
    request: joinAutoTradaRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(walletMovementSchema),
  },
  potPayout: {
    ...API_ROUTES.potPayout,
    request: potPayoutRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(potPayoutResultSchema),
  },
  potCreate: { ...API_ROUTES.potCreate, request: potCreateRequestSchema, response: okBody(z.object({ id: idSchema })) },
  potResult: {
    ...API_ROUTES.potResult,
    request: potResultRequestSchema,
    response: okBody(z.object({ pot_id: idSchema, result: z.number() })),
  },
  autoTradaSwitch: {
    ...API_ROUTES.autoTradaSwitch,
    request: autoTradaSwitchRequestSchema,
    response: okBody(z.object({ enabled: z.boolean(), reason: z.string() })),
  },
  bettingCodes: {
    ...API_ROUTES.bettingCodes,
    response: okBody(z.array(bettingCodeListEntrySchema)),
  },
  createCode: {
    ...API_ROUTES.createCode,
    // The provider narrows this with createCodeRequestSchemaFor(can_monetize_game).
    request: createCodeRequestSchema,
    response: okBody(bettingCodeSchema),
  },
  buyOrGetGame: {
    ...API_ROUTES.buyOrGetGame,
    request: buyOrGetGameRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(buyOrGetGameResultSchema),
  },
  settleGame: {
    ...API_ROUTES.settleGame,
    request: settleGameRequestSchema,
    response: okBody(settleGameResultSchema),
  },
  punters: { ...API_ROUTES.punters, response: okBody(z.array(punterRecordSchema)) },
  punterProfile: {
    ...API_ROUTES.punterProfile,
    response: okBody(z.object({ record: punterRecordSchema, games: z.array(bettingCodeListEntrySchema) })),
  },
  analystGames: {
    ...API_ROUTES.analystGames,
    query: analystGamesQuerySchema,
    response: okBody(z.array(analystGameSchema)),
  },
  topGames: { ...API_ROUTES.topGames, response: okBody(z.array(analystGameSchema)) },
  notifications: {
    ...API_ROUTES.notifications,
    response: okBody(z.array(notificationSchema)),
  },
  // Paths SPEC does not show or lists as unused, which this product uses:
  /** The monthly subscription (₦2,000 from the wallet); SPEC shows no path for it. */
  subscribe: {
    ...API_ROUTES.subscribe,
    request: subscribeRequestSchema,
    headers: idempotencyHeadersSchema,
    response: okBody(subscriptionResultSchema),
  },
  /** Safer play (ADR 0019): the user's limits and pause, setting a limit, starting a break or self-exclusion. */
  saferPlay: { ...API_ROUTES.saferPlay, response: okBody(saferPlayStateSchema) },
  saferPlayLimit: { ...API_ROUTES.saferPlayLimit, request: setLimitRequestSchema, response: okBody(saferPlayStateSchema) },
  saferPlayPause: { ...API_ROUTES.saferPlayPause, request: pauseRequestSchema, response: okBody(saferPlayStateSchema) },
  /** Asked before the checkout opens: a top-up the user's limits or pause do not allow is refused there. */
  topupCheck: { ...API_ROUTES.topupCheck, request: topupCheckRequestSchema, response: okMessageBody },
  /** The token owner's profile data (SPEC: defined but unused); the bridge uses it to learn whose token it holds. */
  userProfile: { ...API_ROUTES.userProfile, response: okBody(profileDataSchema) },
  // Other admin-style calls (role 1 only, each audited).
  batchCreate: {
    ...API_ROUTES.batchCreate,
    request: batchCreateRequestSchema,
    response: okBody(batchSchema),
  },
  todayBatch: { ...API_ROUTES.todayBatch, response: okBody(z.array(batchSchema)) },
  admins: { ...API_ROUTES.admins, response: okBody(z.array(adminUserSchema)) },
  adminCreate: {
    ...API_ROUTES.adminCreate,
    request: adminCreateRequestSchema,
    response: okBody(adminUserSchema),
  },
  suspendAccount: {
    ...API_ROUTES.suspendAccount,
    request: userIdRequestSchema,
    response: okBody(userStatusSchema),
  },
  activateAccount: {
    ...API_ROUTES.activateAccount,
    request: userIdRequestSchema,
    response: okBody(userStatusSchema),
  },
  allAds: { ...API_ROUTES.allAds, response: okBody(z.array(adSchema)) },
  allLogs: { ...API_ROUTES.allLogs, query: adminLogsQuerySchema, response: pagedBody(auditLogSchema) },
  allBlogs: { ...API_ROUTES.allBlogs, response: okBody(z.array(blogSchema)) },
  blogCreate: {
    ...API_ROUTES.blogCreate,
    request: blogCreateRequestSchema,
    response: okBody(blogSchema),
  },
  blogUpdate: {
    ...API_ROUTES.blogUpdate,
    request: blogUpdateRequestSchema,
    response: okBody(blogSchema),
  },
  blogDelete: {
    ...API_ROUTES.blogDelete,
    headers: blogDeleteHeadersSchema,
    response: okMessageBody,
  },
  allGiftCards: {
    ...API_ROUTES.allGiftCards,
    response: okBody(z.array(giftCardSchema)),
  },
  giftCardCreate: {
    ...API_ROUTES.giftCardCreate,
    request: giftCardCreateRequestSchema,
    response: okBody(giftCardSchema),
  },
  giftCardCategory: {
    ...API_ROUTES.giftCardCategory,
    response: okBody(giftCardCategorySchema),
  },
  giftCardUpdate: {
    ...API_ROUTES.giftCardUpdate,
    request: giftCardUpdateRequestSchema,
    response: okBody(giftCardSchema),
  },
  giftCardDelete: {
    ...API_ROUTES.giftCardDelete,
    request: giftCardDeleteRequestSchema,
    response: okMessageBody,
  },
  walletReport: {
    ...API_ROUTES.walletReport,
    response: okBody(walletReportSchema),
  },
  allTransactions: {
    ...API_ROUTES.allTransactions,
    query: adminTransactionsQuerySchema,
    response: pagedBody(adminTransactionSchema),
  },
  approveTransaction: {
    ...API_ROUTES.approveTransaction,
    request: transactionApproveRequestSchema,
    response: okBody(adminTransactionSchema),
  },
  pendingTransactions: {
    ...API_ROUTES.pendingTransactions,
    response: okBody(z.array(adminTransactionSchema)),
  },
  cryptoUpdate: {
    ...API_ROUTES.cryptoUpdate,
    request: cryptoUpdateRequestSchema,
    response: okBody(cryptoRateSchema),
  },
  // SPEC's "defined but unused" paths, role 1 only and audited like the calls above.
  adminDelete: {
    ...API_ROUTES.adminDelete,
    request: adminDeleteRequestSchema,
    response: okBody(adminUserSchema),
  },
  allUsers: { ...API_ROUTES.allUsers, query: adminUsersQuerySchema, response: pagedBody(adminUserDetailSchema) },
  userUpdate: {
    ...API_ROUTES.userUpdate,
    request: userUpdateRequestSchema,
    response: okBody(adminUserDetailSchema),
  },
  giftCardCategoryUpdate: {
    ...API_ROUTES.giftCardCategoryUpdate,
    request: giftCardCategoryUpdateRequestSchema,
    response: okBody(giftCardCategorySchema),
  },
  cryptoRates: { ...API_ROUTES.cryptoRates, response: okBody(z.array(cryptoRateSchema)) },
  /** Not in SPEC: one user's whole ledger with its running balance and the check that it sums to the balance. */
  userLedger: { ...API_ROUTES.userLedger, response: okBody(userLedgerSchema) },
  dailyReport: { ...API_ROUTES.dailyReport, query: dailyReportQuerySchema, response: okBody(dailyReportSchema) },
  giftCardCategories: { ...API_ROUTES.giftCardCategories, response: okBody(z.array(giftCardCategorySchema)) },
  // Not in SPEC (ADR 0022): the console's pots, codes, disputes, signals and a user's safer play.
  adminPots: { ...API_ROUTES.adminPots, query: adminPotsQuerySchema, response: pagedBody(adminPotSchema) },
  adminPotParticipants: { ...API_ROUTES.adminPotParticipants, response: okBody(z.array(adminPotParticipantSchema)) },
  potUpdate: { ...API_ROUTES.potUpdate, request: potUpdateRequestSchema, response: okBody(adminPotSchema) },
  autoTradaState: { ...API_ROUTES.autoTradaState, response: okBody(autoTradaConfigSchema) },
  adminGames: { ...API_ROUTES.adminGames, query: adminGamesQuerySchema, response: pagedBody(adminGameSchema) },
  gameDispute: { ...API_ROUTES.gameDispute, request: gameDisputeRequestSchema, response: okBody(disputeSchema) },
  adminDisputes: { ...API_ROUTES.adminDisputes, query: adminDisputesQuerySchema, response: pagedBody(disputeSchema) },
  disputeResolve: { ...API_ROUTES.disputeResolve, request: disputeResolveRequestSchema, response: okBody(disputeSchema) },
  adminSignals: { ...API_ROUTES.adminSignals, query: adminSignalsQuerySchema, response: pagedBody(adminSignalSchema) },
  adminUserSaferPlay: { ...API_ROUTES.adminUserSaferPlay, response: okBody(saferPlayStateSchema) },
} as const satisfies Record<ApiRouteName, ApiCallDefinition>;

export type ApiCallName = keyof typeof API_CALLS;
export type ApiCall<N extends ApiCallName> = (typeof API_CALLS)[N];
/** The request body a caller writes (before transforms). */
export type ApiRequestInput<N extends ApiCallName> =
  ApiCall<N> extends { request: infer S extends z.ZodMiniType } ? z.input<S> : never;
/** The success body of a call. */
export type ApiResponse<N extends ApiCallName> =
  ApiCall<N> extends { response: infer S extends z.ZodMiniType } ? z.output<S> : never;

export const API_CALL_NAMES = Object.keys(API_CALLS) as ApiCallName[];

export interface ResolvedApiCall {
  readonly name: ApiCallName;
  readonly call: ApiCallDefinition;
  /** Values of the `:param` placeholders, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Finds the allow-listed call for a method and a path (a query string is ignored). Returns undefined for
 * anything not in API_CALLS, including paths with '..', empty segments or bad percent-encoding.
 */
export function resolveApiCall(method: string, path: string): ResolvedApiCall | undefined {
  const pathname = path.split('?', 1)[0] ?? '';
  if (!pathname.startsWith('/')) return undefined;
  const segments = pathname.slice(1).split('/');
  for (const name of API_CALL_NAMES) {
    const call: ApiCallDefinition = API_CALLS[name];
    if (call.method !== method) continue;
    const pattern = call.path.slice(1).split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let i = 0; i < pattern.length && matches; i += 1) {
      const expected = pattern[i] ?? '';
      const actual = segments[i] ?? '';
      if (expected.startsWith(':')) {
        const value = decodeSegment(actual);
        if (value === undefined) matches = false;
        else params[expected.slice(1)] = value;
      } else if (expected !== actual) {
        matches = false;
      }
    }
    if (matches) return { name, call, params };
  }
  return undefined;
}

function decodeSegment(segment: string): string | undefined {
  if (segment === '') return undefined;
  try {
    const value = decodeURIComponent(segment);
    if (value === '.' || value === '..' || value.includes('/') || value.length > 128) return undefined;
    return value;
  } catch {
    return undefined;
  }
}
