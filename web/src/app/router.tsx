/**
 * The one router: every route lazy, each with its own error boundary. Protected routes sit
 * under RequireAuth + AppLayout; the auth pages under AuthShell; the catch-all 'Page not found'
 * under NotFoundShell (the app's frame when signed in, else AuthShell's); the legal pages stand alone.
 * Routes of later issues (signal, punters hub, pots, ...) are added by those issues.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@/app/app-layout';
import { AuthShell } from '@/app/auth-shell';
import { NotFoundShell } from '@/app/not-found-shell';
import { RequireAuth } from '@/app/require-auth';
import { RootShell } from '@/app/root-shell';
import { RouteError } from '@/components/error-boundary';
import { paths } from '@/config/paths';

const withBoundary = (route: RouteObject): RouteObject => ({ ...route, errorElement: <RouteError /> });

const protectedRoutes: RouteObject[] = [
  {
    path: paths.dashboard.path,
    lazy: async () => ({ Component: (await import('@/features/wallet/components/dashboard-page')).DashboardPage }),
  },
  {
    path: paths.transactions.path,
    lazy: async () => ({ Component: (await import('@/features/wallet/components/transactions-page')).TransactionsPage }),
  },
  {
    path: paths.profile.path,
    lazy: async () => ({ Component: (await import('@/app/routes/profile')).ProfileRoute }),
  },
  {
    path: paths.resetPin.path,
    lazy: async () => ({ Component: (await import('@/features/auth/components/reset-pin-page')).ResetPinPage }),
  },
  {
    path: paths.saveBank.path,
    lazy: async () => ({ Component: (await import('@/features/bank/components/save-bank-page')).SaveBankPage }),
  },
  {
    path: paths.stakeCalculator.path,
    lazy: async () => ({
      Component: (await import('@/features/calculators/components/stake-calculator-page')).StakeCalculatorPage,
    }),
  },
  {
    path: paths.overTwoFiveCalculator.path,
    lazy: async () => ({
      Component: (await import('@/features/calculators/components/over-two-five-page')).OverTwoFivePage,
    }),
  },
].map(withBoundary);

const authRoutes: RouteObject[] = [
  { path: paths.login.path, lazy: async () => ({ Component: (await import('@/features/auth/components/login-page')).LoginPage }) },
  {
    path: paths.register.path,
    lazy: async () => ({ Component: (await import('@/features/auth/components/register-page')).RegisterPage }),
  },
  {
    path: paths.referral.path,
    lazy: async () => ({ Component: (await import('@/features/auth/components/register-page')).RegisterPage }),
  },
  {
    path: paths.verifyToken.path,
    lazy: async () => ({ Component: (await import('@/features/auth/components/verify-token-page')).VerifyTokenPage }),
  },
  {
    path: paths.forgotPassword.path,
    lazy: async () => ({
      Component: (await import('@/features/auth/components/forgot-password-page')).ForgotPasswordPage,
    }),
  },
  {
    path: paths.changePassword.path,
    lazy: async () => ({
      Component: (await import('@/features/auth/components/change-password-page')).ChangePasswordPage,
    }),
  },
  {
    path: paths.createPin.path,
    lazy: async () => ({ Component: (await import('@/features/auth/components/create-pin-page')).CreatePinPage }),
  },
  {
    path: paths.subscription.path,
    lazy: async () => ({
      Component: (await import('@/features/subscription/components/expired-subscription-page')).ExpiredSubscriptionPage,
    }),
  },
].map(withBoundary);

// Unknown paths: 'Page not found' for visitors and users alike (core: unknown paths are not protected, they 404).
const notFoundRoute = withBoundary({ path: '*', lazy: async () => ({ Component: (await import('@/app/not-found-page')).NotFoundPage }) });

const legalRoutes: RouteObject[] = [
  {
    path: paths.privacyPolicy.path,
    lazy: async () => ({ Component: (await import('@/features/legal/components/privacy-policy-page')).PrivacyPolicyPage }),
  },
  {
    path: paths.termsAndConditions.path,
    lazy: async () => ({
      Component: (await import('@/features/legal/components/terms-and-conditions-page')).TermsAndConditionsPage,
    }),
  },
].map(withBoundary);

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      { path: paths.root.path, element: <Navigate to={paths.dashboard.getHref()} replace /> },
      { element: <AuthShell />, errorElement: <RouteError />, children: authRoutes },
      ...legalRoutes,
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        errorElement: <RouteError />,
        children: protectedRoutes,
      },
      { element: <NotFoundShell />, errorElement: <RouteError />, children: [notFoundRoute] },
    ],
  },
];

export const router = createBrowserRouter(routes);
