import { describe, expect, it } from 'vitest';
import { LOGGED_IN_CODES, PROFILE_CODES } from './api/profile';
import {
  LOGIN_CODE_ROUTES,
  ROUTES,
  SESSION_EXPIRED_MESSAGE,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  isLoggedIn,
  isAdminPath,
  isProtectedPath,
  loginOutcome,
  matchRoute,
  needsPinSetup,
  safeReturnTo,
  youTubeEmbedUrl,
  youTubeVideoId,
} from './account';

describe('route table', () => {
  const protectedPaths = [
    '/',
    '/dashboard',
    '/overtwofivecalculator',
    '/signal-4',
    '/stake-calculator',
    '/transactions',
    '/profile',
    '/how-to',
    '/punters-hub',
    '/virtual-analyst',
    '/odd-and-even',
    '/my-games',
    '/punters',
    '/punter/:username',
    '/save-bank',
    '/auto-trada',
    '/pot/:id',
  ];
  const publicPaths = [
    '/register',
    '/subscription',
    '/privacy-policy',
    '/terms-and-conditions',
    '/verify-token',
    '/forgot-password',
    '/login',
    '/create-pin',
    '/referral/:referralCode',
    '/change-password',
  ];
  const routes = Object.values(ROUTES);
  it('lists every route of SPEC section 2 with its access, /reset-pin and /safer-play (behind login) and /safer-gambling (open)', () => {
    expect(
      routes
        .filter((r) => r.access === 'protected')
        .map((r) => r.path)
        .sort(),
    ).toEqual([...protectedPaths, '/reset-pin', '/safer-play'].sort());
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => r.path)
        .sort(),
    ).toEqual([...publicPaths, '/safer-gambling'].sort());
  });
  it('puts the operator console under /admin, role 1 only (issue 16)', () => {
    expect(
      routes
        .filter((r) => r.access === 'admin')
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/admin',
        '/admin/withdrawals',
        '/admin/users',
        '/admin/users/:id',
        '/admin/admins',
        '/admin/transactions',
        '/admin/audit',
        '/admin/reports',
        '/admin/blogs',
        '/admin/gift-cards',
        '/admin/batches',
        '/admin/ads',
        '/admin/crypto',
        '/admin/pots',
        '/admin/codes',
        '/admin/signals',
      ].sort(),
    );
    expect(ROUTES.admin.redirectTo).toBe('/admin/withdrawals');
    expect(matchRoute('/admin/users/u1')).toBe('adminUser');
    expect(isAdminPath('/admin/audit')).toBe(true);
    expect(isAdminPath('/admin/gift-cards')).toBe(true);
    expect(isAdminPath('/dashboard')).toBe(false);
    // A visitor on an admin path goes to /login like any protected route.
    expect(isProtectedPath('/admin/withdrawals')).toBe(true);
  });
  it('redirects / to /dashboard', () => {
    expect(ROUTES.root.redirectTo).toBe('/dashboard');
  });
  it('builds hrefs, encoding parameters', () => {
    expect(ROUTES.dashboard.getHref()).toBe('/dashboard');
    expect(ROUTES.pot.getHref({ id: 42 })).toBe('/pot/42');
    expect(ROUTES.pot.getHref({ id: 'a/b' })).toBe('/pot/a%2Fb');
    expect(ROUTES.punter.getHref({ username: 'ada lovelace' })).toBe('/punter/ada%20lovelace');
    expect(ROUTES.referral.getHref({ referralCode: 'REF123' })).toBe('/referral/REF123');
    expect(() => ROUTES.pot.getHref({ id: '' })).toThrow(RangeError);
  });
  it('matches pathnames to routes', () => {
    expect(matchRoute('/pot/abc')).toBe('pot');
    expect(matchRoute('/pot/abc/')).toBe('pot');
    expect(matchRoute('/pot/abc?tab=1#x')).toBe('pot');
    expect(matchRoute('/pot')).toBeNull();
    expect(matchRoute('/referral/XYZ')).toBe('referral');
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/')).toBe('root');
  });
  it('tells which paths need login', () => {
    expect(isProtectedPath('/dashboard')).toBe(true);
    expect(isProtectedPath('/punter/ada')).toBe(true);
    expect(isProtectedPath('/login')).toBe(false);
    expect(isProtectedPath('/referral/XYZ')).toBe(false);
    expect(isProtectedPath('/nowhere')).toBe(false);
  });
  it('returns to a remembered same-site location only', () => {
    expect(safeReturnTo('/pot/7?x=1')).toBe('/pot/7?x=1');
    expect(safeReturnTo('/signal-4')).toBe('/signal-4');
    expect(safeReturnTo('//evil.example/x')).toBe('/dashboard');
    expect(safeReturnTo('https://evil.example')).toBe('/dashboard');
    expect(safeReturnTo('/\\evil.example')).toBe('/dashboard');
    expect(safeReturnTo('/login')).toBe('/dashboard');
    expect(safeReturnTo('/unknown')).toBe('/dashboard');
    expect(safeReturnTo(undefined)).toBe('/dashboard');
  });
});

describe('login', () => {
  it('sends 200 and 203 to /dashboard, 206 to /change-password, 201 to /verify-token, storing the profile', () => {
    expect(loginOutcome(200)).toEqual({ storeProfile: true, redirectTo: '/dashboard' });
    expect(loginOutcome(203)).toEqual({ storeProfile: true, redirectTo: '/dashboard' });
    expect(loginOutcome(206)).toEqual({ storeProfile: true, redirectTo: '/change-password' });
    expect(loginOutcome(201)).toEqual({ storeProfile: true, redirectTo: '/verify-token' });
    expect(LOGIN_CODE_ROUTES).toEqual({ 200: '/dashboard', 203: '/dashboard', 206: '/change-password', 201: '/verify-token' });
  });
  it('treats any other code as a failure', () => {
    expect(loginOutcome(400)).toEqual({ storeProfile: false, redirectTo: null });
    expect(loginOutcome('200')).toEqual({ storeProfile: false, redirectTo: null });
    expect(loginOutcome(undefined)).toEqual({ storeProfile: false, redirectTo: null });
  });
  it('uses the one LOGGED_IN_CODES definition of api/profile', () => {
    for (const code of LOGGED_IN_CODES) expect(isLoggedIn({ code })).toBe(true);
    for (const code of PROFILE_CODES.filter((c) => !(LOGGED_IN_CODES as readonly number[]).includes(c))) {
      expect(isLoggedIn({ code })).toBe(false);
    }
  });
  it('counts codes 200 and 203 as logged in (ADR 0001), nothing else', () => {
    expect(isLoggedIn({ code: 200, token: 't', data: {} })).toBe(true);
    expect(isLoggedIn({ code: 203, token: 't', data: {} })).toBe(true);
    expect(isLoggedIn({ code: 201 })).toBe(false);
    expect(isLoggedIn({ code: 206 })).toBe(false);
    expect(isLoggedIn({ code: '200' })).toBe(false);
    expect(isLoggedIn({})).toBe(false);
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn('200')).toBe(false);
  });
  it('asks a 203 user to create a PIN', () => {
    expect(needsPinSetup({ code: 203 })).toBe(true);
    expect(needsPinSetup({ code: 200 })).toBe(false);
    expect(needsPinSetup({ code: 201 })).toBe(false);
    expect(needsPinSetup(null)).toBe(false);
  });
  it('has the message of an ended admin session', () => {
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session has expired !');
  });
});

describe('transactions', () => {
  it('lists the SPEC types first, then the escrow and pot types, and the statuses', () => {
    expect(TRANSACTION_TYPES.slice(0, 8)).toEqual([
      'WITHDRAWAL',
      'FUNDING',
      'BUY_GAME',
      'SPOOWEALTH',
      'SIGNUP_BONUS',
      'MC_DASAINT_BONUS',
      'SUBSCRIPTION',
      'JOIN_AUTO_TRADA',
    ]);
    // Not in SPEC: the Punters Hub's escrow (ADR 0011) and the pots' payout and result (ADR 0013).
    expect(TRANSACTION_TYPES.slice(8).sort()).toEqual(['ESCROW_RELEASE', 'POT_PAYOUT', 'POT_RESULT', 'REFUND']);
    expect([...TRANSACTION_STATUSES]).toEqual(['SUCCESS', 'PENDING']);
  });
});

describe('YouTube', () => {
  it('parses the id of watch, short, embed and shorts links', () => {
    expect(youTubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId(' https://youtu.be/dQw4w9WgXcQ?si=abc ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('http://www.youtube.com/live/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });
  it('refuses other hosts, bad ids and non-links', () => {
    expect(youTubeVideoId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youTubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youTubeVideoId('https://www.youtube.com/watch')).toBeNull();
    expect(youTubeVideoId('https://www.youtube.com/channel/dQw4w9WgXcQ')).toBeNull();
    expect(youTubeVideoId('https://youtu.be/')).toBeNull();
    expect(youTubeVideoId('https://www.youtube.com/embed')).toBeNull();
    expect(youTubeVideoId('ftp://youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(youTubeVideoId('javascript:alert(1)')).toBeNull();
    expect(youTubeVideoId('not a url')).toBeNull();
  });
  it('builds the embed URL of a valid id only', () => {
    expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(() => youTubeEmbedUrl('"><script>')).toThrow(RangeError);
  });
});
