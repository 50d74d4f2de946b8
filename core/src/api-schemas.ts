/**
 * Former home of the provider API contract, now split by area into ./api/*. This barrel keeps the old import
 * path working while provider/ moves to the area modules; it goes once nothing imports it. New code imports
 * the area module (for example '@punter/core/api/wallet').
 */
export * from './api/admin';
export * from './api/analyst';
export * from './api/auth';
export * from './api/bank';
export * from './api/calls';
export * from './api/common';
export * from './api/content';
export * from './api/errors';
export * from './api/notifications';
export * from './api/pin';
export * from './api/pots';
export * from './api/primitives';
export * from './api/profile';
export * from './api/punters-hub';
export * from './api/routes';
export * from './api/signals';
export * from './api/subscription';
export * from './api/wallet';
export { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './account';
export { OTP_TYPE } from './otp';
