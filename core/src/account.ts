/**
 * Account rules (SPEC sections 2, 3, 4 and 6): the route table, login result codes and the logged-in rule,
 * the transaction types and statuses, the how-to videos. Pure data and functions: no Firebase, no DOM.
 * How the screens show them (labels, paging, masking) lives in the web features that show them.
 */
import { isLoggedInCode } from './api/profile';

// ---------------------------------------------------------------------------------------------
// Routes (SPEC section 2). Paths use react-router's ':param' syntax; getHref builds a real URL.
// ---------------------------------------------------------------------------------------------

/** protected: any signed-in user; admin: role 1 only (the operator console, issue 16); public: anyone. */
export type RouteAccess = 'protected' | 'admin' | 'public';

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
  /** Not in SPEC: limits, a break and self-exclusion (ADR 0019). */
  saferPlay: route('/safer-play', 'protected'),
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
  /** Not in SPEC (issue 17): signs of a problem, the safer-play tools and support contacts; open to all. */
  saferGambling: route('/safer-gambling', 'public'),
  // The operator console (not in SPEC; issue 16, ADR 0017): role 1 only, its code never loaded for anyone else.
  /** '/admin' redirects to the withdrawal queue. */
  admin: { ...route('/admin', 'admin'), redirectTo: '/admin/withdrawals' },
  adminWithdrawals: route('/admin/withdrawals', 'admin'),
  adminUsers: route('/admin/users', 'admin'),
  adminUser: {
    path: '/admin/users/:id',
    access: 'admin',
    getHref: ({ id }: { id: string }) => `/admin/users/${segment(id)}`,
  },
  adminAdmins: route('/admin/admins', 'admin'),
  adminTransactions: route('/admin/transactions', 'admin'),
  adminAudit: route('/admin/audit', 'admin'),
  // Reports and content (issue 16, ADR 0023).
  adminReports: route('/admin/reports', 'admin'),
  adminBlogs: route('/admin/blogs', 'admin'),
  adminGiftCards: route('/admin/gift-cards', 'admin'),
  adminBatches: route('/admin/batches', 'admin'),
  adminAds: route('/admin/ads', 'admin'),
  adminCrypto: route('/admin/crypto', 'admin'),
  // Pots, betting codes and signals (ADR 0022).
  adminPots: route('/admin/pots', 'admin'),
  adminCodes: route('/admin/codes', 'admin'),
  adminSignals: route('/admin/signals', 'admin'),
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

/** True when the pathname is a protected (or admin) route. Unknown paths are not protected (they 404). */
export function isProtectedPath(pathname: string): boolean {
  const name = matchRoute(pathname);
  return name !== null && ROUTES[name].access !== 'public';
}

/** True when the pathname belongs to the operator console (role 1 only). */
export function isAdminPath(pathname: string): boolean {
  const name = matchRoute(pathname);
  return name !== null && ROUTES[name].access === 'admin';
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

/**
 * The provider's answers to a registration that clashes with an account (409), by the form field they are
 * about: the register screen shows each under its field, on the step that field is on (issue 34). The words
 * are the register call's own: no new call says whether an account exists.
 */
export const REGISTER_CONFLICTS = {
  email: 'An account with this email already exists',
  username: 'This username is already taken',
  phone_number: 'An account with this phone number already exists',
} as const;
export type RegisterConflictField = keyof typeof REGISTER_CONFLICTS;

/** The form field a register failure message is about, or null for any other message. */
export function registerConflictField(message: string): RegisterConflictField | null {
  const fields = Object.keys(REGISTER_CONFLICTS) as RegisterConflictField[];
  return fields.find((field) => REGISTER_CONFLICTS[field] === message) ?? null;
}

/** Shown on a 403 from the admin list, which also clears the profile. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired !';

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
  // Not in SPEC: a paid code's escrow paid to its punter when it lands (Boom), and a buyer's refund
  // when it fails (Cut) or is never settled (Ended); ADR 0011.
  'ESCROW_RELEASE',
  'REFUND',
  // A due pot's capital plus the participant's share of the manager's result (ADR 0013).
  'POT_PAYOUT',
  // The manager's result booked between the house and a pot's account; on no wallet's statement.
  'POT_RESULT',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['SUCCESS', 'PENDING'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// How-to videos (SPEC sections 2 and 7).
// ---------------------------------------------------------------------------------------------

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

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

/** The embed URL of a video id, on YouTube's privacy-enhanced domain (no cookies until the video plays). */
export function youTubeEmbedUrl(videoId: string): string {
  if (!YOUTUBE_ID.test(videoId)) throw new RangeError(`not a YouTube video id: ${videoId}`);
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}
