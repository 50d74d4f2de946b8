export { ResetPinPage as Component } from '@/features/auth/components/reset-pin-page';
