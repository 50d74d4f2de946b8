/**
 * The calls of SPEC section 7 a punter's screens make (auth 'none' and 'user'), with their routes and
 * schemas. ./calls joins them with ./admin-calls into API_CALLS; the web app loads only this half for a
 * punter's answers, so no screen of theirs downloads the operator console's schemas.
 */
import { z } from 'zod/mini';
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
import { notificationSchema } from './notifications';
import { pinResetRequestSchema, pinSetRequestSchema, pinVerifyRequestSchema } from './pin';
import { joinAutoTradaRequestSchema, potPayoutRequestSchema, potPayoutResultSchema } from './pots';
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
  disputeSchema,
  gameDisputeRequestSchema,
} from './punters-hub';
import { API_ROUTES } from './routes';
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
import type { ApiCallDefinition } from './call-definition';

export const USER_CALLS = {
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
  gameDispute: { ...API_ROUTES.gameDispute, request: gameDisputeRequestSchema, response: okBody(disputeSchema) },
} as const satisfies Record<string, ApiCallDefinition>;
