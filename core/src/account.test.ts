import { describe, expect, it } from 'vitest';
import { LOGGED_IN_CODES, PROFILE_CODES } from './api/profile';
import {
  ACCOUNT_MESSAGES,
  HOW_TO_VIDEOS,
  LOAD_MORE_TRANSACTIONS_LABEL,
  LOGIN_CODE_ROUTES,
  NO_REFERRALS_MESSAGE,
  ROUTES,
  SESSION_EXPIRED_MESSAGE,
  TRANSACTIONS_EMPTY_MESSAGE,
  TRANSACTIONS_END_MESSAGE,
  TRANSACTIONS_PAGE_STEP,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  VIEW_ALL_TRANSACTIONS_LABEL,
  isLoggedIn,
  isProtectedPath,
  loginOutcome,
  maskPhone,
  matchRoute,
  needsPinSetup,
  nextTransactionCount,
  referralLinkDisplay,
  referralSubscriptionDisplay,
  safeReturnTo,
  transactionListView,
  transactionStatusDisplay,
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
  it('lists every route of SPEC section 2 with its access, and /reset-pin (behind login)', () => {
    expect(routes.filter((r) => r.access === 'protected').map((r) => r.path).sort()).toEqual([...protectedPaths, '/reset-pin'].sort());
    expect(routes.filter((r) => r.access === 'public').map((r) => r.path).sort()).toEqual([...publicPaths].sort());
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

describe('display helpers', () => {
  it('truncates the referral link to 10 lowercased characters plus an ellipsis', () => {
    expect(referralLinkDisplay('https://Punter.NG/referral/ABC123')).toBe('https://pu...');
    expect(referralLinkDisplay('ABCDEFGHIJK')).toBe('abcdefghij...');
    expect(referralLinkDisplay('ABCDEFGHIJ')).toBe('abcdefghij');
    expect(referralLinkDisplay(null)).toBe('');
    expect(referralLinkDisplay(undefined)).toBe('');
  });
  it('masks the phone: first 3 digits, stars, last 2', () => {
    expect(maskPhone('08012345678')).toBe('080******78');
    // Stored as 234..., shown as the punter typed it: 080...
    expect(maskPhone('+234 801 234 5678')).toBe('080******78');
    expect(maskPhone('2348012345678')).toBe('080******78');
    expect(maskPhone('+44 20 7946 0958')).toBe('442*******58');
    expect(maskPhone('123456')).toBe('123*56');
    expect(maskPhone('12345')).toBe('*****');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});

describe('transactions', () => {
  const items = Array.from({ length: 12 }, (_, i) => `t${i + 1}`);
  it('lists the SPEC types and statuses', () => {
    expect([...TRANSACTION_TYPES]).toEqual([
      'WITHDRAWAL',
      'FUNDING',
      'BUY_GAME',
      'SPOOWEALTH',
      'SIGNUP_BONUS',
      'MC_DASAINT_BONUS',
      'SUBSCRIPTION',
      'JOIN_AUTO_TRADA',
    ]);
    expect([...TRANSACTION_STATUSES]).toEqual(['SUCCESS', 'PENDING']);
  });
  it('labels PENDING orange Pending and SUCCESS green Succesfull', () => {
    expect(transactionStatusDisplay('PENDING')).toEqual({ label: 'Pending', colour: 'orange' });
    expect(transactionStatusDisplay('SUCCESS')).toEqual({ label: 'Succesfull', colour: 'green' });
    expect(transactionStatusDisplay('FAILED')).toEqual({ label: 'FAILED', colour: 'grey' });
  });
  it('shows 5 at first with Load More +', () => {
    const view = transactionListView(items);
    expect(view.visible).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(view).toMatchObject({ showLoadMore: true, endMessage: null, emptyMessage: null });
    expect(TRANSACTIONS_PAGE_STEP).toBe(5);
    expect(LOAD_MORE_TRANSACTIONS_LABEL).toBe('Load More +');
    expect(VIEW_ALL_TRANSACTIONS_LABEL).toBe('View All Transactions');
  });
  it("adds 5 per Load More + and ends with 'Thats all your transactions'", () => {
    const second = nextTransactionCount(5);
    expect(second).toBe(10);
    expect(transactionListView(items, second).visible).toHaveLength(10);
    expect(transactionListView(items, second).showLoadMore).toBe(true);
    const third = transactionListView(items, nextTransactionCount(second));
    expect(third.visible).toHaveLength(12);
    expect(third).toMatchObject({ showLoadMore: false, endMessage: 'Thats all your transactions', emptyMessage: null });
    expect(TRANSACTIONS_END_MESSAGE).toBe('Thats all your transactions');
  });
  it('ends at exactly 5 without Load More +', () => {
    expect(transactionListView(items.slice(0, 5))).toMatchObject({ showLoadMore: false, endMessage: 'Thats all your transactions' });
    expect(transactionListView(items.slice(0, 3)).visible).toHaveLength(3);
  });
  it("shows 'You have no transaction at the moment..' when empty", () => {
    expect(transactionListView([])).toEqual({
      visible: [],
      showLoadMore: false,
      endMessage: null,
      emptyMessage: 'You have no transaction at the moment..',
    });
    expect(TRANSACTIONS_EMPTY_MESSAGE).toBe('You have no transaction at the moment..');
  });
  it('treats a negative or fractional count sanely', () => {
    expect(transactionListView(items, -3).visible).toEqual([]);
    expect(transactionListView(items, 6.9).visible).toHaveLength(6);
    expect(nextTransactionCount(-1)).toBe(5);
  });
});

describe('referrals', () => {
  it('labels subscription Subscribed green or Not Subscribed orange', () => {
    expect(referralSubscriptionDisplay(true)).toEqual({ label: 'Subscribed', colour: 'green' });
    expect(referralSubscriptionDisplay(false)).toEqual({ label: 'Not Subscribed', colour: 'orange' });
    expect(NO_REFERRALS_MESSAGE).toBe('You have no referral..');
  });
});

describe('wallet and account messages', () => {
  it('carry the SPEC wording, typos included', () => {
    expect(ACCOUNT_MESSAGES).toEqual({
      noBank: 'You dont have any bank added, please add one here',
      topUpVerificationFailed: 'Transaction verification failed. Please try again.',
      topUpSuccess: 'Wow! Your top up was successful',
      withdrawSuccess: 'Congratulations!, Your withdrawal is successfully',
      withdrawError: 'An error occurred while attempting to withdraw.',
      passwordChanged: 'Congratulations!, Your password has changed successfully',
      bankSaved: 'Bank details saved succesfully',
      pinCreated: 'Pin created sucesfully',
      otpSent: 'Code has been sent successfully',
    });
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
    expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(() => youTubeEmbedUrl('"><script>')).toThrow(RangeError);
  });
  it('lists the 8 how-to videos in SPEC order, each with a parseable id', () => {
    expect(HOW_TO_VIDEOS.map((v) => v.title)).toEqual([
      'Sign-up guide',
      'Introduction',
      'Stake calculator',
      'Over 2.5 strategy 1',
      'Over 2.5 strategy 2',
      '4k daily tips',
      'Over 4.5 signal',
      'Punters Hub',
    ]);
    const ids = HOW_TO_VIDEOS.map((v) => youTubeVideoId(v.watchUrl));
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(8);
  });
});
