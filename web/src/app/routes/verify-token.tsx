export { VerifyTokenPage as Component } from '@/features/auth/components/verify-token-page';
