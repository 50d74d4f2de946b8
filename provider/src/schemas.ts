import { z } from 'zod';

/**
 * Request schemas of the provider API come from core/src/api/* (the one definition shared
 * with the web and the functions proxy). This file adds only what is the provider's own.
 */
export {
  userIdRequestSchema as userIdBody,
  transactionApproveRequestSchema as approveBody,
  adminCreateRequestSchema as adminCreateBody,
  batchCreateRequestSchema as batchCreateBody,
  adminDeleteRequestSchema,
  userUpdateRequestSchema,
  adminUsersQuerySchema,
  adminTransactionsQuerySchema,
  adminLogsQuerySchema,
  dailyReportQuerySchema,
} from '@punter/core/api/admin';
export { analystGamesQuerySchema } from '@punter/core/api/analyst';
export {
  loginRequestSchema as loginBody,
  registerRequestSchema as registerBody,
  otpRequestSchema as otpRequestBody,
  otpVerifySchema as otpVerifyBody,
  sendResetOtpRequestSchema as sendResetBody,
  resetPasswordRequestSchema as resetPasswordBody,
} from '@punter/core/api/auth';
export { bankVerifyRequestSchema as bankVerifyBody, bankAddRequestSchema as bankAddBody } from '@punter/core/api/bank';
export { idempotencyKeySchema } from '@punter/core/api/common';
export {
  blogCreateRequestSchema,
  blogUpdateRequestSchema,
  blogDeleteHeadersSchema,
  giftCardCreateRequestSchema,
  giftCardUpdateRequestSchema,
  giftCardDeleteRequestSchema,
  cryptoUpdateRequestSchema,
  giftCardCategoryUpdateRequestSchema,
} from '@punter/core/api/content';
export {
  pinSetRequestSchema as pinSetBody,
  pinVerifyRequestSchema as pinVerifyBody,
  pinResetRequestSchema as pinResetBody,
} from '@punter/core/api/pin';
export { joinAutoTradaRequestSchema as joinAutoTradaBody } from '@punter/core/api/pots';
export { createCodeRequestSchemaFor, buyOrGetGameRequestSchema as buyGameBody } from '@punter/core/api/punters-hub';
export { topupRequestSchema as topupBody, withdrawRequestSchema as withdrawBody } from '@punter/core/api/wallet';

/** A request's source address (set by server.ts or the functions, never by the client itself). */
export const sourceSchema = z.string().trim().min(1, 'source must not be empty').max(100, 'source is too long');

/** Normalises a Nigerian phone number ('08031234567', '2348031234567', '+2348031234567') to +234XXXXXXXXXX. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits.startsWith('234')) return `+${digits}`;
  if (digits.startsWith('0')) return `+234${digits.slice(1)}`;
  return `+${digits}`;
}
