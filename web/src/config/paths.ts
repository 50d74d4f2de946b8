/**
 * The route table: core's ROUTES (SPEC section 2, one path and getHref() per route, with its
 * access), plus the login link that remembers where a visitor was going.
 */
import { ROUTES } from '@punter/core/account';

export const REDIRECT_PARAM = 'redirectTo';

export const paths = {
  ...ROUTES,
  login: {
    ...ROUTES.login,
    getHref: (redirectTo?: string) =>
      redirectTo ? `${ROUTES.login.path}?${REDIRECT_PARAM}=${encodeURIComponent(redirectTo)}` : ROUTES.login.path,
  },
} as const;
