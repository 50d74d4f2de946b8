import { z } from 'zod';

/**
 * Request schemas of the provider API come from core/src/api-schemas.ts (the one definition shared
 * with the web and the functions proxy). This file adds only what is the provider's own.
 */
export {
  loginRequestSchema as loginBody,
  registerRequestSchema as registerBody,
  otpRequestSchema as otpRequestBody,
  otpVerifySchema as otpVerifyBody,
  sendResetOtpRequestSchema as sendResetBody,
  resetPasswordRequestSchema as resetPasswordBody,
  pinSetRequestSchema as pinSetBody,
  pinVerifyRequestSchema as pinVerifyBody,
  pinResetRequestSchema as pinResetBody,
  bankVerifyRequestSchema as bankVerifyBody,
  bankAddRequestSchema as bankAddBody,
  topupRequestSchema as topupBody,
  withdrawRequestSchema as withdrawBody,
  joinAutoTradaRequestSchema as joinAutoTradaBody,
  createCodeRequestSchemaFor,
  buyOrGetGameRequestSchema as buyGameBody,
  userIdRequestSchema as userIdBody,
  transactionApproveRequestSchema as approveBody,
  adminCreateRequestSchema as adminCreateBody,
  batchCreateRequestSchema as batchCreateBody,
  blogCreateRequestSchema,
  blogUpdateRequestSchema,
  blogDeleteHeadersSchema,
  giftCardCreateRequestSchema,
  giftCardUpdateRequestSchema,
  giftCardDeleteRequestSchema,
  cryptoUpdateRequestSchema,
  adminDeleteRequestSchema,
  userUpdateRequestSchema,
  giftCardCategoryUpdateRequestSchema,
  analystGamesQuerySchema,
  idempotencyKeySchema,
} from '@punter/core/api-schemas';

/** A request's source address (set by server.ts or the functions, never by the client itself). */
export const sourceSchema = z.string().trim().min(1, 'source must not be empty').max(100, 'source is too long');

/** Normalises a Nigerian phone number ('08031234567', '2348031234567', '+2348031234567') to +234XXXXXXXXXX. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits.startsWith('234')) return `+${digits}`;
  if (digits.startsWith('0')) return `+234${digits.slice(1)}`;
  return `+${digits}`;
}
