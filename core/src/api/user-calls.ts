/**
 * The calls of SPEC section 7 a punter's screens make (auth 'none' and 'user'), with their routes and
 * schemas. ./calls joins them with ./admin-calls into API_CALLS. Their answers' schemas are in groups by area
 * (./user-responses/*): the web app loads a group with its first call (./user-call-groups), so a screen
 * downloads the schemas of the answers it reads, and no punter's screen the operator console's.
 */
import { analystGamesQuerySchema } from './analyst';
import { pauseRequestSchema, setLimitRequestSchema, topupCheckRequestSchema } from './safer-play';
import {
  loginRequestSchema,
  otpRequestSchema,
  otpVerifySchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendResetOtpRequestSchema,
} from './auth';
import { bankAddRequestSchema, bankVerifyRequestSchema } from './bank';
import { idempotencyHeadersSchema } from './common';
import { pinResetRequestSchema, pinSetRequestSchema, pinVerifyRequestSchema } from './pin';
import { joinAutoTradaRequestSchema, potPayoutRequestSchema } from './pots';
import {
  buyOrGetGameRequestSchema,
  createCodeRequestSchema,
  settleGameRequestSchema,
  gameDisputeRequestSchema,
} from './punters-hub';
import { API_ROUTES } from './routes';
import { subscribeRequestSchema } from './subscription';
import { topupRequestSchema, withdrawRequestSchema } from './wallet';
import { RESPONSES as session } from './user-responses/session';
import { RESPONSES as wallet } from './user-responses/wallet';
import { RESPONSES as account } from './user-responses/account';
import { RESPONSES as pots } from './user-responses/pots';
import { RESPONSES as puntersHub } from './user-responses/punters-hub';
import { RESPONSES as analyst } from './user-responses/analyst';
import { RESPONSES as notifications } from './user-responses/notifications';
import { RESPONSES as subscription } from './user-responses/subscription';
import { RESPONSES as saferPlay } from './user-responses/safer-play';
import type { ApiCallDefinition } from './call-definition';

export const USER_CALLS = {
  login: { ...API_ROUTES.login, request: loginRequestSchema, response: session.login },
  register: {
    ...API_ROUTES.register,
    request: registerRequestSchema,
    response: session.register,
  },
  otpRequest: { ...API_ROUTES.otpRequest, request: otpRequestSchema, response: session.otpRequest },
  otpVerify: { ...API_ROUTES.otpVerify, request: otpVerifySchema, response: session.otpVerify },
  passwordSendOtp: {
    ...API_ROUTES.passwordSendOtp,
    request: sendResetOtpRequestSchema,
    response: session.passwordSendOtp,
  },
  passwordReset: {
    ...API_ROUTES.passwordReset,
    request: resetPasswordRequestSchema,
    response: session.passwordReset,
  },
  pinSet: { ...API_ROUTES.pinSet, request: pinSetRequestSchema, response: account.pinSet },
  pinVerify: {
    ...API_ROUTES.pinVerify,
    request: pinVerifyRequestSchema,
    response: wallet.pinVerify,
  },
  pinSendOtp: { ...API_ROUTES.pinSendOtp, response: account.pinSendOtp },
  pinReset: { ...API_ROUTES.pinReset, request: pinResetRequestSchema, response: account.pinReset },
  banks: { ...API_ROUTES.banks, response: account.banks },
  bankVerify: {
    ...API_ROUTES.bankVerify,
    request: bankVerifyRequestSchema,
    response: account.bankVerify,
  },
  bankAdd: {
    ...API_ROUTES.bankAdd,
    request: bankAddRequestSchema,
    response: account.bankAdd,
  },
  nairaWallet: { ...API_ROUTES.nairaWallet, response: wallet.nairaWallet },
  savedBanks: { ...API_ROUTES.savedBanks, response: wallet.savedBanks },
  limitTransactions: {
    ...API_ROUTES.limitTransactions,
    response: wallet.limitTransactions,
  },
  transactions: {
    ...API_ROUTES.transactions,
    response: wallet.transactions,
  },
  myReferrals: { ...API_ROUTES.myReferrals, response: account.myReferrals },
  topup: {
    ...API_ROUTES.topup,
    request: topupRequestSchema,
    response: wallet.topup,
  },
  withdraw: {
    ...API_ROUTES.withdraw,
    request: withdrawRequestSchema,
    headers: idempotencyHeadersSchema,
    response: wallet.withdraw,
  },
  withdrawBlock: { ...API_ROUTES.withdrawBlock, response: wallet.withdrawBlock },
  joinAutoTrada: {
    ...API_ROUTES.joinAutoTrada,
    request: joinAutoTradaRequestSchema,
    headers: idempotencyHeadersSchema,
    response: pots.joinAutoTrada,
  },
  potPayout: {
    ...API_ROUTES.potPayout,
    request: potPayoutRequestSchema,
    headers: idempotencyHeadersSchema,
    response: pots.potPayout,
  },
  bettingCodes: {
    ...API_ROUTES.bettingCodes,
    response: puntersHub.bettingCodes,
  },
  createCode: {
    ...API_ROUTES.createCode,
    // The provider narrows this with createCodeRequestSchemaFor(can_monetize_game).
    request: createCodeRequestSchema,
    response: puntersHub.createCode,
  },
  buyOrGetGame: {
    ...API_ROUTES.buyOrGetGame,
    request: buyOrGetGameRequestSchema,
    headers: idempotencyHeadersSchema,
    response: puntersHub.buyOrGetGame,
  },
  settleGame: {
    ...API_ROUTES.settleGame,
    request: settleGameRequestSchema,
    response: puntersHub.settleGame,
  },
  punters: { ...API_ROUTES.punters, response: puntersHub.punters },
  punterProfile: {
    ...API_ROUTES.punterProfile,
    response: puntersHub.punterProfile,
  },
  analystGames: {
    ...API_ROUTES.analystGames,
    query: analystGamesQuerySchema,
    response: analyst.analystGames,
  },
  topGames: { ...API_ROUTES.topGames, response: analyst.topGames },
  notifications: {
    ...API_ROUTES.notifications,
    response: notifications.notifications,
  },
  // Paths SPEC does not show or lists as unused, which this product uses:
  /** The monthly subscription (₦2,000 from the wallet); SPEC shows no path for it. */
  subscribe: {
    ...API_ROUTES.subscribe,
    request: subscribeRequestSchema,
    headers: idempotencyHeadersSchema,
    response: subscription.subscribe,
  },
  /** Safer play (ADR 0019): the user's limits and pause, setting a limit, starting a break or self-exclusion. */
  saferPlay: { ...API_ROUTES.saferPlay, response: saferPlay.saferPlay },
  saferPlayLimit: { ...API_ROUTES.saferPlayLimit, request: setLimitRequestSchema, response: saferPlay.saferPlayLimit },
  saferPlayPause: { ...API_ROUTES.saferPlayPause, request: pauseRequestSchema, response: saferPlay.saferPlayPause },
  /** Asked before the checkout opens: a top-up the user's limits or pause do not allow is refused there. */
  topupCheck: { ...API_ROUTES.topupCheck, request: topupCheckRequestSchema, response: wallet.topupCheck },
  /** The token owner's profile data (SPEC: defined but unused); the bridge uses it to learn whose token it holds. */
  userProfile: { ...API_ROUTES.userProfile, response: session.userProfile },
  gameDispute: { ...API_ROUTES.gameDispute, request: gameDisputeRequestSchema, response: puntersHub.gameDispute },
} as const satisfies Record<string, ApiCallDefinition>;
