/**
 * Which group of ./user-responses/* holds the answer schema of each of a punter's calls: the web app loads an
 * answer's schema by its group (web/src/lib/api.ts). Names only, so the table costs the first load next to
 * nothing; the types make it list every call, and core's tests that each group holds exactly the calls listed
 * for it here.
 */
import type { USER_CALLS } from './user-calls';

export const USER_CALL_GROUP_NAMES = [
  'session',
  'wallet',
  'account',
  'pots',
  'punters-hub',
  'analyst',
  'notifications',
  'subscription',
  'safer-play',
] as const;
export type UserCallGroup = (typeof USER_CALL_GROUP_NAMES)[number];
export type UserCallName = keyof typeof USER_CALLS;

export const USER_CALL_GROUPS = {
  login: 'session',
  register: 'session',
  otpRequest: 'session',
  otpVerify: 'session',
  passwordSendOtp: 'session',
  passwordReset: 'session',
  userProfile: 'session',
  nairaWallet: 'wallet',
  limitTransactions: 'wallet',
  transactions: 'wallet',
  topup: 'wallet',
  topupCheck: 'wallet',
  withdraw: 'wallet',
  withdrawBlock: 'wallet',
  pinVerify: 'wallet',
  savedBanks: 'wallet',
  pinSet: 'account',
  pinSendOtp: 'account',
  pinReset: 'account',
  banks: 'account',
  bankVerify: 'account',
  bankAdd: 'account',
  myReferrals: 'account',
  joinAutoTrada: 'pots',
  potPayout: 'pots',
  bettingCodes: 'punters-hub',
  createCode: 'punters-hub',
  buyOrGetGame: 'punters-hub',
  settleGame: 'punters-hub',
  punters: 'punters-hub',
  punterProfile: 'punters-hub',
  gameDispute: 'punters-hub',
  analystGames: 'analyst',
  topGames: 'analyst',
  notifications: 'notifications',
  subscribe: 'subscription',
  saferPlay: 'safer-play',
  saferPlayLimit: 'safer-play',
  saferPlayPause: 'safer-play',
} as const satisfies Record<UserCallName, UserCallGroup>;

export function isUserCall(name: string): name is UserCallName {
  return Object.hasOwn(USER_CALL_GROUPS, name);
}
