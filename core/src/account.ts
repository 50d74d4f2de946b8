/**
 * Account helpers (SPEC sections 2, 3, 4, 5, 6 and 8): the route table, login result codes and the
 * logged-in rule, referral and phone display, transaction paging and labels, referral labels,
 * how-to videos. Pure data and functions: no Firebase, no DOM.
 */
import { isLoggedInCode } from './api/profile';

// ---------------------------------------------------------------------------------------------
// Routes (SPEC section 2). Paths use react-router's ':param' syntax; getHref builds a real URL.
// ---------------------------------------------------------------------------------------------

export type RouteAccess = 'protected' | 'public';

function route<const P extends string>(path: P, access: RouteAccess) {
  return { path, access, getHref: (): P => path } as const;
}

function segment(value: string | number): string {
  const text = String(value);
  if (text === '') throw new RangeError('route parameter must not be empty');
  return encodeURIComponent(text);
}

/** Every route of SPEC section 2 with its access. Visitors reaching a protected route go to /login. */
export const ROUTES = {
  /** '/' redirects to /dashboard. */
  root: { ...route('/', 'protected'), redirectTo: '/dashboard' },
  dashboard: route('/dashboard', 'protected'),
  overTwoFiveCalculator: route('/overtwofivecalculator', 'protected'),
  signal: route('/signal-4', 'protected'),
  stakeCalculator: route('/stake-calculator', 'protected'),
  transactions: route('/transactions', 'protected'),
  profile: route('/profile', 'protected'),
  howTo: route('/how-to', 'protected'),
  puntersHub: route('/punters-hub', 'protected'),
  virtualAnalyst: route('/virtual-analyst', 'protected'),
  oddAndEven: route('/odd-and-even', 'protected'),
  myGames: route('/my-games', 'protected'),
  punters: route('/punters', 'protected'),
  punter: {
    path: '/punter/:username',
    access: 'protected',
    getHref: ({ username }: { username: string }) => `/punter/${segment(username)}`,
  },
  saveBank: route('/save-bank', 'protected'),
  /** Not in SPEC: a PIN blocked after repeated wrong tries is reset with a code sent to the phone. */
  resetPin: route('/reset-pin', 'protected'),
  autoTrada: route('/auto-trada', 'protected'),
  pot: {
    path: '/pot/:id',
    access: 'protected',
    getHref: ({ id }: { id: string | number }) => `/pot/${segment(id)}`,
  },
  register: route('/register', 'public'),
  subscription: route('/subscription', 'public'),
  privacyPolicy: route('/privacy-policy', 'public'),
  termsAndConditions: route('/terms-and-conditions', 'public'),
  verifyToken: route('/verify-token', 'public'),
  forgotPassword: route('/forgot-password', 'public'),
  login: route('/login', 'public'),
  createPin: route('/create-pin', 'public'),
  /** Register with a referral code. */
  referral: {
    path: '/referral/:referralCode',
    access: 'public',
    getHref: ({ referralCode }: { referralCode: string }) => `/referral/${segment(referralCode)}`,
  },
  changePassword: route('/change-password', 'public'),
} as const;

export type RouteName = keyof typeof ROUTES;

function pathPattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const ROUTE_PATTERNS = (Object.keys(ROUTES) as RouteName[]).map((name) => ({
  name,
  pattern: pathPattern(ROUTES[name].path),
}));

/** The route a pathname belongs to (query and hash ignored), or null for an unknown path. */
export function matchRoute(pathname: string): RouteName | null {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return ROUTE_PATTERNS.find((r) => r.pattern.test(path))?.name ?? null;
}

/** True when the pathname is a protected route. Unknown paths are not protected (they 404). */
export function isProtectedPath(pathname: string): boolean {
  const name = matchRoute(pathname);
  return name !== null && ROUTES[name].access === 'protected';
}

/**
 * Where to go after login when the guard remembered a location. Only same-site paths are
 * followed ('/pot/7?x=1'); anything else (absolute URLs, '//host', '/login' itself, non-strings)
 * falls back to /dashboard, so a crafted link cannot redirect off-site.
 */
export function safeReturnTo(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) {
    return ROUTES.dashboard.path;
  }
  const name = matchRoute(from);
  if (name === null || name === 'login') return ROUTES.dashboard.path;
  return from;
}

// ---------------------------------------------------------------------------------------------
// Login result codes and the logged-in rule (SPEC sections 4 and 6; ADR 0001 for 203).
// ---------------------------------------------------------------------------------------------

export type LoginCode = 200 | 201 | 203 | 206;

/** 200 and 203 -> /dashboard, 206 -> /change-password, 201 -> /verify-token. */
export const LOGIN_CODE_ROUTES: Readonly<Record<LoginCode, string>> = {
  200: ROUTES.dashboard.path,
  203: ROUTES.dashboard.path,
  206: ROUTES.changePassword.path,
  201: ROUTES.verifyToken.path,
};

function isLoginCode(code: unknown): code is LoginCode {
  return code === 200 || code === 201 || code === 203 || code === 206;
}

/**
 * What the login screen does with the provider's answer: for the four known codes the profile is
 * stored (in every case, SPEC section 4) and the user goes to the mapped route; any other code is a
 * failure (nothing stored, stay on /login and show the message).
 */
export function loginOutcome(
  code: unknown,
): { storeProfile: true; redirectTo: string } | { storeProfile: false; redirectTo: null } {
  return isLoginCode(code)
    ? { storeProfile: true, redirectTo: LOGIN_CODE_ROUTES[code] }
    : { storeProfile: false, redirectTo: null };
}

/**
 * The route guard's rule: logged in when the stored profile's code is one of LOGGED_IN_CODES
 * (api/profile.ts, the one definition: 200, or 203 = credentials right, phone verified, no
 * transaction PIN yet, ADR 0001). Accepts anything read from storage; a missing or malformed
 * profile is not logged in.
 */
export function isLoggedIn(profile: unknown): boolean {
  if (typeof profile !== 'object' || profile === null) return false;
  return isLoggedInCode((profile as { code?: unknown }).code);
}

/** True when the dashboard shows the 'create your PIN' banner (code 203, ADR 0001). */
export function needsPinSetup(profile: unknown): boolean {
  return isLoggedIn(profile) && (profile as { code: unknown }).code === 203;
}

/** Shown on a 403 from the admin list, which also clears the profile. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired !';

// ---------------------------------------------------------------------------------------------
// Display helpers (SPEC section 5).
// ---------------------------------------------------------------------------------------------

export const REFERRAL_LINK_DISPLAY_LENGTH = 10;

/**
 * Referral link display: lowercased, truncated to 10 characters plus '...'. A link of 10
 * characters or fewer is shown whole, without an ellipsis (nothing was cut).
 */
export function referralLinkDisplay(link: string | null | undefined): string {
  const text = (link ?? '').trim().toLowerCase();
  return text.length > REFERRAL_LINK_DISPLAY_LENGTH ? `${text.slice(0, REFERRAL_LINK_DISPLAY_LENGTH)}...` : text;
}

/**
 * Masked phone: the first 3 digits, one star per hidden digit, the last 2 digits
 * ('08012345678' -> '080******78'). Spaces, dashes and a leading '+' are ignored. A Nigerian number
 * in its international form (234 and 10 digits, as the provider stores it) is shown the way the
 * punter typed it, with its leading 0 ('2348012345678' -> '080******78'). With fewer than 6 digits
 * nothing would stay hidden, so every digit becomes a star.
 */
export function maskPhone(phone: string | null | undefined): string {
  const all = (phone ?? '').replace(/\D/g, '');
  const digits = /^234\d{10}$/.test(all) ? `0${all.slice(3)}` : all;
  if (digits.length < 6) return '*'.repeat(digits.length);
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}`;
}

// ---------------------------------------------------------------------------------------------
// Transactions (SPEC sections 2, 3 and 4).
// ---------------------------------------------------------------------------------------------

export const TRANSACTION_TYPES = [
  'WITHDRAWAL',
  'FUNDING',
  'BUY_GAME',
  'SPOOWEALTH',
  'SIGNUP_BONUS',
  'MC_DASAINT_BONUS',
  'SUBSCRIPTION',
  'JOIN_AUTO_TRADA',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['SUCCESS', 'PENDING'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type StatusColour = 'green' | 'orange' | 'grey';

/**
 * Label and colour of a transaction status in the detail: PENDING orange 'Pending', SUCCESS green
 * 'Succesfull' (SPEC's spelling). An unknown status shows as given, in grey.
 */
export function transactionStatusDisplay(status: string): { label: string; colour: StatusColour } {
  if (status === 'PENDING') return { label: 'Pending', colour: 'orange' };
  if (status === 'SUCCESS') return { label: 'Succesfull', colour: 'green' };
  return { label: status, colour: 'grey' };
}

export const TRANSACTIONS_PAGE_STEP = 5;
export const LOAD_MORE_TRANSACTIONS_LABEL = 'Load More +';
export const TRANSACTIONS_END_MESSAGE = 'Thats all your transactions';
export const TRANSACTIONS_EMPTY_MESSAGE = 'You have no transaction at the moment..';
export const VIEW_ALL_TRANSACTIONS_LABEL = 'View All Transactions';

export interface TransactionListView<T> {
  readonly visible: T[];
  /** 'Load More +' is shown. */
  readonly showLoadMore: boolean;
  /** 'Thats all your transactions' once everything is shown (never for an empty list). */
  readonly endMessage: string | null;
  /** 'You have no transaction at the moment..' for an empty list. */
  readonly emptyMessage: string | null;
}

/**
 * The transaction list after `shown` items were requested (start with TRANSACTIONS_PAGE_STEP,
 * add TRANSACTIONS_PAGE_STEP per 'Load More +', see nextTransactionCount).
 */
export function transactionListView<T>(items: readonly T[], shown: number = TRANSACTIONS_PAGE_STEP): TransactionListView<T> {
  const count = Math.max(0, Math.floor(shown));
  if (items.length === 0) {
    return { visible: [], showLoadMore: false, endMessage: null, emptyMessage: TRANSACTIONS_EMPTY_MESSAGE };
  }
  const visible = items.slice(0, count);
  const more = items.length > visible.length;
  return { visible, showLoadMore: more, endMessage: more ? null : TRANSACTIONS_END_MESSAGE, emptyMessage: null };
}

/** How many items to show after one more 'Load More +'. */
export function nextTransactionCount(shown: number): number {
  return Math.max(0, Math.floor(shown)) + TRANSACTIONS_PAGE_STEP;
}

// ---------------------------------------------------------------------------------------------
// Referrals (SPEC sections 2 and 4).
// ---------------------------------------------------------------------------------------------

export const NO_REFERRALS_MESSAGE = 'You have no referral..';

/** Subscribed (green) or Not Subscribed (orange). */
export function referralSubscriptionDisplay(subscribed: boolean): { label: string; colour: StatusColour } {
  return subscribed ? { label: 'Subscribed', colour: 'green' } : { label: 'Not Subscribed', colour: 'orange' };
}

// ---------------------------------------------------------------------------------------------
// Wallet, bank and password messages (SPEC sections 2, 7 and 8).
// ---------------------------------------------------------------------------------------------

export const ACCOUNT_MESSAGES = {
  noBank: 'You dont have any bank added, please add one here',
  topUpVerificationFailed: 'Transaction verification failed. Please try again.',
  topUpSuccess: 'Wow! Your top up was successful',
  withdrawSuccess: 'Congratulations!, Your withdrawal is successfully',
  withdrawError: 'An error occurred while attempting to withdraw.',
  passwordChanged: 'Congratulations!, Your password has changed successfully',
  bankSaved: 'Bank details saved succesfully',
  pinCreated: 'Pin created sucesfully',
  otpSent: 'Code has been sent successfully',
} as const;

// ---------------------------------------------------------------------------------------------
// How-to videos (SPEC sections 2 and 7).
// ---------------------------------------------------------------------------------------------

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * The video id of a YouTube link: watch?v=ID, youtu.be/ID, /embed/ID, /shorts/ID, /live/ID.
 * Returns null for anything else (other hosts, malformed ids, not a URL).
 */
export function youTubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    candidate = url.pathname.split('/')[1] ?? null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') candidate = second ?? null;
  }
  return candidate !== null && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The embed URL of a video id. */
export function youTubeEmbedUrl(videoId: string): string {
  if (!YOUTUBE_ID.test(videoId)) throw new RangeError(`not a YouTube video id: ${videoId}`);
  return `https://www.youtube.com/embed/${videoId}`;
}

export interface HowToVideo {
  readonly title: string;
  readonly watchUrl: string;
}

/**
 * The eight tutorial videos of /how-to, in SPEC's order.
 * PLACEHOLDER ids: SPEC does not give the real videos. Replace the watch links with the product's
 * own uploads; the ids below are well-formed but do not point at the product's tutorials.
 */
export const HOW_TO_VIDEOS: readonly HowToVideo[] = [
  { title: 'Sign-up guide', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0001' },
  { title: 'Introduction', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0002' },
  { title: 'Stake calculator', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0003' },
  { title: 'Over 2.5 strategy 1', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0004' },
  { title: 'Over 2.5 strategy 2', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0005' },
  { title: '4k daily tips', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0006' },
  { title: 'Over 4.5 signal', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0007' },
  { title: 'Punters Hub', watchUrl: 'https://www.youtube.com/watch?v=PLCHLDR0008' },
];
