/**
 * The lazy module behind each route's screen (as src/app/router.tsx imports them). Used at build
 * time to preload the current route's chunks from index.html (vite.config.ts) and by the benchmark.
 * Paths use react-router's ':param' syntax; the preload script matches them as patterns.
 */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  '/login': 'src/features/auth/components/login-page.tsx',
  '/register': 'src/features/auth/components/register-page.tsx',
  // Register with a referral code: the same screen as /register.
  '/referral/:referralCode': 'src/features/auth/components/register-page.tsx',
  '/verify-token': 'src/features/auth/components/verify-token-page.tsx',
  '/forgot-password': 'src/features/auth/components/forgot-password-page.tsx',
  '/change-password': 'src/features/auth/components/change-password-page.tsx',
  '/create-pin': 'src/features/auth/components/create-pin-page.tsx',
  '/subscription': 'src/features/subscription/components/expired-subscription-page.tsx',
  '/privacy-policy': 'src/features/legal/components/privacy-policy-page.tsx',
  '/terms-and-conditions': 'src/features/legal/components/terms-and-conditions-page.tsx',
  '/dashboard': 'src/features/wallet/components/dashboard-page.tsx',
  '/transactions': 'src/features/wallet/components/transactions-page.tsx',
  '/profile': 'src/app/routes/profile.tsx',
  '/reset-pin': 'src/features/auth/components/reset-pin-page.tsx',
  '/save-bank': 'src/features/bank/components/save-bank-page.tsx',
  '/stake-calculator': 'src/features/calculators/components/stake-calculator-page.tsx',
  '/overtwofivecalculator': 'src/features/calculators/components/over-two-five-page.tsx',
};
