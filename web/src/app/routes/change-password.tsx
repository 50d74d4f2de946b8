export { ChangePasswordPage as Component } from '@/features/auth/components/change-password-page';
