/**
 * The operator console's calls of SPEC section 7 (auth 'admin'), with their routes and schemas. ./calls
 * joins them with ./user-calls into API_CALLS; the web app loads this half only for an admin's answers.
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
  potUpdateRequestSchema,
} from './admin-console';
import { saferPlayStateSchema } from './safer-play';
import { okBody, okMessageBody } from './common';
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
import { autoTradaConfigSchema, autoTradaSwitchRequestSchema, potCreateRequestSchema, potResultRequestSchema } from './pots';
import { disputeSchema } from './punters-hub';
import { API_ROUTES } from './routes';
import type { ApiCallDefinition } from './call-definition';

export const ADMIN_CALLS = {
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
  adminDisputes: { ...API_ROUTES.adminDisputes, query: adminDisputesQuerySchema, response: pagedBody(disputeSchema) },
  disputeResolve: { ...API_ROUTES.disputeResolve, request: disputeResolveRequestSchema, response: okBody(disputeSchema) },
  adminSignals: { ...API_ROUTES.adminSignals, query: adminSignalsQuerySchema, response: pagedBody(adminSignalSchema) },
  adminUserSaferPlay: { ...API_ROUTES.adminUserSaferPlay, response: okBody(saferPlayStateSchema) },
} as const satisfies Record<string, ApiCallDefinition>;
